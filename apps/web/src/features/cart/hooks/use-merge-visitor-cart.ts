import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { lazyModule } from '../../../lib/lazy-module';
import { queryKeys } from '../../../lib/query-keys';
import { useStoredCart } from './use-cart';

// Only a visitor who filled a cart and then signed in needs it (and sonner, for what it refuses).
const merger = lazyModule(() => import('../utils/merge-visitor-cart'));

/** One merge at a time, however many screens mount the hook. */
let merging: Promise<void> | undefined;

/**
 * Once the customer `email` is signed in, a visitor's cart kept in the browser joins the
 * account's (utils/merge-visitor-cart.ts). A merge that cannot reach the shop leaves the lines
 * in the browser; the next sign-in or page load tries again.
 */
export function useMergeVisitorCart(email: string | undefined) {
  const queryClient = useQueryClient();
  const waiting = useStoredCart().lines.length;
  useEffect(() => {
    if (!email || waiting === 0 || merging) return;
    merging = merger
      .load()
      .then(({ mergeVisitorCart }) => mergeVisitorCart())
      .then(
        (cart) => {
          queryClient.setQueryData(queryKeys.cart.mine(email), cart);
        },
        (error: unknown) => console.warn('The cart could not be merged yet', error),
      )
      .finally(() => {
        merging = undefined;
      });
  }, [email, waiting, queryClient]);
}
