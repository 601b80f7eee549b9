import { api } from '../../../lib/api-client';

/** `POST /api/purchase/{id}/deliver` (admin): a shipped order has arrived. */
export const deliverOrder = (orderId: string) =>
  api.post('/purchase/{id}/deliver', { path: { id: orderId } });
