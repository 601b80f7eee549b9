import type { Review } from '@shop/shared';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';

/** The testimonials show the newest reviews; older ones stay stored. */
const REVIEWS_SHOWN = 30;

export function createReviewsService(db: Kysely<Database>) {
  return {
    async list(): Promise<Review[]> {
      const rows = await db
        .selectFrom('reviews')
        .selectAll()
        .orderBy('created_at', 'desc')
        .orderBy('id')
        .limit(REVIEWS_SHOWN)
        .execute();
      return rows.map((row) => ({
        _id: row.id,
        review: row.review,
        description: row.description,
        img: row.img,
        name: row.name,
        location: row.location,
      }));
    },
  };
}

export type ReviewsService = ReturnType<typeof createReviewsService>;
