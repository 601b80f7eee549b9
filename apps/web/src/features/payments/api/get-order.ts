import type { Order } from '@shop/shared';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { paymentKeys } from '../utils/query-keys';

/** `GET /api/purchase/{id}` (owner or admin): the order to pay. */
export const getOrder = (orderId: string, signal?: AbortSignal) =>
  api.get<Order>(`/purchase/${encodeURIComponent(orderId)}`, { signal });

export const useOrder = (orderId: string) =>
  useQuery({
    queryKey: paymentKeys.order(orderId),
    queryFn: ({ signal }) => getOrder(orderId, signal),
  });
