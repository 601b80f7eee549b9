/**
 * Issue 13: payment and cancel exclude each other. A cancel or an expiry settles with the
 * provider first; a confirmation for an order that is no longer unpaid is refused; a payment that
 * succeeds anyway is refunded through the provider, once.
 */
import type { Tool } from '@shop/shared';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describeEachDatabase } from '../../test/databases';
import { send, signUpWithToken } from '../../test/identity';
import {
  type Account,
  card,
  openPayment,
  order,
  orderNow,
  sandboxIntentStatus,
  setUpShop,
  stockOf,
  uncachedTools,
} from '../../test/shop';
import { type TestApp, createTestApp, testEnv } from '../../test/test-app';
import { createOrdersService } from '../orders/orders.service';
import { createPaymentsService } from './payments.service';
import { createSandboxProvider } from './sandbox-provider';
import { createCartService } from '../cart/cart.service';

/** The orders service as the test app builds it (for what no route does). */
const ordersOptions = (app: TestApp) => ({
  tools: uncachedTools(app.database.db),
  cart: createCartService(app.database.db),
  unpaidOrderTtlMinutes: testEnv.UNPAID_ORDER_TTL_MINUTES,
  maxUnpaidOrders: testEnv.MAX_UNPAID_ORDERS,
});

const silent = pino({ level: 'silent' });

describeEachDatabase('an expiry settles the payment first, test mode', (kind) => {
  let app: TestApp;
  let tool: Tool;
  let alice: Account;

  const confirmCard = (buyer: Account, clientSecret: string) =>
    send(app, 'POST', '/api/sandbox/confirm', buyer.token, {
      clientSecret,
      card: card('4242424242424242'),
    });

  const intentStatus = (intentId: string) => sandboxIntentStatus(app, intentId);
  /** Refunds as test mode made them (the provider's side) and as the shop recorded them. */
  const refundsOf = async (orderId: string) => ({
    provider: await app.database.db
      .selectFrom('sandbox_refunds')
      .innerJoin(
        'sandbox_payment_intents',
        'sandbox_payment_intents.id',
        'sandbox_refunds.intent_id',
      )
      .select(['sandbox_refunds.id', 'sandbox_refunds.intent_id', 'sandbox_refunds.amount_cents'])
      .where('sandbox_payment_intents.order_id', '=', orderId)
      .execute(),
    shop: await app.database.db
      .selectFrom('payment_refunds')
      .selectAll()
      .where('order_id', '=', orderId)
      .execute(),
  });
  /** The services on the app's database, for what no route does (the expiry job's step). */
  const services = () => {
    const orders = createOrdersService(app.database.db, ordersOptions(app));
    const provider = createSandboxProvider(app.database.db);
    return {
      orders,
      provider,
      payments: createPaymentsService(app.database.db, provider, orders, silent),
    };
  };

  beforeAll(async () => {
    app = await createTestApp(kind, { seed: false });
    ({ tool } = await setUpShop(app, 100_000));
    alice = await signUpWithToken(app);
  });
  afterAll(() => app.close());

  describe('expiry (the job calls expireOrder with its database step)', () => {
    /** The database step as the orders side does it: unpaid to cancelled, stock back. */
    const expireInDatabase = (calls: string[]) => async (orderId: string) => {
      calls.push(orderId);
      const row = await app.database.db
        .updateTable('orders')
        .set({ status: 'cancelled' })
        .where('id', '=', orderId)
        .where('status', '=', 'unpaid')
        .returning(['tool_id', 'quantity'])
        .executeTakeFirst();
      if (!row) return false;
      await app.database.db
        .updateTable('tools')
        .set((eb) => ({ available_quantity: eb('available_quantity', '+', row.quantity) }))
        .where('id', '=', row.tool_id)
        .execute();
      return true;
    };

    it('cancels the open intent first, then expires: the old page can no longer pay', async () => {
      const placed = await order(app, alice, tool._id);
      const { clientSecret, intentId } = await openPayment(app, alice, placed._id);
      const calls: string[] = [];
      expect(await services().payments.expireOrder(placed._id, expireInDatabase(calls))).toBe(true);
      expect(calls).toEqual([placed._id]);
      expect(await intentStatus(intentId)).toBe('canceled');
      expect((await confirmCard(alice, clientSecret)).status).toBe(409);
      expect((await orderNow(app, alice, placed._id)).status).toBe('cancelled');
    });

    it('does not expire an order whose card went through: it becomes paid', async () => {
      const placed = await order(app, alice, tool._id);
      const stock = await stockOf(app, tool._id);
      const { clientSecret, intentId } = await openPayment(app, alice, placed._id);
      expect((await confirmCard(alice, clientSecret)).status).toBe(200);
      const calls: string[] = [];
      expect(await services().payments.expireOrder(placed._id, expireInDatabase(calls))).toBe(
        false,
      );
      expect(calls).toEqual([]);
      expect(await orderNow(app, alice, placed._id)).toMatchObject({
        status: 'paid',
        transactionId: intentId,
      });
      expect(await stockOf(app, tool._id)).toBe(stock);
    });

    it('refunds a card that went through while the order expired', async () => {
      const placed = await order(app, alice, tool._id);
      const first = await openPayment(app, alice, placed._id);
      const calls: string[] = [];
      const expire = expireInDatabase(calls);
      let paidMeanwhile: string | undefined;
      const expired = await services().payments.expireOrder(placed._id, async (orderId) => {
        // The first intent is cancelled by now; a page opened at this moment gets a new one,
        // and its card goes through while the order is still unpaid.
        expect((await confirmCard(alice, first.clientSecret)).status).toBe(409);
        const late = await openPayment(app, alice, placed._id);
        expect((await confirmCard(alice, late.clientSecret)).status).toBe(200);
        paidMeanwhile = late.intentId;
        return expire(orderId);
      });
      expect(expired).toBe(true);
      const refunds = await refundsOf(placed._id);
      expect(refunds.provider.map((refund) => refund.intent_id)).toEqual([paidMeanwhile]);
      expect(refunds.shop[0]?.reason).toBe('order_expired');
    });
  });
});
