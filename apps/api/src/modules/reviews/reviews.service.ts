import type { Review, ReviewInput } from '@shop/shared';
import type { Kysely } from 'kysely';
import type { CurrentUser } from '../../auth/identity';
import type { Database, ReviewRow } from '../../db/schema';

/** The testimonials show the newest reviews; older ones stay stored. */
const REVIEWS_SHOWN = 30;

const toReview = (row: ReviewRow): Review => ({
  _id: row.id,
  review: row.review,
  description: row.description,
  img: row.img,
  name: row.name,
  location: row.location,
});

export function createReviewsService(
  db: Kysely<Database>,
  /** Told after a review is added: the page of the part it names shows it (app.ts). */
  onChange: () => void = () => {},
) {
  return {
    /** The author is the caller's account (not their email): it stays theirs alone. */
    async create(input: ReviewInput, author: CurrentUser): Promise<Review> {
      const row = await db
        .insertInto('reviews')
        .values({ ...input, user_id: author.id })
        .returningAll()
        .executeTakeFirstOrThrow();
      onChange();
      return toReview(row);
    },

    async list(): Promise<Review[]> {
      const rows = await db
        .selectFrom('reviews')
        .selectAll()
        .orderBy('created_at', 'desc')
        .orderBy('id')
        .limit(REVIEWS_SHOWN)
        .execute();
      return rows.map(toReview);
    },
  };
}

export type ReviewsService = ReturnType<typeof createReviewsService>;
