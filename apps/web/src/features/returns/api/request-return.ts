import { api, type ApiBody } from '../../../lib/api-client';

/**
 * `POST /api/purchase/{id}/returns` (the buyer): asks to send lines of a delivered order back,
 * with a reason, within the return window.
 */
export const requestReturn = (orderId: string, body: ApiBody<'post', '/purchase/{id}/returns'>) =>
  api.post('/purchase/{id}/returns', { path: { id: orderId }, body });
