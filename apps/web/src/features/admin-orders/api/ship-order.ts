import type { Order } from '@shop/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, type ListPage } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';
import { withOrder } from './get-all-orders';

/** `POST /api/purchase/{id}/ship` (admin): a paid order is on its way. */
export const shipOrder = (orderId: string) =>
  api.post<Order>(`/purchase/${encodeURIComponent(orderId)}/ship`);

export function useShipOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: shipOrder,
    onSuccess: (shipped) => {
      queryClient.setQueriesData<ListPage<Order>>({ queryKey: queryKeys.orders.everyone }, (page) =>
        withOrder(page, shipped),
      );
    },
    // Every view of orders (the buyer's list, the payment page) refreshes.
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.orders.all }),
  });
}
