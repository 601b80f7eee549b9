import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from './api-client';
import { queryKeys } from './query-keys';

/**
 * `GET /api/laptops?q=&limit=`: the models a typed text names, by name or alias ("t480",
 * "20L5"). Here, not in a feature: the home page's model search and Manage Tools' fitment
 * picker both suggest models, and features do not import each other.
 */
export const getLaptopSuggestionsQueryOptions = (q: string, limit: number) =>
  queryOptions({
    queryKey: queryKeys.laptops.list({ q, limit }),
    queryFn: ({ signal }) => api.get('/laptops', { query: { q, limit }, signal }),
    select: ({ models }) => models.flatMap((model) => model ?? []),
    staleTime: 5 * 60_000,
  });

/** Suggestions as the text changes; the last ones stay until the next arrive (no flicker). */
export const useLaptopSuggestions = (q: string, limit: number) =>
  useQuery({
    ...getLaptopSuggestionsQueryOptions(q, limit),
    enabled: q !== '',
    placeholderData: keepPreviousData,
  });
