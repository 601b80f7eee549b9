import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** `GET /api/cart` (bearer): the caller's cart, priced as the catalogue stands now. */
export const getCart = (signal?: AbortSignal) => api.get('/cart', { signal });

export const getCartQueryOptions = (email: string) =>
  queryOptions({
    queryKey: queryKeys.cart.mine(email),
    queryFn: ({ signal }) => getCart(signal),
  });

/** The signed-in customer's cart; nothing is asked while `email` is unknown (a visitor). */
export const useServerCart = (email: string | undefined) =>
  useQuery({ ...getCartQueryOptions(email ?? ''), enabled: Boolean(email) });
