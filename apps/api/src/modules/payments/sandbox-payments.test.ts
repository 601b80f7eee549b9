/** Paying in test mode (the sandbox): a payment is the provider's word, for its order and amount. */
import type { Tool } from '@shop/shared';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeEachDatabase } from '../../test/databases';
import { send, signUpWithToken } from '../../test/identity';
import { type Account, card, errorOf, order, orderNow, setUpShop } from '../../test/shop';
import { type TestApp, createTestApp } from '../../test/test-app';

describeEachDatabase('payments in test mode (sandbox)', (kind) => {
  let app: TestApp;
  let tool: Tool;
  let alice: Account;
  let bob: Account;

  const intentFor = async (buyer: Account, orderId: string, extra: Record<string, unknown> = {}) =>
    send(app, 'POST', '/api/create-payment-intent', buyer.token, { orderId, ...extra });
  const payWithCard = async (
    buyer: Account,
    orderId: string,
    number: string,
    cardExtra: Record<string, unknown> = {},
  ) => {
    const { clientSecret } = (await (await intentFor(buyer, orderId)).json()) as {
      clientSecret: string;
    };
    return send(app, 'POST', '/api/sandbox/confirm', buyer.token, {
      clientSecret,
      card: card(number, cardExtra),
      billingName: buyer.name,
      billingEmail: buyer.email,
    });
  };

  beforeAll(async () => {
    // Alice leaves many orders unpaid here: the unpaid-orders limit is not under test.
    app = await createTestApp(kind, { seed: false, env: { MAX_UNPAID_ORDERS: 100 } });
    ({ tool } = await setUpShop(app));
    alice = await signUpWithToken(app);
    bob = await signUpWithToken(app);
  });
  afterAll(() => app.close());

  it('says which provider runs', async () => {
    expect(await (await app.request('/api/payment-config')).json()).toEqual({
      provider: 'sandbox',
    });
  });

  it('pays with 4242 4242 4242 4242 and the order becomes paid, once', async () => {
    const placed = await order(app, alice, tool._id);
    const confirmed = await payWithCard(alice, placed._id, '4242 4242 4242 4242');
    expect(confirmed.status).toBe(200);
    const { id } = (await confirmed.json()) as { id: string };
    const paid = await send(app, 'PATCH', `/api/purchase/${placed._id}`, alice.token, {
      orderID: placed._id,
      transactionId: id,
    });
    expect(paid.status).toBe(200);
    expect(await paid.json()).toMatchObject({ paid: true, status: 'paid', transactionId: id });
    expect(await orderNow(app, alice, placed._id)).toMatchObject({ paid: true, transactionId: id });

    // The same confirmation again changes nothing; a second payment is refused.
    expect(
      (await send(app, 'PATCH', `/api/purchase/${placed._id}`, alice.token, { transactionId: id }))
        .status,
    ).toBe(200);
    expect((await intentFor(alice, placed._id)).status).toBe(409);
    const other = await order(app, alice, tool._id);
    const otherPayment = (await (
      await payWithCard(alice, other._id, '4242424242424242')
    ).json()) as { id: string };
    expect(
      (
        await send(app, 'PATCH', `/api/purchase/${placed._id}`, alice.token, {
          transactionId: otherPayment.id,
        })
      ).status,
    ).toBe(409);
    expect((await orderNow(app, alice, placed._id)).transactionId).toBe(id);
  });

  it.each([
    ['4000 0000 0000 0002', {}, 'Your card was declined.'],
    ['4242 4242 4242 4241', {}, 'Your card number is invalid.'],
    ['4242 4242 4242 4242', { expYear: 2020 }, "Your card's expiration date is in the past."],
    ['4242 4242 4242 4242', { cvc: '12' }, "Your card's security code is incomplete."],
  ])(
    'refuses the card %s %j with "%s" and leaves the order unpaid',
    async (number, extra, message) => {
      const placed = await order(app, alice, tool._id);
      const response = await payWithCard(alice, placed._id, number, extra);
      expect(response.status).toBe(402);
      expect(((await response.json()) as { error: { message: string } }).error.message).toBe(
        message,
      );
      expect((await orderNow(app, alice, placed._id)).paid).toBe(false);
    },
  );

  it('refuses a forged id, a declined payment, another order’s payment and a changed amount', async () => {
    const placed = await order(app, alice, tool._id);
    const attempts: Record<string, string> = { forged: 'pi_sandbox_made_up' };

    const declinedIntent = (await (await intentFor(alice, placed._id)).json()) as {
      clientSecret: string;
    };
    await send(app, 'POST', '/api/sandbox/confirm', alice.token, {
      clientSecret: declinedIntent.clientSecret,
      card: card('4000000000000002'),
    });
    attempts.declined = declinedIntent.clientSecret.split('_secret_')[0] ?? '';

    const elsewhere = await order(app, alice, tool._id, 3);
    attempts.otherOrder = (
      (await (await payWithCard(alice, elsewhere._id, '4242424242424242')).json()) as { id: string }
    ).id;

    // The buyer is told why: each check has its own words.
    const reasons: Record<string, string> = {
      forged: 'no such payment',
      declined: 'it has not succeeded',
      otherOrder: 'it belongs to another order',
    };
    for (const [label, transactionId] of Object.entries(attempts)) {
      const response = await send(app, 'PATCH', `/api/purchase/${placed._id}`, alice.token, {
        transactionId,
      });
      expect(response.status, label).toBe(402);
      expect(((await response.json()) as { error: { message: string } }).error.message).toBe(
        `The payment could not be verified: ${reasons[label]}`,
      );
      expect((await orderNow(app, alice, placed._id)).paid, label).toBe(false);
    }

    // The order's amount changes after the payment succeeded: the payment no longer matches.
    const changed = await order(app, alice, tool._id);
    const payment = (
      (await (await payWithCard(alice, changed._id, '4242424242424242')).json()) as { id: string }
    ).id;
    await app.database.db
      .updateTable('orders')
      .set({ price_cents: 1 })
      .where('id', '=', changed._id)
      .execute();
    const mismatch = await send(app, 'PATCH', `/api/purchase/${changed._id}`, alice.token, {
      transactionId: payment,
    });
    expect(mismatch.status).toBe(402);
    expect(((await mismatch.json()) as { error: { message: string } }).error.message).toBe(
      'The payment could not be verified: the amount does not match the order',
    );
    expect((await orderNow(app, alice, changed._id)).paid).toBe(false);
  });

  it("answers Stripe's webhook 404 when Stripe is not set up", async () => {
    const response = await app.request('/api/stripe/webhook', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'Stripe-Signature': 't=1,v1=0' },
      body: '{}',
    });
    expect(response.status).toBe(404);
    expect(((await response.json()) as { error: { message: string } }).error.message).toBe(
      'Stripe is not set up on this shop',
    );
  });

  // Issue 13: with a different amount, the amount check alone refused it, so no test proved the
  // order check. Same customer, same tool, same quantity: only the order tells them apart.
  it('never pays an order with the payment of another order of the same amount', async () => {
    const first = await order(app, alice, tool._id, 2);
    const second = await order(app, alice, tool._id, 2);
    expect(second.price).toBe(first.price);
    const payment = (await (await payWithCard(alice, second._id, '4242424242424242')).json()) as {
      id: string;
    };
    const crossed = await send(app, 'PATCH', `/api/purchase/${first._id}`, alice.token, {
      transactionId: payment.id,
    });
    expect(crossed.status).toBe(402);
    expect((await errorOf(crossed)).message).toBe(
      'The payment could not be verified: it belongs to another order',
    );
    expect((await orderNow(app, alice, first._id)).paid).toBe(false);
    const own = await send(app, 'PATCH', `/api/purchase/${second._id}`, alice.token, {
      transactionId: payment.id,
    });
    expect(own.status).toBe(200);
    expect((await orderNow(app, alice, first._id)).paid).toBe(false);
  });

  it("keeps other users away from an order's payment", async () => {
    const placed = await order(app, alice, tool._id);
    expect((await intentFor(bob, placed._id)).status).toBe(404);
    const { clientSecret } = (await (await intentFor(alice, placed._id)).json()) as {
      clientSecret: string;
    };
    const stolen = await send(app, 'POST', '/api/sandbox/confirm', bob.token, {
      clientSecret,
      card: card('4242424242424242'),
    });
    expect(stolen.status).toBe(404);
    expect(
      (
        await send(app, 'PATCH', `/api/purchase/${placed._id}`, bob.token, {
          transactionId: 'pi_x',
        })
      ).status,
    ).toBe(404);
    expect((await intentFor(alice, placed._id, { price: 0.01 })).status).toBe(200);
    expect(
      (await send(app, 'POST', '/api/create-payment-intent', undefined, { orderId: placed._id }))
        .status,
    ).toBe(401);
  });

  it('does not take payment for a cancelled order', async () => {
    const placed = await order(app, alice, tool._id);
    await send(app, 'POST', `/api/purchase/${placed._id}/cancel`, alice.token);
    expect((await intentFor(alice, placed._id)).status).toBe(409);
  });
});
