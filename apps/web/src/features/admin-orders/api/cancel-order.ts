import type { Order } from '@shop/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, type ListPage } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';
import { withOrder } from './get-all-orders';

/** `POST /api/purchase/{id}/cancel` (an admin, any unpaid order): its stock returns to the shop. */
export const cancelCustomerOrder = (orderId: string) =>
  api.post<Order>(`/purchase/${encodeURIComponent(orderId)}/cancel`);

export function useCancelCustomerOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: cancelCustomerOrder,
    onSuccess: (cancelled) => {
      queryClient.setQueriesData<ListPage<Order>>({ queryKey: queryKeys.orders.everyone }, (page) =>
        withOrder(page, cancelled),
      );
    },
    // The stock changed too: every order view and the catalogue refresh.
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.orders.all }),
        queryClient.invalidateQueries({ queryKey: queryKeys.tools.all }),
      ]),
  });
}
