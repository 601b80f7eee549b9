import { z } from 'zod';
import { REVIEW_NAME_MAX } from '../constants';
import { noControlCharacters } from './text';
import { ImageUrlSchema } from './tool';

/** A customer review as shown in the testimonials (docs/product.md, Things and their fields). */
export const ReviewSchema = z
  .object({
    _id: z.string(),
    review: z.string(),
    description: z.string(),
    img: z.string(),
    name: z.string().max(REVIEW_NAME_MAX),
    location: z.string(),
  })
  .meta({ id: 'Review' });
export type Review = z.infer<typeof ReviewSchema>;

/** Add A Review (docs/product.md, Validation): the form and `POST /api/reviews` share it. */
export const ReviewInputSchema = z
  .object({
    name: z
      .string({ error: 'Name is required' })
      .check(noControlCharacters('Name'))
      .trim()
      .min(1, 'Name is required')
      .max(REVIEW_NAME_MAX, `Name must have at most ${REVIEW_NAME_MAX} characters`),
    review: z
      .string({ error: 'Tool name is required' })
      .check(noControlCharacters('Tool name'))
      .trim()
      .min(1, 'Tool name is required')
      .max(100, 'Tool name must have at most 100 characters'),
    location: z
      .string({ error: 'Location is required' })
      .check(noControlCharacters('Location'))
      .trim()
      .min(1, 'Location is required')
      .max(100, 'Location must have at most 100 characters'),
    description: z
      .string({ error: 'Description is required' })
      .check(noControlCharacters('Description', 'multi-line'))
      .trim()
      .min(1, 'Description is required')
      .max(1000, 'Description must have at most 1000 characters'),
    img: ImageUrlSchema,
  })
  .strict();
export type ReviewInput = z.infer<typeof ReviewInputSchema>;

/** `POST /api/reviews`: the review as stored, and the message the form shows. */
export const ReviewCreatedSchema = ReviewSchema.extend({ message: z.string() });
