import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';
import { getOrderQueryOptions } from './get-order';

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
  api.patch('/purchase/{id}', {
    path: { id: orderId },
    body: { orderID: orderId, transactionId },
  });

export function usePayOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: payOrder,
    onSuccess: (order) => {
      queryClient.setQueryData(getOrderQueryOptions(order._id).queryKey, order);
      queryClient.removeQueries({ queryKey: queryKeys.payments.intent(order._id) });
    },
    // The order is paid everywhere: My Orders, Manage All Orders, this page, and its invoice,
    // issued by the payment, is listed (its documents are under `orders.all`).
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.orders.all }),
  });
}
