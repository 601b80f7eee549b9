import type { Order } from '@shop/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, type ListPage } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** `POST /api/purchase/{id}/cancel` (owner): an unpaid order ends and its stock returns. */
export const cancelOrder = (orderId: string) =>
  api.post<Order>(`/purchase/${encodeURIComponent(orderId)}/cancel`);

export function useCancelOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: cancelOrder,
    onSuccess: (cancelled) => {
      // The row turns "cancelled" at once; the lists then reload from the server.
      queryClient.setQueriesData<ListPage<Order>>({ queryKey: queryKeys.orders.mine }, (page) =>
        page
          ? {
              ...page,
              items: page.items.map((order) => (order._id === cancelled._id ? cancelled : order)),
            }
          : page,
      );
    },
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.orders.all }),
        queryClient.invalidateQueries({ queryKey: queryKeys.tools.all }),
      ]),
  });
}
