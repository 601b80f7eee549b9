/** Paying through Stripe: the intent, the confirmation and the signed webhook, against a stand-in. */
import type { Tool } from '@shop/shared';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { send } from '../../test/identity';
import { type Account, openPayment, order, orderNow, createStripeShop } from '../../test/shop';
import { startStripeStandIn } from '../../test/stripe-stand-in';
import { type TestApp } from '../../test/test-app';

describe('payments through Stripe (official SDK against a local stand-in)', () => {
  let app: TestApp;
  let standIn: Awaited<ReturnType<typeof startStripeStandIn>>;
  let tool: Tool;
  let alice: Account;
  const webhookSecret = 'whsec_test_secret';
  const signer = new Stripe('sk_test_signer');

  const webhook = (payload: string, header: string) =>
    app.request('/api/stripe/webhook', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'Stripe-Signature': header },
      body: payload,
    });
  const succeededEvent = (eventId: string, intent: object) =>
    JSON.stringify({
      id: eventId,
      object: 'event',
      type: 'payment_intent.succeeded',
      data: { object: intent },
    });

  let close: () => Promise<void>;

  beforeAll(async () => {
    ({ standIn, app, tool, alice, close } = await createStripeShop('pglite', webhookSecret));
  });
  afterAll(() => close());

  it('creates the intent with the stored amount in cents, an idempotency key and the order id', async () => {
    const placed = await order(app, alice, tool._id, 3);
    const first = await send(app, 'POST', '/api/create-payment-intent', alice.token, {
      orderId: placed._id,
      price: 1,
    });
    expect(first.status).toBe(200);
    const { clientSecret } = (await first.json()) as { clientSecret: string };
    const again = (await (
      await send(app, 'POST', '/api/create-payment-intent', alice.token, { orderId: placed._id })
    ).json()) as { clientSecret: string };
    expect(again.clientSecret).toBe(clientSecret);

    const created = standIn.creates.at(-1);
    // The order's total: 3 x $ 14.50 and US Ground's $ 6.99 below its free threshold.
    expect(created?.params.get('amount')).toBe(String(4350 + 699));
    expect(created?.params.get('currency')).toBe('usd');
    expect(created?.params.get('metadata[orderId]')).toBe(placed._id);
    expect(created?.idempotencyKey).toBe(`order-${placed._id}-${4350 + 699}`);
    expect(standIn.intents.size).toBe(1);
  });

  it('marks an order paid only once Stripe says the intent succeeded', async () => {
    const placed = await order(app, alice, tool._id);
    const { clientSecret } = (await (
      await send(app, 'POST', '/api/create-payment-intent', alice.token, { orderId: placed._id })
    ).json()) as { clientSecret: string };
    const intentId = clientSecret.split('_secret_')[0] ?? '';
    expect(
      (
        await send(app, 'PATCH', `/api/purchase/${placed._id}`, alice.token, {
          transactionId: intentId,
        })
      ).status,
    ).toBe(402);
    standIn.succeed(intentId);
    const paid = await send(app, 'PATCH', `/api/purchase/${placed._id}`, alice.token, {
      transactionId: intentId,
    });
    expect(await paid.json()).toMatchObject({ paid: true, transactionId: intentId });
    expect(
      (
        await send(app, 'PATCH', `/api/purchase/${placed._id}`, alice.token, {
          transactionId: 'pi_unknown',
        })
      ).status,
    ).toBe(409);
  });

  it('applies a signed payment_intent.succeeded once, and refuses bad or stale signatures', async () => {
    const placed = await order(app, alice, tool._id);
    const { clientSecret } = (await (
      await send(app, 'POST', '/api/create-payment-intent', alice.token, { orderId: placed._id })
    ).json()) as { clientSecret: string };
    const intent = standIn.succeed(clientSecret.split('_secret_')[0] ?? '');
    const payload = succeededEvent('evt_1', intent);

    const forged = await webhook(
      payload,
      signer.webhooks.generateTestHeaderString({ payload, secret: 'whsec_wrong' }),
    );
    expect(forged.status).toBe(400);
    expect(((await forged.json()) as { error: { message: string } }).error.message).toBe(
      'Invalid webhook signature',
    );
    const stale = await webhook(
      payload,
      signer.webhooks.generateTestHeaderString({
        payload,
        secret: webhookSecret,
        timestamp: Math.floor(Date.now() / 1000) - 3600,
      }),
    );
    expect(stale.status).toBe(400);
    expect((await orderNow(app, alice, placed._id)).paid).toBe(false);

    const header = signer.webhooks.generateTestHeaderString({ payload, secret: webhookSecret });
    const first = await webhook(payload, header);
    expect(await first.json()).toEqual({ received: true, changed: true });
    const replay = await webhook(payload, header);
    expect(await replay.json()).toEqual({ received: true, changed: false });
    expect(await orderNow(app, alice, placed._id)).toMatchObject({
      paid: true,
      transactionId: intent.id,
    });
  });

  it('ignores a webhook whose amount does not match the order', async () => {
    const placed = await order(app, alice, tool._id);
    const payload = succeededEvent('evt_2', {
      id: 'pi_cheap',
      object: 'payment_intent',
      amount: 1,
      currency: 'usd',
      status: 'succeeded',
      metadata: { orderId: placed._id },
    });
    const response = await webhook(
      payload,
      signer.webhooks.generateTestHeaderString({ payload, secret: webhookSecret }),
    );
    expect(await response.json()).toEqual({ received: true, changed: false });
    expect((await orderNow(app, alice, placed._id)).paid).toBe(false);
  });
  it('never pays an order with the payment of another order of the same amount, by PATCH or webhook', async () => {
    const first = await order(app, alice, tool._id);
    const second = await order(app, alice, tool._id);
    const { intentId } = await openPayment(app, alice, second._id);
    const succeeded = standIn.succeed(intentId);
    const crossed = await send(app, 'PATCH', `/api/purchase/${first._id}`, alice.token, {
      transactionId: intentId,
    });
    expect(crossed.status).toBe(402);
    expect((await orderNow(app, alice, first._id)).paid).toBe(false);

    // The event names the second order's intent but claims the first in its metadata: the shop
    // asks Stripe, whose intent says the second.
    const payload = succeededEvent('evt_crossed', {
      ...succeeded,
      metadata: { orderId: first._id },
    });
    const response = await webhook(
      payload,
      signer.webhooks.generateTestHeaderString({ payload, secret: webhookSecret }),
    );
    expect(await response.json()).toEqual({ received: true, changed: true });
    expect((await orderNow(app, alice, first._id)).paid).toBe(false);
    expect(await orderNow(app, alice, second._id)).toMatchObject({
      paid: true,
      transactionId: intentId,
    });
  });

  // Issue 13: the intent here did succeed at Stripe, so only the event's type keeps these
  // events from paying the order.
  it('pays nothing on a signed event of another type, even for an intent that succeeded', async () => {
    const placed = await order(app, alice, tool._id);
    const { intentId } = await openPayment(app, alice, placed._id);
    const intent = standIn.succeed(intentId);
    for (const type of [
      'payment_intent.payment_failed',
      'payment_intent.processing',
      'payment_intent.canceled',
      'payment_intent.created',
    ]) {
      const payload = JSON.stringify({
        id: `evt_${type}`,
        object: 'event',
        type,
        data: { object: { ...intent, status: 'requires_payment_method' } },
      });
      const response = await webhook(
        payload,
        signer.webhooks.generateTestHeaderString({ payload, secret: webhookSecret }),
      );
      expect(await response.json(), type).toEqual({ received: true, changed: false });
      expect((await orderNow(app, alice, placed._id)).paid, type).toBe(false);
    }
    const payload = succeededEvent('evt_success', intent);
    const success = await webhook(
      payload,
      signer.webhooks.generateTestHeaderString({ payload, secret: webhookSecret }),
    );
    expect(await success.json()).toEqual({ received: true, changed: true });
  });

  it("believes Stripe, not the event's payload: a 'succeeded' event for an open intent pays nothing", async () => {
    const placed = await order(app, alice, tool._id);
    const { intentId } = await openPayment(app, alice, placed._id);
    const payload = succeededEvent('evt_claims', {
      ...standIn.intents.get(intentId),
      status: 'succeeded',
    });
    const response = await webhook(
      payload,
      signer.webhooks.generateTestHeaderString({ payload, secret: webhookSecret }),
    );
    expect(await response.json()).toEqual({ received: true, changed: false });
    expect((await orderNow(app, alice, placed._id)).paid).toBe(false);
  });
});
