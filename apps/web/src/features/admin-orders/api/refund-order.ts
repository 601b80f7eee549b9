import { api, type ApiBody } from '../../../lib/api-client';

/**
 * `POST /api/purchase/{id}/refund` (admin): the payment goes back through its provider, once,
 * with a reason; the units return to stock when `restock` says so.
 */
export const refundOrder = (orderId: string, refund: ApiBody<'post', '/purchase/{id}/refund'>) =>
  api.post('/purchase/{id}/refund', { path: { id: orderId }, body: refund });
