/**
 * A payment refused says why: what the provider must say before an order is paid, what a
 * shipped, paid or cancelled order answers, and the expiry's step for one order, in test mode.
 */
import type { Tool } from '@shop/shared';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describeEachDatabase } from '../../test/databases';
import { signUpWithToken, send } from '../../test/identity';
import {
  type Account,
  card,
  errorOf,
  openPayment,
  order,
  orderNow,
  setOrderStatus,
  setUpShop,
} from '../../test/shop';
import { ordersServiceOf } from '../../test/settlement';
import { type TestApp, createTestApp } from '../../test/test-app';
import { createPaymentsService } from './payments.service';
import { createSandboxProvider } from './sandbox-provider';

const pay = (app: TestApp, buyer: Account, orderId: string, transactionId: string) =>
  send(app, 'PATCH', `/api/purchase/${orderId}`, buyer.token, { transactionId });

describeEachDatabase('payment refusals, test mode', (kind) => {
  let app: TestApp;
  let tool: Tool;
  let admin: Account;
  let alice: Account;

  /** Opens the order's payment and pays it with the test card; answers the intent's id. */
  const paidWithCard = async (buyer: Account, orderId: string) => {
    const { clientSecret, intentId } = await openPayment(app, buyer, orderId);
    const confirmed = await send(app, 'POST', '/api/sandbox/confirm', buyer.token, {
      clientSecret,
      card: card('4242424242424242'),
    });
    expect(confirmed.status).toBe(200);
    return intentId;
  };

  beforeAll(async () => {
    app = await createTestApp(kind, { seed: false });
    ({ tool, admin } = await setUpShop(app, 10_000));
    alice = await signUpWithToken(app);
  });
  afterAll(() => app.close());

  it('a shipped order cannot be paid again, and says it is shipped', async () => {
    const placed = await order(app, alice, tool._id);
    const first = await paidWithCard(alice, placed._id);
    expect((await pay(app, alice, placed._id, first)).status).toBe(200);
    const shipped = await send(app, 'POST', `/api/purchase/${placed._id}/ship`, admin.token);
    expect(shipped.status).toBe(200);

    // Another payment opened in a second tab before the first went through.
    const other = await order(app, alice, tool._id);
    const unrelated = await openPayment(app, alice, other._id);
    const again = await pay(app, alice, placed._id, unrelated.intentId);
    expect(again.status).toBe(409);
    expect(await errorOf(again)).toEqual({
      code: 'ALREADY_PAID',
      message: 'This order is shipped and cannot be paid again',
    });
    // The shipped order's own payment, reported again, changes nothing.
    expect((await pay(app, alice, placed._id, first)).status).toBe(200);
    expect(await orderNow(app, alice, placed._id)).toMatchObject({
      status: 'shipped',
      transactionId: first,
    });
  });

  it("a cancelled order refuses another order's payment, and leaves that payment alone", async () => {
    const cancelled = await order(app, alice, tool._id);
    expect(
      (await send(app, 'POST', `/api/purchase/${cancelled._id}/cancel`, alice.token)).status,
    ).toBe(200);
    const other = await order(app, alice, tool._id);
    const othersPayment = await paidWithCard(alice, other._id);

    const refused = await pay(app, alice, cancelled._id, othersPayment);
    expect(refused.status).toBe(409);
    expect(await errorOf(refused)).toEqual({
      code: 'ORDER_CANCELLED',
      message: 'This order was cancelled and cannot be paid',
    });
    const refunds = await app.database.db
      .selectFrom('sandbox_refunds')
      .select('intent_id')
      .where('intent_id', '=', othersPayment)
      .execute();
    expect(refunds).toEqual([]);
    // The other order is still paid by it.
    expect((await pay(app, alice, other._id, othersPayment)).status).toBe(200);
  });

  it("test mode's card confirmation says why a payment can no longer be made", async () => {
    const confirm = (clientSecret: string, number = '4242424242424242') =>
      send(app, 'POST', '/api/sandbox/confirm', alice.token, { clientSecret, card: card(number) });
    // A closed payment is said to be closed before the card is looked at: a declined card
    // would otherwise be answered as declined.
    const declined = '4000000000000002';
    const unknown = await confirm('pi_sandbox_unknown_secret_nothing');
    expect(unknown.status).toBe(404);
    expect(await errorOf(unknown)).toEqual({ code: 'NOT_FOUND', message: 'Payment not found' });

    // Paid meanwhile through another way (a second tab's payment).
    const paidElsewhere = await order(app, alice, tool._id);
    const first = await openPayment(app, alice, paidElsewhere._id);
    await setOrderStatus(app, paidElsewhere._id, 'paid');
    const paid = await confirm(first.clientSecret, declined);
    expect(paid.status).toBe(409);
    expect(await errorOf(paid)).toEqual({
      code: 'ALREADY_PAID',
      message: 'This order is already paid',
    });
    await setOrderStatus(app, paidElsewhere._id, 'shipped');
    const shipped = await confirm(first.clientSecret, declined);
    expect(await errorOf(shipped)).toEqual({
      code: 'ALREADY_PAID',
      message: 'This order is already paid',
    });

    // A cancel that stopped after cancelling the intent: the order is still unpaid.
    const halfCancelled = await order(app, alice, tool._id);
    const stale = await openPayment(app, alice, halfCancelled._id);
    await app.database.db
      .updateTable('sandbox_payment_intents')
      .set({ status: 'canceled' })
      .where('id', '=', stale.intentId)
      .execute();
    const cancelledIntent = await confirm(stale.clientSecret, declined);
    expect(cancelledIntent.status).toBe(409);
    expect(await errorOf(cancelledIntent)).toEqual({
      code: 'CONFLICT',
      message: 'This payment was cancelled. Open the payment page again to pay.',
    });
    // A new page pays.
    const fresh = await openPayment(app, alice, halfCancelled._id);
    expect(fresh.intentId).not.toBe(stale.intentId);
    expect((await confirm(fresh.clientSecret)).status).toBe(200);
  });

  it('a paid order cannot be cancelled, and says it is paid, by buyer or admin', async () => {
    const placed = await order(app, alice, tool._id);
    const intent = await paidWithCard(alice, placed._id);
    expect((await pay(app, alice, placed._id, intent)).status).toBe(200);
    for (const who of [alice, admin]) {
      const refused = await send(app, 'POST', `/api/purchase/${placed._id}/cancel`, who.token);
      expect(refused.status).toBe(409);
      // The order's own state, not the provider's: nothing is asked of it for a paid order.
      expect(await errorOf(refused)).toEqual({
        code: 'CONFLICT',
        message: 'This order is paid and can no longer be cancelled',
      });
    }
  });

  // Each of these leaves unpaid orders: a buyer of its own keeps alice under the limit.
  it('opening the payment page again reuses its open intent', async () => {
    const buyer = await signUpWithToken(app);
    const placed = await order(app, buyer, tool._id);
    const first = await openPayment(app, buyer, placed._id);
    expect(await openPayment(app, buyer, placed._id)).toEqual(first);
  });

  it('a card confirmed twice, one after the other or both at once, is one payment', async () => {
    const buyer = await signUpWithToken(app);
    const confirm = (clientSecret: string) =>
      send(app, 'POST', '/api/sandbox/confirm', buyer.token, {
        clientSecret,
        card: card('4242424242424242'),
      });
    const once = await order(app, buyer, tool._id);
    const page = await openPayment(app, buyer, once._id);
    for (let attempt = 0; attempt < 2; attempt++) {
      const answer = await confirm(page.clientSecret);
      expect(answer.status).toBe(200);
      expect(await answer.json()).toEqual({ id: page.intentId, status: 'succeeded' });
    }
    const atOnce = await order(app, buyer, tool._id);
    const both = await openPayment(app, buyer, atOnce._id);
    const answers = await Promise.all([confirm(both.clientSecret), confirm(both.clientSecret)]);
    for (const answer of answers) {
      expect(answer.status).toBe(200);
      expect(await answer.json()).toEqual({ id: both.intentId, status: 'succeeded' });
    }
  });

  it('test mode refuses to refund a payment that has not succeeded', async () => {
    const buyer = await signUpWithToken(app);
    const placed = await order(app, buyer, tool._id);
    const { intentId } = await openPayment(app, buyer, placed._id);
    await expect(
      createSandboxProvider(app.database.db).refund(intentId, 2900, 'order_cancelled'),
    ).rejects.toThrow(`Test mode cannot refund ${intentId}: it has not succeeded`);
  });

  describe('the expiry step of one order', () => {
    const payments = () => {
      return createPaymentsService(
        app.database.db,
        createSandboxProvider(app.database.db),
        ordersServiceOf(app),
        pino({ level: 'silent' }),
      );
    };
    const expireInDatabase = async () => {
      throw new Error('the database step must not run for this order');
    };

    it('leaves an order that is not unpaid, or not there, without asking the database', async () => {
      const placed = await order(app, alice, tool._id);
      const intent = await paidWithCard(alice, placed._id);
      expect((await pay(app, alice, placed._id, intent)).status).toBe(200);
      expect(await payments().expireOrder(placed._id, expireInDatabase)).toBe(false);
      expect(
        await payments().expireOrder('00000000-0000-4000-8000-000000000000', expireInDatabase),
      ).toBe(false);
    });

    it('touches no payment of an order the database step did not expire', async () => {
      const placed = await order(app, alice, tool._id);
      let opened = '';
      // The step finds the order no longer due (paid, or its time moved); meanwhile the
      // customer opened the payment page again.
      const notDue = async () => {
        opened = (await openPayment(app, alice, placed._id)).intentId;
        return false;
      };
      expect(await payments().expireOrder(placed._id, notDue)).toBe(false);
      const intent = await app.database.db
        .selectFrom('sandbox_payment_intents')
        .select('status')
        .where('id', '=', opened)
        .executeTakeFirstOrThrow();
      expect(intent.status).toBe('requires_payment_method');
      expect((await orderNow(app, alice, placed._id)).status).toBe('unpaid');
    });

    it('does not expire an order whose card went through but was not reported yet', async () => {
      const placed = await order(app, alice, tool._id);
      await paidWithCard(alice, placed._id);
      expect(await payments().expireOrder(placed._id, expireInDatabase)).toBe(false);
      expect((await orderNow(app, alice, placed._id)).status).toBe('paid');
    });
  });
});
