import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** `GET /api/purchase/{id}` (owner or admin): the order to pay. */
export const getOrder = (orderId: string, signal?: AbortSignal) =>
  api.get('/purchase/{id}', { path: { id: orderId }, signal });

export const getOrderQueryOptions = (orderId: string) =>
  queryOptions({
    queryKey: queryKeys.orders.detail(orderId),
    queryFn: ({ signal }) => getOrder(orderId, signal),
  });

export const useOrder = (orderId: string) => useQuery(getOrderQueryOptions(orderId));
