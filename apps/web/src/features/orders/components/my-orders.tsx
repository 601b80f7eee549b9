import { can, LIST_PAGE_SIZE_DEFAULT, type Order } from '@shop/shared';
import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { toast } from 'sonner';
import { CancelOrderDialog } from '../../../components/ui/cancel-order-dialog';
import { OrderStatusBadge } from '../../../components/ui/order-status-badge';
import { OrderTable } from '../../../components/ui/order-table';
import { Pager } from '../../../components/ui/pager';
import { PayBy } from '../../../components/ui/pay-by';
import { QueryState } from '../../../components/ui/query-state';
import { ApiError } from '../../../lib/api-client';
import { paths } from '../../../lib/paths';
import { pageCountOf } from '../../../lib/use-filtered-page';
import { useCancelOrder } from '../../../lib/cancel-order';
import { useMyOrders } from '../api/get-my-orders';

interface MyOrdersProps {
  email: string;
  /** A 401 or 403 for one's own orders ends the session (sign out, token gone, to /). */
  onSessionRejected: () => void;
}

const isSessionRejected = (error: unknown) =>
  error instanceof ApiError && (error.status === 401 || error.status === 403);

function OrderActions({ order, onCancel }: { order: Order; onCancel: (order: Order) => void }) {
  const payable = can(order, 'pay', 'buyer');
  const cancellable = can(order, 'cancel', 'buyer');
  if (!payable && !cancellable) {
    return (
      <div className="flex flex-col items-start gap-1">
        <OrderStatusBadge status={order.status} />
        {order.transactionId && (
          <span className="text-base-content/70 text-xs break-all">
            Transaction id: {order.transactionId}
          </span>
        )}
      </div>
    );
  }
  return (
    <div className="flex flex-wrap items-center gap-2">
      {payable && (
        <>
          <PayBy payBy={order.payBy} className="basis-full whitespace-nowrap" />
          <Link
            to={paths.dashboard.payment(order._id)}
            className="btn btn-primary btn-sm"
            aria-label={`Pay for ${order.tool}`}
          >
            Pay
          </Link>
        </>
      )}
      {cancellable && (
        <button
          type="button"
          className="btn btn-sm border-red-700 bg-transparent text-red-800 hover:bg-red-50"
          aria-label={`Cancel the order of ${order.tool}`}
          onClick={() => onCancel(order)}
        >
          Cancel
        </button>
      )}
    </div>
  );
}

/**
 * My Orders: the signed-in user's orders, 20 a page, with their count; an unpaid one can be
 * paid or cancelled (after a confirmation), a paid or shipped one shows its badge.
 */
export function MyOrders({ email, onSessionRejected }: MyOrdersProps) {
  const [page, setPage] = useState(1);
  const orders = useMyOrders(email, page);
  const cancel = useCancelOrder();
  const [toCancel, setToCancel] = useState<Order | null>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const rejected = isSessionRejected(orders.error);

  useEffect(() => {
    if (rejected) onSessionRejected();
  }, [rejected, onSessionRejected]);

  const count = orders.data?.total;
  const openCancel = (order: Order) => {
    cancel.reset();
    setToCancel(order);
  };
  const confirmCancel = () => {
    if (!toCancel) return;
    cancel.mutate(toCancel._id, {
      onSuccess: (order) => {
        setToCancel(null);
        toast.success(`Your order of ${order.tool} was cancelled.`);
        // The row's buttons are gone: focus goes to the list's title.
        headingRef.current?.focus();
      },
    });
  };

  return (
    <section aria-labelledby="my-orders-title" className="flex flex-col gap-4">
      <h1
        id="my-orders-title"
        ref={headingRef}
        tabIndex={-1}
        className="text-2xl font-bold focus:outline-none"
      >
        My Orders{count === undefined ? '' : ` (${count})`}
      </h1>
      <QueryState
        query={orders}
        pending={rejected}
        pendingLabel="Loading your orders"
        errorTitle="Your orders could not be loaded"
        isEmpty={({ items }) => items.length === 0}
        empty={
          <div className="py-10 text-center">
            <p className="text-base-content/70">You have no orders yet</p>
            <Link to={`${paths.home}#${paths.ourToolsAnchor}`} className="btn btn-primary mt-4">
              Browse the tools
            </Link>
          </div>
        }
      >
        {({ items, total }) => (
          <div
            aria-busy={orders.isFetching}
            className={orders.isPlaceholderData ? 'opacity-60 transition-opacity' : undefined}
          >
            <OrderTable
              orders={items}
              label="My orders"
              numberedFrom={(page - 1) * LIST_PAGE_SIZE_DEFAULT}
              rowTestId="order-row"
              actions={(order) => <OrderActions order={order} onCancel={openCancel} />}
            />
            <Pager
              label="Order pages"
              page={page}
              pageCount={pageCountOf(total, LIST_PAGE_SIZE_DEFAULT)}
              onPageChange={setPage}
              className="mt-6"
            />
          </div>
        )}
      </QueryState>
      <CancelOrderDialog
        order={toCancel}
        whose={() => 'your'}
        busy={cancel.isPending}
        error={cancel.isError ? cancel.error.message : null}
        onConfirm={confirmCancel}
        onCancel={() => setToCancel(null)}
      />
    </section>
  );
}
