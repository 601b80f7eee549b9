import { api } from '../../../lib/api-client';

/** `PATCH /api/cart/lines/{toolId}`: the line's new quantity, within the tool's bounds. */
export const updateCartLine = (toolId: string, quantity: number) =>
  api.patch('/cart/lines/{toolId}', { path: { toolId }, body: { quantity } });
