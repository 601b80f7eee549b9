import type { Order } from '@shop/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { paymentKeys } from '../utils/query-keys';

export interface PayOrderInput {
  orderId: string;
  /** The provider's payment intent id (pi_...). */
  transactionId: string;
}

/**
 * `PATCH /api/purchase/{id}` with `{ orderID, transactionId }`. The server asks the
 * provider whether that payment succeeded for this order and amount before marking it paid.
 */
export const payOrder = ({ orderId, transactionId }: PayOrderInput) =>
  api.patch<Order>(`/purchase/${encodeURIComponent(orderId)}`, {
    orderID: orderId,
    transactionId,
  });

export function usePayOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: payOrder,
    onSuccess: (order) => {
      queryClient.setQueryData(paymentKeys.order(order._id), order);
      queryClient.removeQueries({ queryKey: paymentKeys.intent(order._id) });
    },
    // The order is paid everywhere: My Orders, Manage All Orders, this page.
    onSettled: () => queryClient.invalidateQueries({ queryKey: paymentKeys.orders }),
  });
}
