import { z } from 'zod';
import { TOOL_PAGE_SIZE_DEFAULT, TOOL_PAGE_SIZE_MAX } from '../constants';

/** A tool as the API returns it (SPEC.md section 3); `price` is dollars per unit. */
export const ToolSchema = z.object({
  _id: z.string(),
  name: z.string(),
  img: z.string(),
  description: z.string(),
  minOrderQuantity: z.number().int(),
  availableQuantity: z.number().int(),
  price: z.number(),
});
export type Tool = z.infer<typeof ToolSchema>;

/** Query of `GET /api/tools`: an optional name search, paged on the server. */
export const ToolListQuerySchema = z
  .object({
    search: z.string().trim().max(100).optional(),
    page: z.coerce.number().int().min(1).max(100_000).default(1),
    limit: z.coerce.number().int().min(1).default(TOOL_PAGE_SIZE_DEFAULT),
  })
  .strict()
  .transform((query) => ({ ...query, limit: Math.min(query.limit, TOOL_PAGE_SIZE_MAX) }));
export type ToolListQuery = z.infer<typeof ToolListQuerySchema>;
