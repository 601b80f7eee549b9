export { reviewsRoutes } from './reviews.routes';
export { createReviewsService } from './reviews.service';
