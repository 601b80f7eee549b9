import type { Cart, CartLineAdd } from '@shop/shared';
import { api } from '../../../lib/api-client';

/** `POST /api/cart/lines`: adds units of a tool; the server prices it and checks the stock. */
export const addCartLine = (line: CartLineAdd) => api.post<Cart>('/cart/lines', line);
