import pino from 'pino';
import { createOrderPaidFlow } from '../flows/order-paid';
import { createCartService } from '../modules/cart/cart.service';
import { createOrdersService } from '../modules/orders/orders.service';
import { createPaymentsService } from '../modules/payments/payments.service';
import { createSandboxProvider } from '../modules/payments/sandbox-provider';
import { send } from './identity';
import { type Account, card, uncachedTools } from './shop';
import { type TestApp, testEnv } from './test-app';

/**
 * What the settlement tests (a payment against a cancel or an expiry) share: the services as
 * the test app builds them, for the steps no route takes (the expiry job's), and what test mode
 * recorded at the provider.
 */

const silent = pino({ level: 'silent' });

/**
 * The orders service on the app's database, as the app builds it (no catalogue cache) and hands
 * it to payments: with the order-paid flow's `markPaid`.
 */
export function ordersServiceOf(app: TestApp) {
  const orders = createOrdersService(app.database.db, {
    tools: uncachedTools(app.database.db),
    cart: createCartService(app.database.db),
    unpaidOrderTtlMinutes: testEnv.UNPAID_ORDER_TTL_MINUTES,
    maxUnpaidOrders: testEnv.MAX_UNPAID_ORDERS,
  });
  return { ...orders, markPaid: createOrderPaidFlow(app.database.db, { orders }).markPaid };
}

/** The payments service on the app's database, with the provider and orders side given. */
export const paymentsServiceOf = (
  app: TestApp,
  provider: Parameters<typeof createPaymentsService>[1],
  orders: Parameters<typeof createPaymentsService>[2],
) => createPaymentsService(app.database.db, provider, orders, silent);

/** The orders, test mode's provider and the payments service on the app's database. */
export function sandboxServicesOf(app: TestApp) {
  const orders = ordersServiceOf(app);
  const provider = createSandboxProvider(app.database.db);
  return { orders, provider, payments: paymentsServiceOf(app, provider, orders) };
}

/** The payment form's test card (4242...) confirmed in test mode, as the browser does it. */
export const confirmTestCard = (app: TestApp, buyer: Account, clientSecret: string) =>
  send(app, 'POST', '/api/sandbox/confirm', buyer.token, {
    clientSecret,
    card: card('4242424242424242'),
  });

/** An order's refunds as test mode made them (the provider's side) and as the shop recorded them. */
export const sandboxRefundsOf = async (app: TestApp, orderId: string) => ({
  provider: await app.database.db
    .selectFrom('sandbox_refunds')
    .innerJoin('sandbox_payment_intents', 'sandbox_payment_intents.id', 'sandbox_refunds.intent_id')
    .select(['sandbox_refunds.id', 'sandbox_refunds.intent_id', 'sandbox_refunds.amount_cents'])
    .where('sandbox_payment_intents.order_id', '=', orderId)
    .execute(),
  shop: await app.database.db
    .selectFrom('payment_refunds')
    .selectAll()
    .where('order_id', '=', orderId)
    .execute(),
});
