import type { Order, Purchase } from '@shop/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { orderKeys, toolKeys } from '../utils/query-keys';

/** `POST /api/purchase`: the server sets the price, name and email and takes the stock. */
export const createPurchase = (purchase: Purchase) => api.post<Order>('/purchase', purchase);

/** Either way the stock may have changed (taken, or found gone): tools and orders reload. */
export function useCreatePurchase() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createPurchase,
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: toolKeys.all }),
        queryClient.invalidateQueries({ queryKey: orderKeys.all }),
      ]),
  });
}
