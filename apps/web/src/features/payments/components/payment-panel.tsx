import { can, formatMoney, type Order } from '@shop/shared';
import { type ReactNode, useState } from 'react';
import { ErrorState } from '../../../components/ui/error-state';
import { LazyPiece } from '../../../components/ui/lazy-piece';
import { OrderStatusBadge } from '../../../components/ui/order-status-badge';
import { PayBy } from '../../../components/ui/pay-by';
import { QueryState } from '../../../components/ui/query-state';
import { Spinner } from '../../../components/ui/spinner';
import { OrderTools } from '../../../components/ui/order-lines';
import { OrderFigures, ShipToAddress } from '../../../components/ui/order-figures';
import { formatCalendarDay, formatCount } from '../../../lib/format';
import { lazyModule } from '../../../lib/lazy-module';
import { usePaymentIntent } from '../api/create-payment-intent';
import { useOrder } from '../api/get-order';
import { usePaymentConfig } from '../api/get-payment-config';
import { PaymentReceipt } from './payment-receipt';
import { SandboxCardForm } from './sandbox-card-form';

/** Stripe Elements and its React bindings load only on a shop set up for Stripe. */
const stripeCardForm = lazyModule(() => import('./stripe-card-form'));

interface PaymentPanelProps {
  orderId: string;
  /** The signed-in user: only the buyer pays (an admin may look at any order). */
  viewerEmail: string;
}

function Card({ children, label }: { children: ReactNode; label: string }) {
  return (
    <section aria-label={label} className="card bg-base-100 border-base-300 border shadow-sm">
      <div className="card-body gap-3">{children}</div>
    </section>
  );
}

/** What the order is; a cancelled order is not asked for money. */
function OrderSummary({ order }: { order: Order }) {
  const cancelled = order.status === 'cancelled';
  return (
    <Card label="Order">
      <h1 className="text-2xl font-bold">
        {cancelled ? 'Cancelled order' : 'Pay For'}: {order.tool}
      </h1>
      {!cancelled && <p className="text-primary font-semibold">Get Your Delivery Soon</p>}
      <p className="text-lg">
        {cancelled ? 'Total' : 'Please pay'}: <strong>{formatMoney(order.price)}</strong>
      </p>
      <OrderFigures order={order} />
      <PayBy payBy={order.status === 'unpaid' ? order.payBy : null} explained />
      <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
        {order.lines.length > 1 && (
          <>
            <dt className="font-medium">Tools</dt>
            <dd>
              <OrderTools order={order} />
            </dd>
          </>
        )}
        <dt className="font-medium">Quantity</dt>
        <dd>
          {formatCount(order.quantity)}
          {order.unitPrice !== null && <> × {formatMoney(order.unitPrice)}</>}
        </dd>
        {order.neededBy && (
          <>
            <dt className="font-medium">Needed by</dt>
            <dd>{formatCalendarDay(order.neededBy)}</dd>
          </>
        )}
        <dt className="font-medium">Deliver to</dt>
        <dd>
          <ShipToAddress order={order} />
        </dd>
      </dl>
    </Card>
  );
}

/**
 * The payment page: what is paid for and how much, then the card form of the
 * configured provider: the sandbox ("Test mode", the default) or Stripe. A paid order, or one
 * just paid here, shows its receipt instead.
 */
export function PaymentPanel({ orderId, viewerEmail }: PaymentPanelProps) {
  const order = useOrder(orderId);
  const config = usePaymentConfig();
  const [paidWith, setPaidWith] = useState<string | null>(null);
  const payable =
    order.data !== undefined &&
    can(order.data, 'pay', 'buyer') &&
    order.data.userEmail === viewerEmail &&
    paidWith === null;
  const intent = usePaymentIntent(orderId, payable);

  const payment = (paying: Order): ReactNode => {
    if (paying.status === 'cancelled')
      return (
        <div className="flex flex-col items-start gap-2">
          <OrderStatusBadge status="cancelled" />
          <p>This order was cancelled. There is nothing to pay.</p>
        </div>
      );
    if (paying.userEmail !== viewerEmail)
      return (
        <p>
          Only {paying.userName} ({paying.userEmail}) can pay for this order. It stays pending until
          they do.
        </p>
      );
    return (
      <QueryState
        query={config}
        pendingLabel="Getting the card form ready"
        errorTitle="The card form could not be set up"
      >
        {(provider) =>
          // A failed refresh keeps the card form it already has.
          intent.isError && !intent.data ? (
            <ErrorState
              title="The payment could not be started"
              error={intent.error}
              onRetry={() => void intent.refetch()}
            />
          ) : provider.provider === 'stripe' ? (
            <LazyPiece
              module={stripeCardForm}
              placeholder={<Spinner label="Loading the card form" />}
              failedTitle="The card form could not be loaded"
            >
              {({ default: StripeCardForm }) => (
                <StripeCardForm
                  publishableKey={provider.publishableKey}
                  order={paying}
                  clientSecret={intent.data?.clientSecret}
                  onPaid={setPaidWith}
                />
              )}
            </LazyPiece>
          ) : (
            <SandboxCardForm
              order={paying}
              clientSecret={intent.data?.clientSecret}
              onPaid={setPaidWith}
            />
          )
        }
      </QueryState>
    );
  };

  return (
    <QueryState
      query={order}
      pendingLabel="Loading the order"
      errorTitle="This order could not be loaded"
    >
      {(loaded) =>
        paidWith || loaded.status === 'paid' || loaded.status === 'shipped' ? (
          <PaymentReceipt
            order={loaded}
            paidNow={paidWith}
            isBuyer={loaded.userEmail === viewerEmail}
          />
        ) : (
          <div className="grid max-w-5xl items-start gap-6 lg:grid-cols-2">
            <OrderSummary order={loaded} />
            <Card label="Payment">{payment(loaded)}</Card>
          </div>
        )
      }
    </QueryState>
  );
}
