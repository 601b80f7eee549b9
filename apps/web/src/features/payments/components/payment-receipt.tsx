import { formatMoney, type Order } from '@shop/shared';
import { Link } from 'react-router';
import { OrderStatusBadge } from '../../../components/ui/order-status-badge';
import { OrderDate } from '../../../components/ui/order-date';
import { OrderTools } from '../../../components/ui/order-lines';
import { OrderFigureRows, ShipToAddress } from '../../../components/ui/order-figures';
import { formatCalendarDay, formatCount } from '../../../lib/format';
import { paths } from '../../../lib/paths';
import { PaymentSuccess } from './payment-success';

interface PaymentReceiptProps {
  order: Order;
  /** The payment just made on this page: "Congratulation!!" and its id head the receipt. */
  paidNow: string | null;
  /** The buyer is offered the way back to My Orders (an admin has Manage All Orders above). */
  isBuyer: boolean;
}

/** A paid (or shipped) order's payment page: what was paid, for what, and the payment's id. */
export function PaymentReceipt({ order, paidNow, isBuyer }: PaymentReceiptProps) {
  // Paid here a moment ago: the order read before the payment may still say unpaid.
  const status = order.status === 'unpaid' ? 'paid' : order.status;
  const transactionId = paidNow ?? order.transactionId;
  return (
    <section
      aria-labelledby="receipt-title"
      className="card bg-base-100 border-base-300 max-w-xl border shadow-sm"
    >
      <div className="card-body gap-4">
        <h1 id="receipt-title" className="text-2xl font-bold">
          Receipt: {order.tool}
        </h1>
        {paidNow ? (
          <PaymentSuccess transactionId={paidNow} />
        ) : (
          <p className="flex flex-wrap items-center gap-2">
            <OrderStatusBadge status={status} />
            This order is paid{status === 'shipped' ? ' and on its way' : ''}.
          </p>
        )}
        <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-4 gap-y-2">
          <dt className="font-semibold">{order.lines.length > 1 ? 'Tools' : 'Tool'}</dt>
          <dd>
            <OrderTools order={order} />
          </dd>
          <dt className="font-semibold">Quantity</dt>
          <dd>
            {formatCount(order.quantity)}
            {order.unitPrice !== null && <> × {formatMoney(order.unitPrice)}</>}
          </dd>
          <OrderFigureRows order={order} />
          <dt className="font-semibold">Amount paid</dt>
          <dd className="font-semibold">{formatMoney(order.price)}</dd>
          {transactionId && !paidNow && (
            <>
              <dt className="font-semibold">Transaction id</dt>
              <dd className="font-mono break-all">{transactionId}</dd>
            </>
          )}
          <dt className="font-semibold">Ordered</dt>
          <dd>
            <OrderDate order={order} />
          </dd>
          {order.neededBy && (
            <>
              <dt className="font-semibold">Needed by</dt>
              <dd>{formatCalendarDay(order.neededBy)}</dd>
            </>
          )}
          <dt className="font-semibold">Deliver to</dt>
          <dd>
            <ShipToAddress order={order} />
          </dd>
        </dl>
        {isBuyer && (
          <Link to={paths.dashboard.orders} className="btn btn-primary btn-sm self-start">
            Back to My Orders
          </Link>
        )}
      </div>
    </section>
  );
}
