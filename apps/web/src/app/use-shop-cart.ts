import { useAuth } from '../features/auth/hooks/use-auth';
import { type CartOwner, useCart } from '../features/cart/hooks/use-cart';

/** The cart of whoever is here: the signed-in customer's (the shop's), or the visitor's (the browser's). */
export function useShopCart() {
  const { status, user } = useAuth();
  const owner: CartOwner =
    status === 'signedIn' && user
      ? { kind: 'customer', email: user.email }
      : status === 'signedOut'
        ? { kind: 'visitor' }
        : { kind: 'loading' };
  return useCart(owner);
}
