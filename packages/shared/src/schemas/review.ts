import { z } from 'zod';
import { REVIEW_NAME_MAX } from '../constants';

/** A customer review as shown in the testimonials (SPEC.md section 3). */
export const ReviewSchema = z.object({
  _id: z.string(),
  review: z.string(),
  description: z.string(),
  img: z.string(),
  name: z.string().max(REVIEW_NAME_MAX),
  location: z.string(),
});
export type Review = z.infer<typeof ReviewSchema>;
