import type { Cart } from '@shop/shared';
import { api } from '../../../lib/api-client';

/** `DELETE /api/cart/lines/{toolId}`: the cart without the line. */
export const removeCartLine = (toolId: string) =>
  api.delete<Cart>(`/cart/lines/${encodeURIComponent(toolId)}`);
