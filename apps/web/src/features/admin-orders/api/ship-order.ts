import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';
import { withOrder } from '../../../lib/cancel-order';
import type { AdminOrdersPage } from './get-all-orders';

/** `POST /api/purchase/{id}/ship` (admin): a paid order is on its way. */
export const shipOrder = (orderId: string) =>
  api.post('/purchase/{id}/ship', { path: { id: orderId } });

export function useShipOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: shipOrder,
    onSuccess: (shipped) => {
      queryClient.setQueriesData<AdminOrdersPage>({ queryKey: queryKeys.orders.everyone }, (page) =>
        withOrder(page, shipped),
      );
    },
    // Every view of orders (the buyer's list, the payment page) refreshes.
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.orders.all }),
  });
}
