import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, type ApiBody } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';
import { withOrder } from '../../../lib/cancel-order';
import type { AdminOrdersPage } from './get-all-orders';

export type Shipment = NonNullable<ApiBody<'post', '/purchase/{id}/ship'>>;

/**
 * `POST /api/purchase/{id}/ship` (admin): a paid order is on its way, by a carrier with an
 * optional tracking number; with no carrier kept, without one.
 */
export const shipOrder = ({ orderId, shipment }: { orderId: string; shipment?: Shipment }) =>
  api.post('/purchase/{id}/ship', { path: { id: orderId }, body: shipment });

export function useShipOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: shipOrder,
    onSuccess: (shipped) => {
      queryClient.setQueriesData<AdminOrdersPage>({ queryKey: queryKeys.orders.everyone }, (page) =>
        withOrder(page, shipped),
      );
    },
    // Every view of orders (the buyer's list, the order page, its history) refreshes.
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.orders.all }),
  });
}
