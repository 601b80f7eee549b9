import { Link, useParams } from 'react-router';
import { can, formatOrderNumber, formatPhone, type Order } from '@shop/shared';
import { OrderDate } from '../../../components/ui/order-date';
import { OrderLinesTable } from '../../../components/ui/order-lines';
import { ShipToAddress, shippingMethodText } from '../../../components/ui/order-figures';
import { OrderStatusBadge } from '../../../components/ui/order-status-badge';
import { QueryState } from '../../../components/ui/query-state';
import { Spinner } from '../../../components/ui/spinner';
import { OrderAdminActions } from '../../../features/admin-orders/components/order-admin-actions';
import { useAuth } from '../../../features/auth/hooks/use-auth';
import { OrderDocuments } from '../../../features/invoices/components/order-documents';
import { OrderHistory } from '../../../features/orders/components/order-history';
import { OrderReturns } from '../../../features/returns/components/order-returns';
import { useOrder } from '../../../features/payments/api/get-order';
import { formatCalendarDay } from '../../../lib/format';
import { paths } from '../../../lib/paths';
import { BackToOrders } from './back-to-orders';

/** The carrier, and the tracking number as a link to the carrier's tracking page. */
function ShipmentText({ shipment }: { shipment: NonNullable<Order['shipment']> }) {
  if (!shipment.trackingNumber) return <>{shipment.carrier}</>;
  return (
    <>
      {shipment.carrier}, tracking number{' '}
      {shipment.trackingUrl ? (
        <a
          href={shipment.trackingUrl}
          className="link break-all"
          target="_blank"
          rel="noopener noreferrer"
        >
          {shipment.trackingNumber}
          <span className="sr-only"> (track the parcel, opens in a new tab)</span>
        </a>
      ) : (
        shipment.trackingNumber
      )}
    </>
  );
}

/**
 * /dashboard/orders/{id}: one order with its lines, delivery details, invoice and credit notes,
 * and history.
 */
export default function OrderRoute() {
  const { id = '' } = useParams();
  const { user, isAdmin } = useAuth();
  const order = useOrder(id);
  if (!user) return <Spinner label="Loading the order" />;
  return (
    <div className="flex flex-col gap-4">
      <BackToOrders isAdmin={isAdmin} />
      <QueryState
        query={order}
        pendingLabel="Loading the order"
        errorTitle="The order could not be loaded"
      >
        {(shown) => (
          <article aria-labelledby="order-title" className="flex flex-col gap-6">
            <header className="flex flex-wrap items-center gap-3">
              <h1 id="order-title" className="text-2xl font-bold">
                Order {formatOrderNumber(shown.number)} of <OrderDate order={shown} />
              </h1>
              <OrderStatusBadge status={shown.status} />
              {can(shown, 'pay', 'buyer') && shown.userEmail === user.email && (
                <Link to={paths.dashboard.payment(shown._id)} className="btn btn-primary btn-sm">
                  Pay
                </Link>
              )}
            </header>
            {isAdmin && <OrderAdminActions order={shown} />}
            <OrderLinesTable order={shown} />
            <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-4 gap-y-2">
              <dt className="font-semibold">Buyer</dt>
              <dd>
                {shown.userName}, <span className="break-all">{shown.userEmail}</span>
              </dd>
              <dt className="font-semibold">Deliver to</dt>
              <dd>
                <ShipToAddress order={shown} />
              </dd>
              {shown.shipping && (
                <>
                  <dt className="font-semibold">Shipping</dt>
                  <dd>{shippingMethodText(shown.shipping)}</dd>
                </>
              )}
              {shown.shipment && (
                <>
                  <dt className="font-semibold">Carrier</dt>
                  <dd>
                    <ShipmentText shipment={shown.shipment} />
                  </dd>
                </>
              )}
              <dt className="font-semibold">Phone</dt>
              <dd>{formatPhone(shown.phone)}</dd>
              <dt className="font-semibold">Needed by</dt>
              <dd>{shown.neededBy ? formatCalendarDay(shown.neededBy) : '—'}</dd>
              {shown.transactionId && (
                <>
                  <dt className="font-semibold">Transaction id</dt>
                  <dd className="font-mono break-all">{shown.transactionId}</dd>
                </>
              )}
            </dl>
            <OrderDocuments order={shown} />
            <OrderReturns
              order={shown}
              isBuyer={shown.userEmail === user.email}
              isAdmin={isAdmin}
            />
            <OrderHistory orderId={shown._id} />
          </article>
        )}
      </QueryState>
    </div>
  );
}
