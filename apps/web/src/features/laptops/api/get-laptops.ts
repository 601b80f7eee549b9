import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, type ApiQuery } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** A series' models (`brand` and `series`); the models a typed text names: lib/laptop-suggestions. */
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
