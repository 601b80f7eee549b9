import { z } from 'zod';

/** One figure of the "Our Business" section (docs/product.md, Things and their fields). */
export const SummaryItemSchema = z
  .object({
    _id: z.string(),
    img: z.string(),
    description: z.string(),
    number: z.number().int(),
  })
  .meta({ id: 'SummaryItem' });
export type SummaryItem = z.infer<typeof SummaryItemSchema>;
