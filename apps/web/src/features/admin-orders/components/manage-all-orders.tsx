import type { Order } from '@shop/shared';
import { useState } from 'react';
import { CancelOrderDialog } from '../../../components/ui/cancel-order-dialog';
import { Link } from 'react-router';
import { EmptyState } from '../../../components/ui/empty-state';
import { ErrorState } from '../../../components/ui/error-state';
import { OrderStatusBadge } from '../../../components/ui/order-status-badge';
import { PayBy } from '../../../components/ui/pay-by';
import { Spinner } from '../../../components/ui/spinner';
import { formatCalendarDay, formatCount, formatPrice } from '../../../lib/format';
import { paths } from '../../../lib/paths';
import { useCancelCustomerOrder } from '../api/cancel-order';
import { useAllOrders } from '../api/get-all-orders';
import { useShipOrder } from '../api/ship-order';

/** A long address may wrap before its "@", and nowhere else. */
function EmailBreakable({ email }: { email: string }) {
  const at = email.lastIndexOf('@');
  if (at <= 0) return <span className="break-all">{email}</span>;
  return (
    <span>
      {email.slice(0, at)}
      <wbr />
      {email.slice(at)}
    </span>
  );
}

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

  let body;
  if (orders.isPending) body = <Spinner label="Loading all orders" />;
  else if (orders.isError)
    body = (
      <ErrorState
        title="The orders could not be loaded"
        error={orders.error}
        onRetry={() => void orders.refetch()}
      />
    );
  else if (orders.data.length === 0) body = <EmptyState>No orders yet.</EmptyState>;
  else
    body = (
      <>
        {/* Small screens: one card per order instead of nine columns. */}
        <ul className="flex flex-col gap-3 md:hidden" aria-label="All orders">
          {orders.data.map((order, index) => (
            <li
              key={order._id}
              className="rounded-box border-base-300 bg-base-100 flex flex-col gap-3 border p-4"
            >
              <div className="flex items-start justify-between gap-3">
                <p className="font-semibold">
                  <span className="text-base-content/70">{index + 1}.</span> {order.tool}
                </p>
                <p className="font-semibold whitespace-nowrap">{formatPrice(order.price)}</p>
              </div>
              <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-3 gap-y-1 text-sm">
                <dt className="font-medium">Name</dt>
                <dd>{order.userName}</dd>
                <dt className="font-medium">Email</dt>
                <dd className="break-words">{order.userEmail}</dd>
                <dt className="font-medium">Quantity</dt>
                <dd>{formatCount(order.quantity)}</dd>
                <dt className="font-medium">Address</dt>
                <dd className="whitespace-pre-line">{order.address}</dd>
                <dt className="font-medium">Needed by</dt>
                <dd>{order.neededBy ? formatCalendarDay(order.neededBy) : '—'}</dd>
              </dl>
              <OrderState
                order={order}
                shipping={ship.isPending && ship.variables === order._id}
                onShip={onShip}
                onCancel={openCancel}
              />
            </li>
          ))}
        </ul>
        <div
          className="rounded-box border-base-300 hidden overflow-x-auto border md:block"
          role="region"
          aria-label="All orders table"
          tabIndex={0}
        >
          <table className="table-zebra table-sm table">
            <thead>
              <tr>
                <th scope="col">#</th>
                <th scope="col">Name</th>
                <th scope="col">Email</th>
                <th scope="col">Tool</th>
                <th scope="col" className="text-right">
                  Quantity
                </th>
                <th scope="col" className="text-right">
                  Price
                </th>
                <th scope="col">Address</th>
                <th scope="col">Needed by</th>
                <th scope="col">Payment</th>
              </tr>
            </thead>
            <tbody>
              {orders.data.map((order, index) => (
                <tr key={order._id} data-testid="admin-order-row">
                  <th scope="row">{index + 1}</th>
                  <td className="whitespace-nowrap">{order.userName}</td>
                  <td>
                    <EmailBreakable email={order.userEmail} />
                  </td>
                  <td className="min-w-28">{order.tool}</td>
                  <td className="text-right">{formatCount(order.quantity)}</td>
                  <td className="text-right whitespace-nowrap">{formatPrice(order.price)}</td>
                  <td className="min-w-40 whitespace-pre-line">{order.address}</td>
                  <td className="whitespace-nowrap">
                    {order.neededBy ? formatCalendarDay(order.neededBy) : '—'}
                  </td>
                  <td>
                    <OrderState
                      order={order}
                      shipping={ship.isPending && ship.variables === order._id}
                      onShip={onShip}
                      onCancel={openCancel}
                    />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </>
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
      {body}
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
