import { z } from 'zod';
import { PART_CONDITIONS } from './part';
import { PartImageSchema } from './image';
import { ReviewSchema } from './review';
import { CategorySchema, LaptopModelSchema, LaptopRefSchema } from './laptop';
import { clampLimit, pagingFields } from './paging';
import { noControlCharacters } from './text';
import { ToolSchema } from './tool';

/** What a part fits: how many models, and the first few (`FITS_NAMED_MAX`) by name. */
export const FitsSummarySchema = z
  .object({ count: z.number().int(), models: z.array(LaptopRefSchema) })
  .meta({ id: 'FitsSummary' });
export type FitsSummary = z.infer<typeof FitsSummarySchema>;

/** A part as search results, model pages and cards show it: the tool and what it fits. */
export const PartSchema = ToolSchema.extend({ fits: FitsSummarySchema }).meta({ id: 'Part' });
export type Part = z.infer<typeof PartSchema>;

export const SEARCH_SORTS = ['relevance', 'price-asc', 'price-desc', 'newest'] as const;
export type SearchSort = (typeof SEARCH_SORTS)[number];
export const SEARCH_PAGE_SIZE_DEFAULT = 24;

/** A slug as the catalogue writes them: lower case words joined by dashes. */
const slugFilter = (label: string) =>
  z
    .string()
    .trim()
    .max(80)
    .regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, `${label} is not one the shop knows`)
    .optional();

/**
 * Query of `GET /api/search` (docs/product.md, Search): the words typed, and the filters, each
 * one value. An empty `q` lists what the filters keep.
 */
export const SearchQuerySchema = z
  .object({
    q: z.string().check(noControlCharacters('Search')).trim().max(100).default(''),
    category: slugFilter('Part type'),
    brand: z.string().check(noControlCharacters('Brand')).trim().max(40).optional(),
    condition: z.enum(PART_CONDITIONS).optional(),
    model: slugFilter('Laptop model'),
    inStock: z
      .enum(['true', 'false'])
      .transform((value) => value === 'true')
      .optional(),
    sort: z.enum(SEARCH_SORTS).default('relevance'),
    ...pagingFields(SEARCH_PAGE_SIZE_DEFAULT),
  })
  .strict()
  .transform(clampLimit);
export type SearchQuery = z.infer<typeof SearchQuerySchema>;

const facetValue = z.object({ value: z.string(), label: z.string(), count: z.number().int() });

/**
 * `GET /api/search`'s answer. Each facet counts, per value, the parts the query finds with every
 * other filter applied and that one left out, so a value's count is what choosing it lists.
 * `model` is the laptop the query or the filter named, when one did.
 */
export const SearchResultSchema = z
  .object({
    items: z.array(PartSchema),
    total: z.number().int(),
    facets: z.object({
      category: z.array(facetValue),
      brand: z.array(facetValue),
      condition: z.array(facetValue),
    }),
    // A union, not `.nullable()`: that would make the shared LaptopModel type nullable everywhere
    // in the published contract.
    model: z.union([LaptopModelSchema, z.null()]),
  })
  .meta({ id: 'SearchResult' });
export type SearchResult = z.infer<typeof SearchResultSchema>;

/** `GET /api/laptops/{slug}`: a model and every part that fits it, by part type. */
export const LaptopPageSchema = z
  .object({
    model: LaptopModelSchema,
    groups: z.array(z.object({ category: CategorySchema, items: z.array(PartSchema) })),
  })
  .meta({ id: 'LaptopPage' });
export type LaptopPage = z.infer<typeof LaptopPageSchema>;

/**
 * A part's public page (`GET /api/parts/{slug}`): the part, the slug its page lives at (the
 * one to link to and redirect to), and every laptop it fits, by brand, then name.
 */
/** The most reviews a part's page shows, the newest. */
export const PART_PAGE_REVIEWS = 6;

export const PartPageSchema = z
  .object({
    part: PartSchema,
    slug: z.string(),
    fits: z.array(LaptopRefSchema),
    /** Its uploaded images, in order (the part's `img`, a URL typed by hand, stays as it was). */
    images: z.array(PartImageSchema),
    /**
     * The reviews that name it (their headline, labelled Tool Name, is its name, whatever the
     * case or spaces around it), newest first, at most `PART_PAGE_REVIEWS`.
     */
    reviews: z.array(ReviewSchema),
  })
  .meta({ id: 'PartPage' });
export type PartPage = z.infer<typeof PartPageSchema>;

/**
 * What the server hands the web app's renderer for a page it renders with its data (decision
 * 036): the API's own answers, under the slug of the page's URL. The web app puts them in its
 * cache, so the screen shows them at once and the browser starts from the same.
 */
export interface RenderedPageData {
  /** `GET /api/parts/{slug}`, for `/parts/{slug}`. */
  part?: { slug: string; page: PartPage };
  /** `GET /api/laptops/{slug}`, for `/laptops/{slug}`. */
  laptop?: { slug: string; page: LaptopPage };
}
