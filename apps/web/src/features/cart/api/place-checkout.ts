import { IDEMPOTENCY_KEY_HEADER } from '@shop/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, type ApiBody } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

export interface CheckoutAttempt {
  checkout: ApiBody<'post', '/checkout'>;
  /** The same key for a retry (a double click, a lost answer): the server places one order. */
  idempotencyKey: string;
}

/** `POST /api/checkout`: one order of the cart's lines, priced and taken from stock by the server. */
export const placeCheckout = ({ checkout, idempotencyKey }: CheckoutAttempt) =>
  api.post('/checkout', { body: checkout, header: { [IDEMPOTENCY_KEY_HEADER]: idempotencyKey } });

/**
 * Either way the cart, the stock and the orders may have changed (ordered, or a line found
 * short): all three reload. A failure is told at once, not after the reload.
 */
export function usePlaceCheckout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: placeCheckout,
    onSettled: (_order, error) => {
      const reload = Promise.all(
        [queryKeys.cart.all, queryKeys.tools.all, queryKeys.orders.all].map((queryKey) =>
          queryClient.invalidateQueries({ queryKey }),
        ),
      );
      return error ? undefined : reload;
    },
  });
}
