import type { Order } from '@shop/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** `GET /api/allPurchase` (admin): every order, newest first. */
export const getAllOrders = (signal?: AbortSignal) => api.get<Order[]>('/allPurchase', { signal });

export const getAllOrdersQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.orders.everyone,
    queryFn: ({ signal }) => getAllOrders(signal),
  });

export const useAllOrders = () => useQuery(getAllOrdersQueryOptions());
