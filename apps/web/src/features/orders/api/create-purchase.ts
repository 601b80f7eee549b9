import { IDEMPOTENCY_KEY_HEADER } from '@shop/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, type ApiBody } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

export interface PurchaseAttempt {
  purchase: ApiBody<'post', '/purchase'>;
  /** The same key for a retry of the same order: the server then places it once. */
  idempotencyKey: string;
}

/** `POST /api/purchase`: the server sets the price, name and email and takes the stock. */
export const createPurchase = ({ purchase, idempotencyKey }: PurchaseAttempt) =>
  api.post('/purchase', { body: purchase, header: { [IDEMPOTENCY_KEY_HEADER]: idempotencyKey } });

/**
 * Either way the stock may have changed (taken, or found gone): tools and orders reload. A
 * failure is told at once, not after the reload (and its retries, when the shop is away).
 */
export function useCreatePurchase() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createPurchase,
    onSettled: (_order, error) => {
      const reload = Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.tools.all }),
        queryClient.invalidateQueries({ queryKey: queryKeys.orders.all }),
      ]);
      return error ? undefined : reload;
    },
  });
}
