import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** `GET /api/categories`: every part type, in the shop's order. */
export const getCategories = (signal?: AbortSignal) => api.get('/categories', { signal });

/** The part types change rarely (an admin adds one by hand): kept for ten minutes. */
export const getCategoriesQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.categories.all,
    queryFn: ({ signal }) => getCategories(signal),
    staleTime: 10 * 60_000,
  });

export const useCategories = () => useQuery(getCategoriesQueryOptions());
