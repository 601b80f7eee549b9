import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/**
 * The part types change rarely (an admin adds one by hand): kept for ten minutes. The key has
 * no entry of lib/query-keys.ts yet: only this feature reads the list.
 */
export const categoriesQueryKey = ['categories'] as const;

/** `GET /api/categories`: every part type, in the shop's order. */
export const getCategories = (signal?: AbortSignal) => api.get('/categories', { signal });

export const getCategoriesQueryOptions = () =>
  queryOptions({
    queryKey: categoriesQueryKey,
    queryFn: ({ signal }) => getCategories(signal),
    staleTime: 10 * 60_000,
  });

export const useCategories = () => useQuery(getCategoriesQueryOptions());
