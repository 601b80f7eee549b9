import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api, type ApiQuery } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** A series' models (`brand` and `series`), or the models a typed text names (`q`). */
export type LaptopsQuery = ApiQuery<'get', '/laptops'>;

export const getLaptops = (query: LaptopsQuery, signal?: AbortSignal) =>
  api.get('/laptops', { query, signal });

export const getLaptopsQueryOptions = (query: LaptopsQuery) =>
  queryOptions({
    queryKey: queryKeys.laptops.list(query),
    queryFn: ({ signal }) => getLaptops(query, signal),
    staleTime: 5 * 60_000,
  });

/** Asked only once the picker has what the API needs (`enabled`). */
export const useLaptops = (query: LaptopsQuery, enabled: boolean) =>
  useQuery({ ...getLaptopsQueryOptions(query), enabled });

/** Suggestions as the text changes: the last ones stay until the next arrive (no flicker). */
export const useLaptopSuggestions = (q: string, limit: number) =>
  useQuery({
    ...getLaptopsQueryOptions({ q, limit }),
    enabled: q !== '',
    placeholderData: keepPreviousData,
  });
