import { api } from '../../../lib/api-client';

/** `DELETE /api/cart/lines/{toolId}`: the cart without the line. */
export const removeCartLine = (toolId: string) =>
  api.delete('/cart/lines/{toolId}', { path: { toolId } });
