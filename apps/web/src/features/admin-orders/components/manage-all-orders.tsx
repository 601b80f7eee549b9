import type { Order } from '@shop/shared';
import { useState } from 'react';
import { CancelOrderDialog } from '../../../components/ui/cancel-order-dialog';
import { Link } from 'react-router';
import { EmptyState } from '../../../components/ui/empty-state';
import { OrderStatusBadge } from '../../../components/ui/order-status-badge';
import { OrderTable } from '../../../components/ui/order-table';
import { PayBy } from '../../../components/ui/pay-by';
import { QueryState } from '../../../components/ui/query-state';
import { paths } from '../../../lib/paths';
import { useCancelCustomerOrder } from '../api/cancel-order';
import { useAllOrders } from '../api/get-all-orders';
import { useShipOrder } from '../api/ship-order';

interface OrderStateProps {
  order: Order;
  shipping: boolean;
  onShip: (order: Order) => void;
  onCancel: (order: Order) => void;
}

function OrderState({ order, shipping, onShip, onCancel }: OrderStateProps) {
  switch (order.status) {
    case 'unpaid':
      return (
        <div className="flex flex-wrap items-center gap-2">
          <Link
            to={paths.dashboard.payment(order._id)}
            className="btn btn-warning btn-sm"
            aria-label={`Pending: payment of ${order.userName}'s order of ${order.tool}`}
          >
            Pending
          </Link>
          <button
            type="button"
            className="btn btn-sm border-red-700 bg-transparent text-red-800 hover:bg-red-50"
            aria-label={`Cancel ${order.userName}'s order of ${order.tool}`}
            onClick={() => onCancel(order)}
          >
            Cancel
          </button>
          <PayBy payBy={order.payBy} className="basis-full whitespace-nowrap" />
        </div>
      );
    case 'paid':
      return (
        <div className="flex flex-wrap items-center gap-2">
          <OrderStatusBadge status="paid" />
          <button
            type="button"
            className="btn btn-primary btn-sm"
            disabled={shipping}
            aria-label={`Ship ${order.userName}'s order of ${order.tool}`}
            onClick={() => onShip(order)}
          >
            {shipping && <span className="loading loading-spinner loading-xs" aria-hidden="true" />}
            Ship
          </button>
        </div>
      );
    default:
      return <OrderStatusBadge status={order.status} />;
  }
}

/**
 * Manage All Orders (admin): every order with its buyer, address and needed-by date.
 * An unpaid one links to its payment page ("Pending"); a paid one can be shipped.
 */
export function ManageAllOrders() {
  const orders = useAllOrders();
  const ship = useShipOrder();
  const cancel = useCancelCustomerOrder();
  const [toCancel, setToCancel] = useState<Order | null>(null);
  const [announcement, setAnnouncement] = useState('');

  const openCancel = (order: Order) => {
    cancel.reset();
    setToCancel(order);
  };
  const confirmCancel = () => {
    if (!toCancel) return;
    setAnnouncement('');
    cancel.mutate(toCancel._id, {
      onSuccess: (cancelled) => {
        setToCancel(null);
        setAnnouncement(`${cancelled.userName}'s order of ${cancelled.tool} is cancelled.`);
      },
    });
  };

  const onShip = (order: Order) => {
    setAnnouncement('');
    ship.mutate(order._id, {
      onSuccess: (shipped) =>
        setAnnouncement(`${shipped.userName}'s order of ${shipped.tool} is shipped.`),
    });
  };

  const orderState = (order: Order) => (
    <OrderState
      order={order}
      shipping={ship.isPending && ship.variables === order._id}
      onShip={onShip}
      onCancel={openCancel}
    />
  );

  return (
    <section aria-labelledby="all-orders-title" className="flex flex-col gap-4">
      <h1 id="all-orders-title" className="text-2xl font-bold">
        Manage All Orders{orders.data ? ` (${orders.data.length})` : ''}
      </h1>
      {ship.isError && (
        <p role="alert" className="text-sm text-red-700">
          {ship.error.message}
        </p>
      )}
      <p role="status" className="sr-only">
        {announcement}
      </p>
      <QueryState
        query={orders}
        pendingLabel="Loading all orders"
        errorTitle="The orders could not be loaded"
        isEmpty={(list) => list.length === 0}
        empty={<EmptyState>No orders yet.</EmptyState>}
      >
        {(list) => (
          <OrderTable
            orders={list}
            label="All orders"
            everyone
            rowTestId="admin-order-row"
            actions={orderState}
          />
        )}
      </QueryState>
      <CancelOrderDialog
        order={toCancel}
        whose={(order) => `${order.userName}'s unpaid`}
        busy={cancel.isPending}
        error={cancel.isError ? cancel.error.message : null}
        onConfirm={confirmCancel}
        onCancel={() => setToCancel(null)}
      />
    </section>
  );
}
