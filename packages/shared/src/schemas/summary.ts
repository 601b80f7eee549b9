import { z } from 'zod';

/** One figure of the "Our Business" section (SPEC.md section 3). */
export const SummaryItemSchema = z
  .object({
    _id: z.string(),
    img: z.string(),
    description: z.string(),
    number: z.number().int(),
  })
  .meta({ id: 'SummaryItem' });
export type SummaryItem = z.infer<typeof SummaryItemSchema>;
