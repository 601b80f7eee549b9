import {
  type PartCondition,
  SEARCH_PAGE_SIZE_DEFAULT,
  SearchQuerySchema,
  type SearchSort,
} from '@shop/shared';
import type { z } from 'zod';
import type { ApiQuery } from '../../../lib/api-client';

/**
 * What the search page shows, as its URL holds it (`/search?q=t480&category=battery&page=2`):
 * the words typed, one value per filter, the order and the page. Back, forward and reload keep
 * it because the URL is the only place it lives.
 */
export interface SearchFilters {
  q: string;
  category?: string;
  brand?: string;
  condition?: PartCondition;
  /** A laptop model's slug: a model page's "search its parts" lands with it. */
  model?: string;
  inStock: boolean;
  sort: SearchSort;
  page: number;
}

/** The filters a visitor sets and clears (the words, the order and the page are not filters). */
export type FilterName = 'category' | 'brand' | 'condition' | 'model' | 'inStock';

/** The rules of each field, from the API's own query schema (packages/shared). */
const field = SearchQuerySchema.in.shape;

/** The value if the API would accept it, otherwise nothing: a mangled URL shows the unfiltered list. */
function accepted<T>(schema: z.ZodType<T>, raw: string | null): T | undefined {
  if (raw === null) return undefined;
  const parsed = schema.safeParse(raw);
  return parsed.success ? parsed.data : undefined;
}

/** Read from the URL's query; anything the API would refuse is left out rather than shown as an error. */
export function readSearchFilters(params: URLSearchParams): SearchFilters {
  return {
    q: accepted(field.q, params.get('q')) ?? '',
    category: accepted(field.category, params.get('category')),
    brand: accepted(field.brand, params.get('brand')) || undefined,
    condition: accepted(field.condition, params.get('condition')),
    model: accepted(field.model, params.get('model')),
    inStock: params.get('inStock') === 'true',
    sort: accepted(field.sort, params.get('sort')) ?? 'relevance',
    page: accepted(field.page, params.get('page')) ?? 1,
  };
}

/** The URL's query for the filters, in one order, without the defaults: `q=t480&category=battery`. */
export function writeSearchFilters(filters: SearchFilters): URLSearchParams {
  const params = new URLSearchParams();
  const set = (name: string, value: string | undefined) => {
    if (value) params.set(name, value);
  };
  set('q', filters.q.trim());
  set('category', filters.category);
  set('brand', filters.brand);
  set('condition', filters.condition);
  set('model', filters.model);
  set('inStock', filters.inStock ? 'true' : undefined);
  set('sort', filters.sort === 'relevance' ? undefined : filters.sort);
  set('page', filters.page > 1 ? String(filters.page) : undefined);
  return params;
}

/** One filter set or cleared; the list starts again on page 1. */
export const withFilter = <Name extends FilterName>(
  filters: SearchFilters,
  name: Name,
  value: SearchFilters[Name],
): SearchFilters => ({ ...filters, [name]: value, page: 1 });

/** Other words: the filters and the order stay, the list starts again on page 1. */
export const withQuery = (filters: SearchFilters, q: string): SearchFilters => ({
  ...filters,
  q: q.trim(),
  page: 1,
});

export const withSort = (filters: SearchFilters, sort: SearchSort): SearchFilters => ({
  ...filters,
  sort,
  page: 1,
});

/** Every filter cleared; the words and the order stay. */
export const withoutFilters = ({ q, sort }: SearchFilters): SearchFilters => ({
  q,
  sort,
  inStock: false,
  page: 1,
});

/** How many filters are set ("Filters (2)" on phones; "Clear filters" shows when any is). */
export const countFilters = (filters: SearchFilters) =>
  [filters.category, filters.brand, filters.condition, filters.model].filter(Boolean).length +
  (filters.inStock ? 1 : 0);

/** The query of `GET /api/search` for the filters. */
export const toSearchQuery = (filters: SearchFilters): ApiQuery<'get', '/search'> => ({
  q: filters.q || undefined,
  category: filters.category,
  brand: filters.brand,
  condition: filters.condition,
  model: filters.model,
  inStock: filters.inStock ? 'true' : undefined,
  sort: filters.sort,
  page: filters.page,
  limit: SEARCH_PAGE_SIZE_DEFAULT,
});
