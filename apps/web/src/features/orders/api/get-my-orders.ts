import type { Order } from '@shop/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** `GET /api/purchase?userEmail=` (bearer): the caller's own orders, newest first. */
export const getMyOrders = (email: string, signal?: AbortSignal) =>
  api.get<Order[]>('/purchase', { query: { userEmail: email }, signal });

export const getMyOrdersQueryOptions = (email: string) =>
  queryOptions({
    queryKey: queryKeys.orders.mine(email),
    queryFn: ({ signal }) => getMyOrders(email, signal),
  });

export const useMyOrders = (email: string) => useQuery(getMyOrdersQueryOptions(email));
