import type { Order } from '@shop/shared';
import { api } from '../../../lib/api-client';

/** `POST /api/purchase/{id}/deliver` (admin): a shipped order has arrived. */
export const deliverOrder = (orderId: string) =>
  api.post<Order>(`/purchase/${encodeURIComponent(orderId)}/deliver`);
