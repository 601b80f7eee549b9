import { api, type ApiBody } from '../../../lib/api-client';

/** `POST /api/cart/lines`: adds units of a tool; the server prices it and checks the stock. */
export const addCartLine = (line: ApiBody<'post', '/cart/lines'>) =>
  api.post('/cart/lines', { body: line });
