import { z } from 'zod';
import { TOOL_NAME_MAX, TOOL_PAGE_SIZE_DEFAULT } from '../constants';
import { clampLimit, pagingFields } from './paging';
import { PART_CONDITIONS, PART_NUMBER_KINDS } from './part';
import { noControlCharacters } from './text';

/** A number printed on a part or listed by its maker, as typed. */
export const PartNumberSchema = z
  .object({ kind: z.enum(PART_NUMBER_KINDS), maker: z.string(), number: z.string() })
  .meta({ id: 'PartNumber' });
export type PartNumber = z.infer<typeof PartNumberSchema>;

/**
 * A tool as the API returns it (docs/product.md, Things and their fields); `price` is dollars per
 * unit. The spec's seven fields, then the parts catalogue's (issue 33).
 */
export const ToolSchema = z
  .object({
    _id: z.string(),
    name: z.string(),
    img: z.string(),
    description: z.string(),
    minOrderQuantity: z.number().int(),
    availableQuantity: z.number().int(),
    price: z.number(),
    sku: z.string(),
    category: z.object({ slug: z.string(), name: z.string() }),
    brand: z.string(),
    condition: z.enum(PART_CONDITIONS),
    weightGrams: z.number().int(),
    partNumbers: z.array(PartNumberSchema),
  })
  .meta({ id: 'Tool' });
export type Tool = z.infer<typeof ToolSchema>;

/** `POST /api/tools`: the tool as stored, and the message the form shows. */
export const ToolCreatedSchema = ToolSchema.extend({ message: z.string() });

/** `DELETE /api/tools/{id}`: a tool with orders is retired (hidden), one without is erased. */
export const ToolRemovedSchema = z.object({ deletedCount: z.literal(1), retired: z.boolean() });

/**
 * Query of `GET /api/tools`: an optional name search, paged on the server. `retired=true` (admins
 * only, for Manage Tools) lists the retired tools instead of those on sale.
 */
export const ToolListQuerySchema = z
  .object({
    search: z.string().check(noControlCharacters('Search')).trim().max(100).optional(),
    retired: z
      .enum(['true', 'false'])
      .transform((value) => value === 'true')
      .optional(),
    ...pagingFields(TOOL_PAGE_SIZE_DEFAULT),
  })
  .strict()
  .transform(clampLimit);
export type ToolListQuery = z.infer<typeof ToolListQuerySchema>;

const wholeNumber = (label: string, min: number) =>
  z
    .number({ error: `${label} is required` })
    .int(`${label} must be a whole number`)
    .min(min, `${label} must be at least ${min}`)
    .max(1_000_000, `${label} must be at most 1000000`);

export const ToolNameSchema = z
  .string({ error: 'Name is required' })
  .check(noControlCharacters('Name'))
  .trim()
  .min(1, 'Name is required')
  .max(TOOL_NAME_MAX, `Name must have at most ${TOOL_NAME_MAX} characters`);

export const ImageUrlSchema = z
  .string({ error: 'Image URL is required' })
  .check(noControlCharacters('Image URL'))
  .trim()
  .min(1, 'Image URL is required')
  .max(2000, 'Image URL is too long')
  .refine((value) => /^https?:\/\/\S+$/i.test(value) || /^\/images\/[\w./-]+$/.test(value), {
    message: 'Provide a valid image URL (http or https)',
  });

/** Within a millionth of a whole number of cents: 0.1 * 100 is 10.000000000000002 in floating point. */
const isWholeCents = (value: number) => Math.abs(value * 100 - Math.round(value * 100)) < 1e-6;

export const PriceSchema = z
  .number({ error: 'Price is required' })
  .positive('Price must be above 0')
  .max(100_000, 'Price must be at most 100000')
  .refine(isWholeCents, { message: 'Price can have at most 2 decimals' })
  // A whole number of cents, but none: a positive price within a millionth of 0 cents (5e-324)
  // would be stored as 0.
  .refine((value) => value <= 0 || !isWholeCents(value) || Math.round(value * 100) >= 1, {
    message: 'Price must be above 0',
  });

export const DescriptionSchema = z
  .string({ error: 'Description is required' })
  .check(noControlCharacters('Description', 'multi-line'))
  .trim()
  .min(1, 'Description is required')
  .max(2000, 'Description must have at most 2000 characters');

/** Add Tool (docs/product.md, Validation), the same rules in the form and in `POST /api/tools`. */
export const ToolInputSchema = z
  .object({
    name: ToolNameSchema,
    description: DescriptionSchema,
    minOrderQuantity: wholeNumber('Minimum order quantity', 1),
    availableQuantity: wholeNumber('Available quantity', 0),
    price: PriceSchema,
    img: ImageUrlSchema,
  })
  .strict();
export type ToolInput = z.infer<typeof ToolInputSchema>;

/** Manage Tools, in place: price, stock and description (`PATCH /api/tools/{id}`). */
export const ToolUpdateSchema = z
  .object({
    price: PriceSchema.optional(),
    availableQuantity: wholeNumber('Available quantity', 0).optional(),
    description: DescriptionSchema.optional(),
  })
  .strict()
  .refine((update) => Object.keys(update).length > 0, { message: 'Nothing to update' });
export type ToolUpdate = z.infer<typeof ToolUpdateSchema>;
