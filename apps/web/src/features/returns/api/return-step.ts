import type { ReturnReceipt } from '@shop/shared';
import { api } from '../../../lib/api-client';

/** An admin's step on a return: authorise or refuse with a message, receive, refund. */
export type ReturnStep =
  | { step: 'authorise' | 'refuse'; message: string }
  | { step: 'receive'; receipt: ReturnReceipt }
  | { step: 'refund' };

/**
 * `POST /api/returns/{id}/authorise`, `/refuse`, `/receive` or `/refund` (admins): the server
 * decides whether the step is allowed; a repeated step is answered as it is.
 */
export function takeReturnStep(returnId: string, action: ReturnStep) {
  const path = { id: returnId };
  switch (action.step) {
    case 'authorise':
      return api.post('/returns/{id}/authorise', { path, body: { message: action.message } });
    case 'refuse':
      return api.post('/returns/{id}/refuse', { path, body: { message: action.message } });
    case 'receive':
      return api.post('/returns/{id}/receive', { path, body: action.receipt });
    case 'refund':
      return api.post('/returns/{id}/refund', { path });
  }
}
