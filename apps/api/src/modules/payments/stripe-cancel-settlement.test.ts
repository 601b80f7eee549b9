/**
 * Issue 13: payment and cancel exclude each other. A cancel or an expiry settles with the
 * provider first; a confirmation for an order that is no longer unpaid is refused; a payment that
 * succeeds anyway is refunded through the provider, once.
 */
import type { Tool } from '@shop/shared';
import pino from 'pino';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { send } from '../../test/identity';
import {
  type Account,
  createStripeShop,
  errorOf,
  openPayment,
  order,
  orderNow,
  stockOf,
} from '../../test/shop';
import { startStripeStandIn } from '../../test/stripe-stand-in';
import { ordersServiceOf } from '../../test/settlement';
import type { TestApp } from '../../test/test-app';
import { createPaymentsService } from './payments.service';
import { createStripeProvider } from './stripe-provider';

const silent = pino({ level: 'silent' });

describe('payment and cancel exclude each other, Stripe (SDK against the stand-in)', () => {
  let app: TestApp;
  let standIn: Awaited<ReturnType<typeof startStripeStandIn>>;
  let provider: ReturnType<typeof createStripeProvider>;
  let tool: Tool;
  let alice: Account;
  const webhookSecret = 'whsec_test_secret';
  const signer = new Stripe('sk_test_signer');

  const webhookFor = (eventId: string, intent: object) => {
    const payload = JSON.stringify({
      id: eventId,
      object: 'event',
      type: 'payment_intent.succeeded',
      data: { object: intent },
    });
    const header = signer.webhooks.generateTestHeaderString({ payload, secret: webhookSecret });
    return () =>
      app.request('/api/stripe/webhook', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'Stripe-Signature': header },
        body: payload,
      });
  };
  const refundsAtStripe = (intentId: string) =>
    standIn.refunds.filter((refund) => refund.payment_intent === intentId);

  let close: () => Promise<void>;

  beforeAll(async () => {
    ({ standIn, provider, app, tool, alice, close } = await createStripeShop(
      'pglite',
      webhookSecret,
    ));
  });
  afterAll(() => close());

  it('a cancel cancels the intent at Stripe; a payment that got there first makes the order paid', async () => {
    const open = await order(app, alice, tool._id);
    const { intentId } = await openPayment(app, alice, open._id);
    expect((await send(app, 'POST', `/api/purchase/${open._id}/cancel`, alice.token)).status).toBe(
      200,
    );
    expect(standIn.intents.get(intentId)?.status).toBe('canceled');
    expect(() => standIn.succeed(intentId)).toThrow();

    const paidFirst = await order(app, alice, tool._id);
    const paying = await openPayment(app, alice, paidFirst._id);
    standIn.succeed(paying.intentId);
    const refused = await send(app, 'POST', `/api/purchase/${paidFirst._id}/cancel`, alice.token);
    expect(refused.status).toBe(409);
    expect((await errorOf(refused)).code).toBe('ALREADY_PAID');
    expect(await orderNow(app, alice, paidFirst._id)).toMatchObject({
      status: 'paid',
      transactionId: paying.intentId,
    });
    expect(refundsAtStripe(paying.intentId)).toEqual([]);
  });

  it('an intent made while the order was being cancelled is cancelled at once, and the page told 409', async () => {
    const placed = await order(app, alice, tool._id);
    const orders = ordersServiceOf(app);
    // The cancel commits while Stripe is creating the intent, after the order was found payable.
    const racingOrders = {
      ...orders,
      async payableBy(...args: Parameters<typeof orders.payableBy>) {
        const payable = await orders.payableBy(...args);
        await app.database.db
          .updateTable('orders')
          .set({ status: 'cancelled' })
          .where('id', '=', placed._id)
          .execute();
        return payable;
      },
    };
    const payments = createPaymentsService(app.database.db, provider, racingOrders, silent);
    const caller = await app.database.db
      .selectFrom('users')
      .select(['id', 'email', 'name', 'role'])
      .where('email', '=', alice.email)
      .executeTakeFirstOrThrow();
    const intentsBefore = standIn.intents.size;
    await expect(payments.createIntent(placed._id, caller)).rejects.toMatchObject({ status: 409 });
    const made = [...standIn.intents.values()].slice(intentsBefore);
    expect(made.map((intent) => intent.status)).toEqual(['canceled']);
  });

  it('a new payment page follows an intent cancelled while the order stayed unpaid', async () => {
    const placed = await order(app, alice, tool._id);
    const first = await openPayment(app, alice, placed._id);
    standIn.intents.get(first.intentId)!.status = 'canceled'; // a cancel that stopped halfway
    const second = await openPayment(app, alice, placed._id);
    expect(second.intentId).not.toBe(first.intentId);
    expect((await openPayment(app, alice, placed._id)).intentId).toBe(second.intentId);
    standIn.succeed(second.intentId);
    expect(
      (
        await send(app, 'PATCH', `/api/purchase/${placed._id}`, alice.token, {
          transactionId: second.intentId,
        })
      ).status,
    ).toBe(200);
  });

  it('a webhook for a cancelled order refunds the payment exactly once, replayed and raced with PATCH', async () => {
    const placed = await order(app, alice, tool._id);
    const stockBefore = await stockOf(app, tool._id);
    const { intentId } = await openPayment(app, alice, placed._id);
    // An intent the shop did not keep (made before this release): the cancel cannot settle it.
    await app.database.db.deleteFrom('order_payments').where('intent_id', '=', intentId).execute();
    expect(
      (await send(app, 'POST', `/api/purchase/${placed._id}/cancel`, alice.token)).status,
    ).toBe(200);
    const intent = standIn.succeed(intentId); // the customer's card, on the page still open

    // The webhook alone, delivered twice at once: one refund, and the answer says so.
    const webhook = webhookFor('evt_cancelled_1', intent);
    const answers = await Promise.all([webhook(), webhook()]);
    expect(answers.map((answer) => answer.status)).toEqual([200, 200]);
    expect(
      (await Promise.all(answers.map((answer) => answer.json()))).filter(
        (body) => (body as { refunded?: boolean }).refunded,
      ),
    ).toHaveLength(2);
    expect(refundsAtStripe(intentId)).toHaveLength(1);

    // Replayed again while the customer's page reports the payment.
    const [replay, patch] = await Promise.all([
      webhook(),
      send(app, 'PATCH', `/api/purchase/${placed._id}`, alice.token, { transactionId: intentId }),
    ]);
    expect(replay.status).toBe(200);
    expect(patch.status).toBe(409);
    expect(await errorOf(patch)).toEqual({
      code: 'ORDER_CANCELLED',
      message: 'This order was cancelled, so your payment has been refunded',
    });

    const refunds = refundsAtStripe(intentId);
    expect(refunds).toHaveLength(1);
    // The order's total: 2 x $ 14.50 and US Ground's $ 6.99 below its free threshold.
    expect(refunds[0]).toMatchObject({
      amount: 2900 + 699,
      metadata: { reason: 'order_cancelled' },
    });
    // Every request for it carried the one key Stripe uses to refund once.
    const keys = standIn.refundRequests
      .filter((request) => request.params.get('payment_intent') === intentId)
      .map((request) => request.idempotencyKey);
    expect(new Set(keys)).toEqual(new Set([`refund-${intentId}`]));
    const recorded = await app.database.db
      .selectFrom('payment_refunds')
      .selectAll()
      .where('order_id', '=', placed._id)
      .execute();
    expect(recorded).toEqual([
      expect.objectContaining({
        intent_id: intentId,
        provider: 'stripe',
        amount_cents: 2900 + 699,
        provider_refund_id: refunds[0]!.id,
      }),
    ]);
    expect((await orderNow(app, alice, placed._id)).status).toBe('cancelled');
    expect(await stockOf(app, tool._id)).toBe(stockBefore + 2);
  });

  it('with Stripe out of reach, a cancel answers 503 and changes nothing; the expiry waits', async () => {
    const outage = await createStripeShop('pglite', webhookSecret);
    const { app: unreachable, tool: drill, alice: buyer } = outage;
    try {
      const placed = await order(unreachable, buyer, drill._id);
      await openPayment(unreachable, buyer, placed._id);
      const stock = await stockOf(unreachable, drill._id);
      await outage.standIn.close();

      const cancel = await send(
        unreachable,
        'POST',
        `/api/purchase/${placed._id}/cancel`,
        buyer.token,
      );
      expect(cancel.status).toBe(503);
      expect(((await cancel.json()) as { error: { code: string } }).error.code).toBe(
        'PAYMENT_PROVIDER_UNAVAILABLE',
      );
      expect((await orderNow(unreachable, buyer, placed._id)).status).toBe('unpaid');
      expect(await stockOf(unreachable, drill._id)).toBe(stock);

      // Past its time, the order is not expired while its payment cannot be settled.
      const later = new Date(Date.now() + 2 * 60 * 60_000);
      await unreachable.jobs.orderExpiry.runOnce(later);
      expect((await orderNow(unreachable, buyer, placed._id)).status).toBe('unpaid');
    } finally {
      await outage.close();
    }
  }, 30_000);
});
