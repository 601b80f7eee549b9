import { messages, ReviewInputSchema } from '@shop/shared';
import { Hono, type MiddlewareHandler } from 'hono';
import type { AuthedEnv } from '../../auth/guards';
import { validate } from '../../lib/validation';
import type { ReviewsService } from './reviews.service';

export const reviewsRoutes = (reviews: ReviewsService, signedIn: MiddlewareHandler<AuthedEnv>) =>
  new Hono<AuthedEnv>()
    .get('/', async (c) => c.json(await reviews.list()))
    .post('/', signedIn, validate('json', ReviewInputSchema), async (c) =>
      c.json(
        {
          ...(await reviews.create(c.req.valid('json'), c.var.user)),
          message: messages.success.reviewAdded,
        },
        201,
      ),
    );
