import type { Order } from '@shop/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';
import { getAllOrdersQueryOptions } from './get-all-orders';

/** `POST /api/purchase/{id}/cancel` (an admin, any unpaid order): its stock returns to the shop. */
export const cancelCustomerOrder = (orderId: string) =>
  api.post<Order>(`/purchase/${encodeURIComponent(orderId)}/cancel`);

export function useCancelCustomerOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: cancelCustomerOrder,
    onSuccess: (cancelled) => {
      queryClient.setQueryData<Order[]>(getAllOrdersQueryOptions().queryKey, (orders) =>
        orders?.map((order) => (order._id === cancelled._id ? cancelled : order)),
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
