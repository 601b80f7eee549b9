/**
 * Stripe's refusals: a payment in another currency, a payment still processing at a cancel,
 * test mode's route absent, a refund not asked twice, a webhook without a good signature.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUpAdmin, send } from '../../test/identity';
import {
  type Account,
  card,
  createStripeShop,
  deliverSucceededEvent,
  errorOf,
  openPayment,
  order,
  orderNow,
} from '../../test/shop';
import { type TestApp } from '../../test/test-app';

const pay = (app: TestApp, buyer: Account, orderId: string, transactionId: string) =>
  send(app, 'PATCH', `/api/purchase/${orderId}`, buyer.token, { transactionId });

describe('payment refusals, Stripe (SDK against the stand-in)', () => {
  const webhookSecret = 'whsec_rules_secret';
  let shop: Awaited<ReturnType<typeof createStripeShop>>;
  let admin: Account;

  const webhook = (intent: object, signature?: string) =>
    deliverSucceededEvent(shop.app, webhookSecret, intent, signature);

  beforeAll(async () => {
    shop = await createStripeShop('pglite', webhookSecret);
    admin = await signUpAdmin(shop.app);
  });
  afterAll(() => shop.close());

  it('a payment of the right amount in another currency does not pay the order', async () => {
    const { app, alice, tool, standIn } = shop;
    const placed = await order(app, alice, tool._id);
    const { intentId } = await openPayment(app, alice, placed._id);
    standIn.succeed(intentId).currency = 'eur';

    const refused = await pay(app, alice, placed._id, intentId);
    expect(refused.status).toBe(402);
    expect(await errorOf(refused)).toEqual({
      code: 'PAYMENT_NOT_VERIFIED',
      message: 'The payment could not be verified: the amount does not match the order',
    });
    // Stripe's word for it changes nothing either: acknowledged, not applied.
    const delivered = await webhook(standIn.intents.get(intentId)!);
    expect(delivered.status).toBe(200);
    expect(await delivered.json()).toEqual({ received: true, changed: false });
    expect((await orderNow(app, alice, placed._id)).status).toBe('unpaid');
  });

  it('a cancel while the card is still processing says so, and the order stays unpaid', async () => {
    const { app, alice, tool, standIn } = shop;
    const placed = await order(app, alice, tool._id);
    const { intentId } = await openPayment(app, alice, placed._id);
    standIn.intents.get(intentId)!.status = 'processing';

    for (const who of [alice, admin]) {
      const refused = await send(app, 'POST', `/api/purchase/${placed._id}/cancel`, who.token);
      expect(refused.status).toBe(409);
      expect(await errorOf(refused)).toEqual({
        code: 'PAYMENT_PENDING',
        message: 'A payment for this order is still being processed. Try again in a minute.',
      });
    }
    expect(standIn.intents.get(intentId)!.status).toBe('processing');
    expect((await orderNow(app, alice, placed._id)).status).toBe('unpaid');
  });

  it("test mode's card route is not there when Stripe is set up", async () => {
    const { app, alice, tool } = shop;
    const placed = await order(app, alice, tool._id);
    const { clientSecret } = await openPayment(app, alice, placed._id);
    const refused = await send(app, 'POST', '/api/sandbox/confirm', alice.token, {
      clientSecret,
      card: card('4242424242424242'),
    });
    expect(refused.status).toBe(404);
    expect(await errorOf(refused)).toEqual({
      code: 'NOT_FOUND',
      message: 'Test mode is off on this shop',
    });
  });

  it('a payment refunded once is not asked of Stripe again when it is reported again', async () => {
    const { app, alice, tool, standIn } = shop;
    const placed = await order(app, alice, tool._id);
    const { intentId } = await openPayment(app, alice, placed._id);
    // An intent the shop did not keep: the cancel cannot settle it, the card goes through after.
    await app.database.db.deleteFrom('order_payments').where('intent_id', '=', intentId).execute();
    expect(
      (await send(app, 'POST', `/api/purchase/${placed._id}/cancel`, alice.token)).status,
    ).toBe(200);
    const intent = standIn.succeed(intentId);
    const refundRequests = () =>
      standIn.refundRequests.filter((request) => request.params.get('payment_intent') === intentId)
        .length;

    expect(await (await webhook(intent)).json()).toEqual({
      received: true,
      changed: false,
      refunded: true,
    });
    expect(refundRequests()).toBe(1);
    expect((await webhook(intent)).status).toBe(200);
    const patch = await pay(app, alice, placed._id, intentId);
    expect(await errorOf(patch)).toEqual({
      code: 'ORDER_CANCELLED',
      message: 'This order was cancelled, so your payment has been refunded',
    });
    expect(refundRequests()).toBe(1);
  });

  it('a webhook without a signature, or with a wrong one, is refused with 400', async () => {
    const { app, alice, tool, standIn } = shop;
    const placed = await order(app, alice, tool._id);
    const { intentId } = await openPayment(app, alice, placed._id);
    const intent = standIn.succeed(intentId);
    for (const signature of ['', 't=1,v1=deadbeef']) {
      const refused = await webhook(intent, signature);
      expect(refused.status).toBe(400);
      expect(await errorOf(refused)).toEqual({
        code: 'BAD_REQUEST',
        message: 'Invalid webhook signature',
      });
    }
    expect((await orderNow(app, alice, placed._id)).status).toBe('unpaid');
  });
});
