/**
 * Payments racing other requests (issue 15's mutation run found these branches untested): an
 * order that closes or is paid while the provider is being asked, a provider that cannot be
 * reached during an expiry, and Stripe events that name an intent or order the shop cannot find.
 * Test mode's provider is wrapped so that the other request lands exactly in the middle.
 */
import type { Tool } from '@shop/shared';
import pino from 'pino';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeEachDatabase } from '../../test/databases';
import { send, signUpWithToken } from '../../test/identity';
import {
  type Account,
  card,
  createStripeShop,
  deliverSucceededEvent,
  errorOf,
  openPayment,
  order,
  orderNow,
  sandboxIntentStatus,
  setOrderStatus,
  setUpShop,
} from '../../test/shop';
import { ordersServiceOf } from '../../test/settlement';
import { type TestApp, createTestApp } from '../../test/test-app';
import { createPaymentsService } from './payments.service';
import { type SandboxProvider, createSandboxProvider } from './sandbox-provider';

/** Runs once, in the middle of the provider's next call of that name. */
type Interruption = (() => Promise<void>) | undefined;

describeEachDatabase('payments racing other requests, test mode', (kind) => {
  let app: TestApp;
  let tool: Tool;
  let alice: Account;
  let sandbox: SandboxProvider;
  const interrupt: { afterCreateIntent?: Interruption; afterRetrieveIntent?: Interruption } = {};
  const runOnce = async (name: keyof typeof interrupt) => {
    const interruption = interrupt[name];
    interrupt[name] = undefined;
    await interruption?.();
  };
  // Made before the app, which it is given; it reaches the app's database once that is open.
  const racing: SandboxProvider = {
    name: 'sandbox',
    createIntent: async (input) => {
      const made = await sandbox.createIntent(input);
      await runOnce('afterCreateIntent');
      return made;
    },
    retrieveIntent: async (id) => {
      const found = await sandbox.retrieveIntent(id);
      await runOnce('afterRetrieveIntent');
      return found;
    },
    cancelIntent: (id) => sandbox.cancelIntent(id),
    refund: (intentId, amountCents, reason) => sandbox.refund(intentId, amountCents, reason),
    confirmCard: (payment, ownsOrder) => sandbox.confirmCard(payment, ownsOrder),
  };

  const intentStatus = (intentId: string) => sandboxIntentStatus(app, intentId);
  const payByCard = async (clientSecret: string) =>
    expect(
      (
        await send(app, 'POST', '/api/sandbox/confirm', alice.token, {
          clientSecret,
          card: card('4242424242424242'),
        })
      ).status,
    ).toBe(200);
  const pay = (orderId: string, transactionId: string) =>
    send(app, 'PATCH', `/api/purchase/${orderId}`, alice.token, { transactionId });

  beforeAll(async () => {
    app = await createTestApp(kind, { seed: false, paymentProvider: racing });
    sandbox = createSandboxProvider(app.database.db);
    ({ tool } = await setUpShop(app, 10_000));
    alice = await signUpWithToken(app);
  });
  afterAll(() => app.close());

  it('a cancel that lands while the payment page opens: 409, and the intent just made is closed', async () => {
    const placed = await order(app, alice, tool._id);
    let made = '';
    interrupt.afterCreateIntent = async () => {
      made = (
        await app.database.db
          .selectFrom('sandbox_payment_intents')
          .select('id')
          .where('order_id', '=', placed._id)
          .executeTakeFirstOrThrow()
      ).id;
      const cancelled = await send(app, 'POST', `/api/purchase/${placed._id}/cancel`, alice.token);
      expect(cancelled.status).toBe(200);
    };
    const opened = await send(app, 'POST', '/api/create-payment-intent', alice.token, {
      orderId: placed._id,
    });
    expect(opened.status).toBe(409);
    expect(await errorOf(opened)).toEqual({
      code: 'CONFLICT',
      message: 'This order is cancelled',
    });
    // The cancel could not see the intent; the page's request closed it after.
    expect(await intentStatus(made)).toBe('canceled');
  });

  it('paid by another payment while the page opens: 409, and the new intent stays open', async () => {
    const placed = await order(app, alice, tool._id);
    const first = await openPayment(app, alice, placed._id);
    await payByCard(first.clientSecret);
    interrupt.afterCreateIntent = async () => {
      expect((await pay(placed._id, first.intentId)).status).toBe(200);
    };
    const opened = await send(app, 'POST', '/api/create-payment-intent', alice.token, {
      orderId: placed._id,
    });
    expect(opened.status).toBe(409);
    expect(await errorOf(opened)).toEqual({
      code: 'ALREADY_PAID',
      message: 'This order is paid',
    });
    const second = await app.database.db
      .selectFrom('sandbox_payment_intents')
      .select(['id', 'status'])
      .where('order_id', '=', placed._id)
      .where('id', '!=', first.intentId)
      .executeTakeFirstOrThrow();
    // A paid order's other intent is not cancelled: it can no longer be paid anyway (the card
    // route reads the order), and a cancel would be one more call to the provider for nothing.
    expect(second.status).toBe('requires_payment_method');
    expect(await orderNow(app, alice, placed._id)).toMatchObject({
      status: 'paid',
      transactionId: first.intentId,
    });
  });

  it('closed while its payment was being checked: the payment is refunded, 409', async () => {
    const placed = await order(app, alice, tool._id);
    const { clientSecret, intentId } = await openPayment(app, alice, placed._id);
    await payByCard(clientSecret);
    // Another process closed the order between our read of it and our write.
    interrupt.afterRetrieveIntent = async () => {
      await setOrderStatus(app, placed._id, 'cancelled');
    };
    const refused = await pay(placed._id, intentId);
    expect(refused.status).toBe(409);
    expect(await errorOf(refused)).toEqual({
      code: 'ORDER_CANCELLED',
      message: 'This order was cancelled, so your payment has been refunded',
    });
    const refund = await app.database.db
      .selectFrom('payment_refunds')
      .select(['reason', 'amount_cents'])
      .where('intent_id', '=', intentId)
      .executeTakeFirstOrThrow();
    // The order's total: 2 x $ 14.50 and US Ground's $ 6.99 below its free threshold.
    expect(refund).toEqual({ reason: 'order_cancelled', amount_cents: 2900 + 699 });
  });

  it('an expiry that cannot reach the provider is postponed: false, the order stays unpaid', async () => {
    const placed = await order(app, alice, tool._id);
    await openPayment(app, alice, placed._id);
    const unreachable: SandboxProvider = {
      ...racing,
      cancelIntent: async () => {
        throw new Error('connect ECONNREFUSED');
      },
    };
    const payments = createPaymentsService(
      app.database.db,
      unreachable,
      ordersServiceOf(app),
      pino({ level: 'silent' }),
    );
    const expireInDatabase = async () => {
      throw new Error('the database step must not run before the provider is settled');
    };
    expect(await payments.expireOrder(placed._id, expireInDatabase)).toBe(false);
    expect((await orderNow(app, alice, placed._id)).status).toBe('unpaid');
  });
});

describeEachDatabase('Stripe events the shop cannot match', (kind) => {
  const webhookSecret = 'whsec_races_secret';
  let shop: Awaited<ReturnType<typeof createStripeShop>>;

  const succeeded = (intent: object) => deliverSucceededEvent(shop.app, webhookSecret, intent);

  beforeAll(async () => {
    shop = await createStripeShop(kind, webhookSecret);
  });
  afterAll(() => shop.close());

  it('an intent Stripe does not know is acknowledged and changes nothing', async () => {
    const answer = await succeeded({ id: 'pi_never_made', object: 'payment_intent' });
    expect(answer.status).toBe(200);
    expect(await answer.json()).toEqual({ received: true, changed: false });
  });

  it('a succeeded intent for an order the shop does not have is acknowledged, nothing paid', async () => {
    const { app, alice, tool, standIn } = shop;
    const placed = await order(app, alice, tool._id);
    const { intentId } = await openPayment(app, alice, placed._id);
    const intent = standIn.succeed(intentId);
    intent.metadata = { orderId: '00000000-0000-4000-8000-000000000000' };
    const answer = await succeeded(intent);
    expect(answer.status).toBe(200);
    expect(await answer.json()).toEqual({ received: true, changed: false });
    expect((await orderNow(app, alice, placed._id)).status).toBe('unpaid');
  });
});
