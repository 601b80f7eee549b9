import { z } from 'zod';
import { TOOL_NAME_MAX, TOOL_PAGE_SIZE_DEFAULT, TOOL_TITLE_MAX } from '../constants';
import { clampLimit, pagingFields } from './paging';
import { normalisePartNumber, PART_CONDITIONS, PART_NUMBER_KINDS } from './part';
import { SHIPPING_CLASSES, ShippingClassSchema } from './shipping';
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
    /** The full title (issue 49); the name when the part has none. */
    title: z.string(),
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
    /** How it travels (issue 35): standard, lithium battery or oversized. */
    shippingClass: z.enum(SHIPPING_CLASSES),
    partNumbers: z.array(PartNumberSchema),
  })
  .meta({ id: 'Tool' });
export type Tool = z.infer<typeof ToolSchema>;

/**
 * A tool in a page of `GET /api/tools`: the tool and how many laptop models it fits, so Manage
 * Tools says "Fits N models" without asking each row's models (`GET /api/tools/{id}/fits`).
 */
export const ListedToolSchema = ToolSchema.extend({ fitsCount: z.number().int() }).meta({
  id: 'ListedTool',
});
export type ListedTool = z.infer<typeof ListedToolSchema>;

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

/**
 * A part's full title beside the spec's short name (issue 49): optional, at most
 * `TOOL_TITLE_MAX` characters once trimmed; empty means none, and the name stands in.
 */
export const ToolTitleSchema = z
  .string({ error: 'Title must be text' })
  .check(noControlCharacters('Title'))
  .trim()
  .max(TOOL_TITLE_MAX, `Title must have at most ${TOOL_TITLE_MAX} characters`);

/** What a part is called where a title is shown: its title, or its name when it has none. */
export const titleOf = (part: { name: string; title: string | null }) =>
  part.title?.trim() ? part.title : part.name;

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

/** The parts catalogue's limits on a tool (issue 33; migration 0021's checks agree). */
export const SKU_MAX = 40;
export const PART_BRAND_MAX = 40;
export const PART_NUMBER_TEXT_MAX = 40;
export const PART_NUMBERS_MAX = 20;
export const WEIGHT_GRAMS_MAX = 100_000;
/** How many laptop models one part may be said to fit in one request. */
export const FITS_MAX = 500;

/** One line of text an admin types, trimmed: required once sent, at most `max` characters. */
const partText = (label: string, max: number) =>
  z
    .string({ error: `${label} must be text` })
    .check(noControlCharacters(label))
    .trim()
    .min(1, `${label} cannot be empty`)
    .max(max, `${label} must have at most ${max} characters`);

/** A stock-keeping unit: letters, digits and `. _ / -`, starting with a letter or a digit. */
export const SkuSchema = partText('SKU', SKU_MAX)
  .regex(/^[A-Za-z0-9._/-]*$/, 'SKU can have letters, digits and . _ / - only')
  .regex(/^([A-Za-z0-9]|$)/, 'SKU must start with a letter or a digit');

export const PartBrandSchema = partText('Brand', PART_BRAND_MAX);

export const PartConditionSchema = z.enum(PART_CONDITIONS, {
  error: 'Condition must be new, refurbished, used or compatible',
});

export const WeightGramsSchema = z
  .number({ error: 'Weight must be a number of grams' })
  .int('Weight must be a whole number of grams')
  .min(0, 'Weight must be at least 0 grams')
  .max(WEIGHT_GRAMS_MAX, `Weight must be at most ${WEIGHT_GRAMS_MAX} grams`);

/** A part type by its slug (`GET /api/categories`); the server says when none has it. */
export const CategorySlugSchema = partText('Category', 40);

/** A part number as an admin gives it: its kind, who lists it, and the number as printed. */
export const PartNumberInputSchema = z
  .object({
    kind: z.enum(PART_NUMBER_KINDS, {
      error: 'Kind must be mpn, fru, oem or cross-reference',
    }),
    maker: partText('Maker', PART_NUMBER_TEXT_MAX),
    number: partText('Part number', PART_NUMBER_TEXT_MAX).refine(
      (value) => normalisePartNumber(value) !== '',
      { message: 'Part number must have a letter or a digit' },
    ),
  })
  .strict()
  .meta({ id: 'PartNumberInput' });
export type PartNumberInput = z.infer<typeof PartNumberInputSchema>;

/**
 * A part's numbers, the whole set: at most 20, and no number twice for one kind as the
 * catalogue compares them ("01-AV-431" and "01av431" are the same FRU).
 */
export const PartNumbersInputSchema = z
  .array(PartNumberInputSchema, { error: 'Part numbers must be a list' })
  .max(PART_NUMBERS_MAX, `A part can have at most ${PART_NUMBERS_MAX} part numbers`)
  .superRefine((numbers, context) => {
    const seen = new Set<string>();
    numbers.forEach(({ kind, number }, index) => {
      const key = `${kind} ${normalisePartNumber(number)}`;
      if (seen.has(key)) {
        context.addIssue({
          code: 'custom',
          path: [index, 'number'],
          message: `Part number ${number} is listed twice as ${kind}`,
        });
      }
      seen.add(key);
    });
  });

/** The laptop models a part fits, by slug (`GET /api/laptops`), the whole set. */
export const FitsInputSchema = z
  .array(partText('Laptop model', 100), { error: 'Fits must be a list of laptop models' })
  .max(FITS_MAX, `A part can fit at most ${FITS_MAX} laptop models`)
  .superRefine((slugs, context) => {
    const seen = new Set<string>();
    slugs.forEach((slug, index) => {
      if (seen.has(slug)) {
        context.addIssue({
          code: 'custom',
          path: [index],
          message: `Laptop model ${slug} is listed twice`,
        });
      }
      seen.add(slug);
    });
  });

/**
 * The parts catalogue's fields of a tool, each optional (issue 33): what is not sent stays as it
 * is (a new tool gets the next SKU, "Other parts", "Generic", new, 0 g, standard shipping; a
 * battery is a lithium battery unless said to be oversized: migration 0027's trigger). `partNumbers` and
 * `fits` replace the whole set when sent.
 */
const partFields = {
  sku: SkuSchema.optional(),
  category: CategorySlugSchema.optional(),
  brand: PartBrandSchema.optional(),
  condition: PartConditionSchema.optional(),
  weightGrams: WeightGramsSchema.optional(),
  shippingClass: ShippingClassSchema.optional(),
  partNumbers: PartNumbersInputSchema.optional(),
  fits: FitsInputSchema.optional(),
};

/** Add Tool (docs/product.md, Validation), the same rules in the form and in `POST /api/tools`. */
export const ToolInputSchema = z
  .object({
    name: ToolNameSchema,
    title: ToolTitleSchema.optional(),
    description: DescriptionSchema,
    minOrderQuantity: wholeNumber('Minimum order quantity', 1),
    availableQuantity: wholeNumber('Available quantity', 0),
    price: PriceSchema,
    img: ImageUrlSchema,
    ...partFields,
  })
  .strict();
export type ToolInput = z.infer<typeof ToolInputSchema>;

/**
 * Add Tool with its first picture (issue 49, `POST /api/tools/with-picture`): Add Tool's rules,
 * but the image URL may be left out, for the picture sent with it becomes the part's image.
 */
export const PicturedToolInputSchema = ToolInputSchema.extend({ img: ImageUrlSchema.optional() });
export type PicturedToolInput = z.infer<typeof PicturedToolInputSchema>;

/**
 * A tool's fields of the parts catalogue (issue 33): what Add Tool and the editor hold as its
 * part details, and what a write of the API carries beside the spec's fields.
 */
export type PartFieldsInput = Pick<
  ToolInput,
  | 'sku'
  | 'category'
  | 'brand'
  | 'condition'
  | 'weightGrams'
  | 'shippingClass'
  | 'partNumbers'
  | 'fits'
>;

/**
 * Manage Tools, in place: price, stock and description (`PATCH /api/tools/{id}`), and the parts
 * catalogue's fields.
 */
export const ToolUpdateSchema = z
  .object({
    price: PriceSchema.optional(),
    availableQuantity: wholeNumber('Available quantity', 0).optional(),
    description: DescriptionSchema.optional(),
    title: ToolTitleSchema.optional(),
    ...partFields,
  })
  .strict()
  .refine((update) => Object.keys(update).length > 0, { message: 'Nothing to update' });
export type ToolUpdate = z.infer<typeof ToolUpdateSchema>;
