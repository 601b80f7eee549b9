import type { Order } from '@shop/shared';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { orderKeys } from '../utils/query-keys';

/** `GET /api/purchase?userEmail=` (bearer): the caller's own orders, newest first. */
export const getMyOrders = (email: string, signal?: AbortSignal) =>
  api.get<Order[]>('/purchase', { query: { userEmail: email }, signal });

export const useMyOrders = (email: string) =>
  useQuery({
    queryKey: orderKeys.mine(email),
    queryFn: ({ signal }) => getMyOrders(email, signal),
  });
