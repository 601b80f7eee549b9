import type { Order } from '@shop/shared';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { adminOrderKeys } from '../utils/query-keys';

/** `GET /api/allPurchase` (admin): every order, newest first. */
export const getAllOrders = (signal?: AbortSignal) => api.get<Order[]>('/allPurchase', { signal });

export const useAllOrders = () =>
  useQuery({ queryKey: adminOrderKeys.all, queryFn: ({ signal }) => getAllOrders(signal) });
