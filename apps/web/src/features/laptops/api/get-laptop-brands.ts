import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** The picker's first two steps: brands by name, each with its series that have models. */
export const getLaptopBrands = (signal?: AbortSignal) => api.get('/laptops/brands', { signal });

export const getLaptopBrandsQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.laptops.brands,
    queryFn: ({ signal }) => getLaptopBrands(signal),
    // The catalogue's laptops change when an admin imports some, not while a visitor picks.
    staleTime: 5 * 60_000,
  });

export const useLaptopBrands = () => useQuery(getLaptopBrandsQueryOptions());
