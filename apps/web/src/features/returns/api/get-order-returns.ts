import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** `GET /api/purchase/{id}/returns` (buyer or admin): the order's returns, oldest first. */
export const getOrderReturns = (orderId: string, signal?: AbortSignal) =>
  api.get('/purchase/{id}/returns', { path: { id: orderId }, signal });

export const getOrderReturnsQueryOptions = (orderId: string) =>
  queryOptions({
    queryKey: queryKeys.orders.returns(orderId),
    queryFn: ({ signal }) => getOrderReturns(orderId, signal),
  });

/** Asked only when `enabled`: an order never delivered has no returns. */
export const useOrderReturns = (orderId: string, enabled: boolean) =>
  useQuery({ ...getOrderReturnsQueryOptions(orderId), enabled });
