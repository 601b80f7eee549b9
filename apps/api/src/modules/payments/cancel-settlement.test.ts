/**
 * Issue 13: payment and cancel exclude each other. A cancel or an expiry settles with the
 * provider first; a confirmation for an order that is no longer unpaid is refused; a payment that
 * succeeds anyway is refunded through the provider, once.
 */
import type { Order, Tool } from '@shop/shared';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeEachDatabase } from '../../test/databases';
import { send, signUpWithToken } from '../../test/identity';
import {
  type Account,
  card,
  errorOf,
  openPayment,
  order,
  orderNow,
  sandboxIntentStatus,
  setUpShop,
  stockOf,
} from '../../test/shop';
import {
  confirmTestCard,
  paymentsServiceOf,
  sandboxRefundsOf,
  sandboxServicesOf,
} from '../../test/settlement';
import { type TestApp, createTestApp } from '../../test/test-app';

describeEachDatabase('payment and cancel exclude each other, test mode', (kind) => {
  let app: TestApp;
  let tool: Tool;
  let alice: Account;

  const confirmCard = (buyer: Account, clientSecret: string) =>
    confirmTestCard(app, buyer, clientSecret);
  const pay = (buyer: Account, orderId: string, transactionId: string) =>
    send(app, 'PATCH', `/api/purchase/${orderId}`, buyer.token, { transactionId });
  const cancel = (buyer: Account, orderId: string) =>
    send(app, 'POST', `/api/purchase/${orderId}/cancel`, buyer.token);

  const intentStatus = (intentId: string) => sandboxIntentStatus(app, intentId);
  const refundsOf = (orderId: string) => sandboxRefundsOf(app, orderId);
  /** The services on the app's database, for what no route does (the expiry job's step). */
  const services = () => sandboxServicesOf(app);

  beforeAll(async () => {
    app = await createTestApp(kind, { seed: false });
    ({ tool } = await setUpShop(app, 100_000));
    alice = await signUpWithToken(app);
  });
  afterAll(() => app.close());

  it('a card confirmed before the cancel wins: the cancel answers 409 and the order is paid', async () => {
    const placed = await order(app, alice, tool._id, 3);
    const stock = await stockOf(app, tool._id);
    const { clientSecret, intentId } = await openPayment(app, alice, placed._id);
    expect((await confirmCard(alice, clientSecret)).status).toBe(200);

    const cancelled = await cancel(alice, placed._id);
    expect(cancelled.status).toBe(409);
    expect(await errorOf(cancelled)).toEqual({
      code: 'ALREADY_PAID',
      message: 'This order has just been paid and can no longer be cancelled',
    });
    expect(await orderNow(app, alice, placed._id)).toMatchObject({
      status: 'paid',
      transactionId: intentId,
    });
    expect(await stockOf(app, tool._id)).toBe(stock);
    // The browser's own confirmation that follows changes nothing.
    expect((await pay(alice, placed._id, intentId)).status).toBe(200);
    expect((await refundsOf(placed._id)).provider).toEqual([]);
  });

  it('a confirmation after the cancel is refused with the old client secret, and no card is charged', async () => {
    const placed = await order(app, alice, tool._id, 3);
    const stock = await stockOf(app, tool._id);
    const { clientSecret, intentId } = await openPayment(app, alice, placed._id);
    expect((await cancel(alice, placed._id)).status).toBe(200);
    expect(await intentStatus(intentId)).toBe('canceled');
    expect(await stockOf(app, tool._id)).toBe(stock + 3);

    const late = await confirmCard(alice, clientSecret);
    expect(late.status).toBe(409);
    expect(await errorOf(late)).toEqual({
      code: 'ORDER_CANCELLED',
      message: 'This order was cancelled, so it can no longer be paid',
    });
    expect(await intentStatus(intentId)).toBe('canceled');
    expect((await pay(alice, placed._id, intentId)).status).toBe(409);
    expect((await orderNow(app, alice, placed._id)).status).toBe('cancelled');
    expect(await stockOf(app, tool._id)).toBe(stock + 3);
  });

  it('the card is refused when the order was cancelled without its intent', async () => {
    // The order closes by a path that did not cancel the intent (an intent from before this
    // release, or a cancel that stopped halfway): the intent is open, the order is not.
    const placed = await order(app, alice, tool._id);
    const { clientSecret, intentId } = await openPayment(app, alice, placed._id);
    await app.database.db
      .updateTable('orders')
      .set({ status: 'cancelled' })
      .where('id', '=', placed._id)
      .execute();
    expect((await confirmCard(alice, clientSecret)).status).toBe(409);
    expect(await intentStatus(intentId)).toBe('requires_payment_method');
  });

  it('the card statement itself requires the order unpaid: a cancel after the first look still stops it', async () => {
    const placed = await order(app, alice, tool._id);
    const { clientSecret, intentId } = await openPayment(app, alice, placed._id);
    const { provider } = services();
    // The owner check runs between the first look and the update: the order is cancelled there.
    const cancelInBetween = async () => {
      await app.database.db
        .updateTable('orders')
        .set({ status: 'cancelled' })
        .where('id', '=', placed._id)
        .execute();
      return true;
    };
    await expect(
      provider.confirmCard({ clientSecret, card: card('4242424242424242') }, cancelInBetween),
    ).rejects.toMatchObject({ status: 409, code: 'ORDER_CANCELLED' });
    expect(await intentStatus(intentId)).toBe('requires_payment_method');
  });

  it('a payment that succeeded for an order cancelled meanwhile is refunded, once, and PATCH says so', async () => {
    const placed = await order(app, alice, tool._id);
    const { clientSecret, intentId } = await openPayment(app, alice, placed._id);
    expect((await confirmCard(alice, clientSecret)).status).toBe(200);
    // Cancelled in the moment between the card and the PATCH, by a path that did not settle.
    await app.database.db
      .updateTable('orders')
      .set({ status: 'cancelled' })
      .where('id', '=', placed._id)
      .execute();

    for (let attempt = 0; attempt < 2; attempt++) {
      const response = await pay(alice, placed._id, intentId);
      expect(response.status).toBe(409);
      expect(await errorOf(response)).toEqual({
        code: 'ORDER_CANCELLED',
        message: 'This order was cancelled, so your payment has been refunded',
      });
    }
    const refunds = await refundsOf(placed._id);
    expect(refunds.provider).toHaveLength(1);
    // The order's total: 2 x $ 14.50 and US Ground's $ 6.99 below its free threshold.
    expect(refunds.provider[0]).toMatchObject({ intent_id: intentId, amount_cents: 2900 + 699 });
    expect(refunds.shop).toEqual([
      expect.objectContaining({
        intent_id: intentId,
        amount_cents: 2900 + 699,
        provider: 'sandbox',
        provider_refund_id: refunds.provider[0]!.id,
        reason: 'order_cancelled',
      }),
    ]);
    expect((await orderNow(app, alice, placed._id)).status).toBe('cancelled');
  });

  it('a second payment for an order already paid (two tabs) is refunded, the first stands', async () => {
    const placed = await order(app, alice, tool._id);
    const first = await openPayment(app, alice, placed._id);
    expect((await confirmCard(alice, first.clientSecret)).status).toBe(200);
    // The second tab opened the payment page after the first card went through.
    const second = await openPayment(app, alice, placed._id);
    expect(second.intentId).not.toBe(first.intentId);
    expect((await confirmCard(alice, second.clientSecret)).status).toBe(200);

    expect((await pay(alice, placed._id, first.intentId)).status).toBe(200);
    const duplicate = await pay(alice, placed._id, second.intentId);
    expect(duplicate.status).toBe(409);
    expect((await errorOf(duplicate)).message).toBe(
      'This order was already paid, so this second payment has been refunded',
    );
    const refunds = await refundsOf(placed._id);
    expect(refunds.provider.map((refund) => refund.intent_id)).toEqual([second.intentId]);
    expect(refunds.shop[0]?.reason).toBe('duplicate_payment');
    expect(await orderNow(app, alice, placed._id)).toMatchObject({
      status: 'paid',
      transactionId: first.intentId,
    });
  });

  it('a payment page opened while the cancel ran is closed by the sweep after it', async () => {
    const placed = await order(app, alice, tool._id);
    const { orders, provider } = services();
    let paidMeanwhile: string | undefined;
    // The orders side's cancel, with a payment page opened and paid just before it commits.
    const racingOrders = {
      ...orders,
      async cancel(...args: Parameters<typeof orders.cancel>) {
        const { clientSecret, intentId } = await openPayment(app, alice, placed._id);
        expect((await confirmCard(alice, clientSecret)).status).toBe(200);
        paidMeanwhile = intentId;
        return orders.cancel(...args);
      },
    };
    const payments = paymentsServiceOf(app, provider, racingOrders);
    const caller = await app.database.db
      .selectFrom('users')
      .select(['id', 'email', 'name', 'role'])
      .where('email', '=', alice.email)
      .executeTakeFirstOrThrow();
    expect((await payments.cancelOrder(placed._id, caller)).status).toBe('cancelled');
    expect((await refundsOf(placed._id)).provider.map((refund) => refund.intent_id)).toEqual([
      paidMeanwhile,
    ]);
  });

  it('50 cancel-versus-pay races: never cancelled with a payment kept, stock back exactly once', async () => {
    const started = Date.now();
    // Several customers, each with one unpaid order at a time (the unpaid-order limit stays away).
    const customers = [alice];
    for (let index = 0; index < 4; index++) customers.push(await signUpWithToken(app));
    const stockBefore = await stockOf(app, tool._id);
    const outcomes: {
      order: Order;
      buyer: Account;
      cancel: number;
      open?: number;
      confirm?: number;
      pay?: number;
    }[] = [];

    /** A few turns of the event loop: each side starts a little earlier or later. */
    const hops = async (count: number) => {
      for (let hop = 0; hop < count; hop++) await new Promise((resolve) => setImmediate(resolve));
    };
    const race = async (buyer: Account, round: number) => {
      const placed = await order(app, buyer, tool._id, 1 + (round % 3));
      // Half the races open the payment page before, half inside the race (an intent that the
      // cancel's first look may not see).
      const early = round % 2 === 0 ? await openPayment(app, buyer, placed._id) : undefined;
      const [cancelled, paying] = await Promise.all([
        (async () => {
          await hops(Math.floor(Math.random() * 6));
          return (await cancel(buyer, placed._id)).status;
        })(),
        (async () => {
          await hops(Math.floor(Math.random() * 6));
          let payment = early;
          if (!payment) {
            const opened = await send(app, 'POST', '/api/create-payment-intent', buyer.token, {
              orderId: placed._id,
            });
            if (opened.status !== 200) return { open: opened.status };
            const { clientSecret } = (await opened.json()) as { clientSecret: string };
            payment = { clientSecret, intentId: clientSecret.split('_secret_')[0] ?? '' };
          }
          const confirm = (await confirmCard(buyer, payment.clientSecret)).status;
          if (confirm !== 200) return { confirm };
          return { confirm, pay: (await pay(buyer, placed._id, payment.intentId)).status };
        })(),
      ]);
      outcomes.push({ order: placed, buyer, cancel: cancelled, ...paying });
    };
    for (let round = 0; round < 50; round += customers.length) {
      await Promise.all(customers.map((buyer, index) => race(buyer, round + index)));
    }

    let takenByPaid = 0;
    const tally: Record<string, number> = {};
    for (const outcome of outcomes) {
      const now = await orderNow(app, outcome.buyer, outcome.order._id);
      const intents = await app.database.db
        .selectFrom('sandbox_payment_intents')
        .select(['id', 'status'])
        .where('order_id', '=', outcome.order._id)
        .execute();
      const refunded = (await refundsOf(outcome.order._id)).provider.map((r) => r.intent_id);
      const kept = intents.filter((i) => i.status === 'succeeded' && !refunded.includes(i.id));
      const label = Object.entries(outcome)
        .filter(([step, status]) => typeof status === 'number' && step !== 'order')
        .map(([step, status]) => `${step} ${status}`)
        .join(', ');
      expect(['paid', 'cancelled'], label).toContain(now.status);
      // The client was told the truth: a 200 cancel means cancelled, a 200 PATCH means paid.
      expect(outcome.cancel === 200 && outcome.pay === 200, label).toBe(false);
      if (outcome.cancel === 200) expect(now.status, label).toBe('cancelled');
      if (outcome.pay === 200) expect(now.status, label).toBe('paid');
      if (now.status === 'cancelled') {
        expect(kept, label).toEqual([]);
      } else {
        expect(
          kept.map((i) => i.id),
          label,
        ).toEqual([now.transactionId]);
        expect(refunded, label).toEqual([]);
        takenByPaid += outcome.order.quantity;
      }
      const seen = `${now.status}${refunded.length ? ' + refund' : ''} <- ${label}`;
      tally[seen] = (tally[seen] ?? 0) + 1;
    }
    expect(outcomes).toHaveLength(50);
    // Paid orders keep their units; every cancelled order gave its units back, once.
    expect(await stockOf(app, tool._id)).toBe(stockBefore - takenByPaid);
    console.info(`[${kind}] 50 cancel-versus-pay races`, tally, `${Date.now() - started} ms`);
  }, 30_000);
});
