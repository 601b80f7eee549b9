import type { Order, Refund } from '@shop/shared';
import { api } from '../../../lib/api-client';

/**
 * `POST /api/purchase/{id}/refund` (admin): the payment goes back through its provider, once,
 * with a reason; the units return to stock when `restock` says so.
 */
export const refundOrder = (orderId: string, refund: Refund) =>
  api.post<Order>(`/purchase/${encodeURIComponent(orderId)}/refund`, refund);
