import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** `GET /api/laptops?q=&limit=`: the models a typed text names, by name or alias ("t480"). */
export const getLaptopSuggestions = (q: string, limit: number, signal?: AbortSignal) =>
  api.get('/laptops', { query: { q, limit }, signal });

export const getLaptopSuggestionsQueryOptions = (q: string, limit: number) =>
  queryOptions({
    queryKey: queryKeys.laptops.list({ q, limit }),
    queryFn: ({ signal }) => getLaptopSuggestions(q, limit, signal),
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
