import type { Order } from '@shop/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { adminOrderKeys } from '../utils/query-keys';

/** `POST /api/purchase/{id}/cancel` (an admin, any unpaid order): its stock returns to the shop. */
export const cancelCustomerOrder = (orderId: string) =>
  api.post<Order>(`/purchase/${encodeURIComponent(orderId)}/cancel`);

export function useCancelCustomerOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: cancelCustomerOrder,
    onSuccess: (cancelled) => {
      queryClient.setQueryData<Order[]>(adminOrderKeys.all, (orders) =>
        orders?.map((order) => (order._id === cancelled._id ? cancelled : order)),
      );
    },
    // The stock changed too: every order view and the catalogue refresh.
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: adminOrderKeys.orders }),
        queryClient.invalidateQueries({ queryKey: adminOrderKeys.tools }),
      ]),
  });
}
