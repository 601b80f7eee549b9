import { z } from 'zod';
import { noControlCharacters } from './text';

/** What a product image's alternative text may be: a line a screen reader says. */
const altText = z
  .string()
  .check(noControlCharacters('Alt text'))
  .trim()
  .min(1, 'Alt text is required')
  .max(200, 'Alt text must be at most 200 characters');

/**
 * One product image as pages show it (issue 34): in the part's order, with its alt text, the
 * size of its original (the box a page reserves), `src` (a JPEG, for what reads no srcset) and,
 * per format, best first, the `srcset` of its widths: a `<picture>`'s `<source>`s as they are.
 */
export const PartImageSchema = z
  .object({
    id: z.uuid(),
    position: z.number().int(),
    alt: z.string(),
    width: z.number().int(),
    height: z.number().int(),
    src: z.string(),
    sources: z.array(
      z.object({
        type: z.enum(['image/avif', 'image/webp', 'image/jpeg']),
        srcset: z.string(),
      }),
    ),
  })
  .meta({ id: 'PartImage' });
export type PartImage = z.infer<typeof PartImageSchema>;

/** The text half of `POST /api/tools/{id}/images` (multipart: `file` and `alt`). */
export const PartImageUploadFieldsSchema = z.object({ alt: altText });

/** `PATCH /api/tools/{id}/images/{imageId}`: new alt text, a new place (1 is first), or both. */
export const PartImageUpdateSchema = z
  .object({
    alt: altText.optional(),
    position: z.number().int().min(1).max(1000).optional(),
  })
  .strict()
  .meta({ id: 'PartImageUpdate' });
export type PartImageUpdate = z.infer<typeof PartImageUpdateSchema>;
