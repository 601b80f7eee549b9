import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** `GET /api/purchase/{id}/history` (buyer or admin): every change of the order's status. */
export const getOrderHistory = (orderId: string, signal?: AbortSignal) =>
  api.get('/purchase/{id}/history', { path: { id: orderId }, signal });

export const getOrderHistoryQueryOptions = (orderId: string) =>
  queryOptions({
    queryKey: queryKeys.orders.history(orderId),
    queryFn: ({ signal }) => getOrderHistory(orderId, signal),
  });

export const useOrderHistory = (orderId: string) => useQuery(getOrderHistoryQueryOptions(orderId));
