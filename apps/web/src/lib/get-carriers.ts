import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, type ApiAnswer } from './api-client';
import { queryKeys } from './query-keys';

export type Carrier = ApiAnswer<'get', '/carriers'>[number];

/**
 * `GET /api/carriers` (admins): the carriers by name. Read by Shipping and tax, which keeps
 * them, and by the ship dialog of the orders, which names one.
 */
export const getCarriers = (signal?: AbortSignal) => api.get('/carriers', { signal });

export const getCarriersQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.shipping.carriers,
    queryFn: ({ signal }) => getCarriers(signal),
  });

export const useCarriers = () => useQuery(getCarriersQueryOptions());
