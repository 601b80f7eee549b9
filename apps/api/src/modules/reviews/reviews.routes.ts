import { Hono } from 'hono';
import type { ReviewsService } from './reviews.service';

export const reviewsRoutes = (reviews: ReviewsService) =>
  new Hono().get('/', async (c) => c.json(await reviews.list()));
