import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, type ApiAnswer, type ListPage } from './api-client';
import { queryKeys } from './query-keys';

/**
 * `POST /api/purchase/{id}/cancel`: the owner's unpaid order (My Orders), or any unpaid order
 * (an admin, Manage All Orders), ends and its stock returns to the shop. Here, not in a feature,
 * because both the orders and the admin-orders features cancel, and features do not import
 * each other.
 */
export const cancelOrder = (orderId: string) =>
  api.post('/purchase/{id}/cancel', { path: { id: orderId } });

type Order = ApiAnswer<'post', '/purchase/{id}/cancel'>;

/** A loaded page of orders, with `changed` in place of the order it replaces. */
export const withOrder = (page: ListPage<Order> | undefined, changed: Order) =>
  page && {
    ...page,
    items: page.items.map((order) => (order._id === changed._id ? changed : order)),
  };

export function useCancelOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: cancelOrder,
    // The row turns "cancelled" at once, in My Orders or Manage All Orders; then they reload.
    onSuccess: (cancelled) => {
      for (const queryKey of [queryKeys.orders.mine, queryKeys.orders.everyone]) {
        queryClient.setQueriesData<ListPage<Order>>({ queryKey }, (page) =>
          withOrder(page, cancelled),
        );
      }
    },
    // The stock changed too: every order view and the catalogue refresh.
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.orders.all }),
        queryClient.invalidateQueries({ queryKey: queryKeys.tools.all }),
      ]),
  });
}
