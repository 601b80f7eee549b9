import { messages, ReviewCreatedSchema, ReviewInputSchema, ReviewSchema } from '@shop/shared';
import type { MiddlewareHandler } from 'hono';
import { z } from 'zod';
import type { AuthedEnv } from '../../auth/guards';
import { defineRoute, errors, json, jsonBody, routesOf, bearer } from '../../lib/openapi';
import type { ReviewsService } from './reviews.service';

const listReviews = defineRoute({
  method: 'get',
  path: '/',
  tags: ['Reviews'],
  summary: "Customers' reviews (the testimonials)",
  responses: { 200: json(z.array(ReviewSchema), 'The reviews') },
});

const addReview = defineRoute({
  method: 'post',
  path: '/',
  tags: ['Reviews'],
  summary: 'Add a review',
  security: bearer,
  request: { body: jsonBody(ReviewInputSchema) },
  responses: { 201: json(ReviewCreatedSchema, 'Added'), ...errors(400, 401, 415) },
});

export const reviewsRoutes = (reviews: ReviewsService, signedIn: MiddlewareHandler<AuthedEnv>) =>
  routesOf<AuthedEnv>()
    .openapi(listReviews, async (c) => c.json(await reviews.list(), 200))
    .openapi({ ...addReview, middleware: signedIn }, async (c) =>
      c.json(
        {
          ...(await reviews.create(c.req.valid('json'), c.var.user)),
          message: messages.success.reviewAdded,
        },
        201,
      ),
    );
