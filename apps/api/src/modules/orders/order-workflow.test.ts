import type { Order, OrderEvent, Tool } from '@shop/shared';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { describeEachDatabase } from '../../test/databases';
import { send, signUpAdmin, signUpWithToken } from '../../test/identity';
import {
  type Account,
  createStripeShop,
  errorOf,
  order,
  payInTestMode,
  postCheckout,
  stockOf,
  DELIVERY,
} from '../../test/shop';
import { type TestApp, createTestApp } from '../../test/test-app';

describeEachDatabase('the order workflow in test mode', (kind) => {
  let app: TestApp;
  let admin: Account;
  let buyer: Account;

  const createTool = async (name: string, availableQuantity = 20) => {
    const response = await send(app, 'POST', '/api/tools', admin.token, {
      name,
      description: 'Bought, shipped, maybe refunded',
      minOrderQuantity: 1,
      availableQuantity,
      price: 8,
      img: '/images/tools/nvme-ssd.svg',
    });
    return (await response.json()) as Tool;
  };
  /** An order paid with 4242 4242 4242 4242 in test mode. */
  const paid = async (placed: Order) => (await payInTestMode(app, buyer, placed._id)).order;
  const act = (who: Account, id: string, step: string, body?: unknown) =>
    send(app, 'POST', `/api/purchase/${id}/${step}`, who.token, body);
  const historyOf = async (who: Account, id: string) => {
    const response = await send(app, 'GET', `/api/purchase/${id}/history`, who.token);
    expect(response.status).toBe(200);
    return (await response.json()) as OrderEvent[];
  };
  const refundsOf = (orderId: string) =>
    app.database.db
      .selectFrom('payment_refunds')
      .select(['amount_cents', 'reason', 'provider_refund_id'])
      .where('order_id', '=', orderId)
      .execute();
  const steps = (events: OrderEvent[]) =>
    events.map(({ from, to, by, reason }) => ({ from, to, by, reason }));

  beforeAll(async () => {
    app = await createTestApp(kind, { seed: false, env: { MAX_UNPAID_ORDERS: 50 } });
    admin = await signUpAdmin(app);
    buyer = await signUpWithToken(app);
  });
  afterAll(() => app.close());

  it('goes unpaid, paid, shipped, delivered, each step in its history, and no step out of turn', async () => {
    const tool = await createTool('Workflow Fan');
    const placed = await order(app, buyer, tool._id, 2);
    expect((await act(admin, placed._id, 'deliver')).status).toBe(409);
    await paid(placed);
    expect((await act(admin, placed._id, 'deliver')).status).toBe(409);
    expect((await act(admin, placed._id, 'ship')).status).toBe(200);
    expect((await act(buyer, placed._id, 'deliver')).status).toBe(403);
    const delivered = await act(admin, placed._id, 'deliver');
    expect(await delivered.json()).toMatchObject({ status: 'delivered', paid: true });

    const history = await historyOf(buyer, placed._id);
    expect(steps(history)).toEqual([
      { from: null, to: 'unpaid', by: { name: buyer.name, role: 'user' }, reason: null },
      { from: 'unpaid', to: 'paid', by: null, reason: null },
      { from: 'paid', to: 'shipped', by: { name: admin.name, role: 'admin' }, reason: null },
      { from: 'shipped', to: 'delivered', by: { name: admin.name, role: 'admin' }, reason: null },
    ]);
    const times = history.map((event) => Date.parse(event.at));
    expect(times).toEqual([...times].sort((a, b) => a - b));
    // The admin sees the same story; another customer sees no such order.
    expect(await historyOf(admin, placed._id)).toEqual(history);
    const stranger = await signUpWithToken(app);
    expect(
      (await send(app, 'GET', `/api/purchase/${placed._id}/history`, stranger.token)).status,
    ).toBe(404);
  });

  it('refunds a paid order once, with its reason, and keeps the stock unless asked', async () => {
    const tool = await createTool('Refund Screen');
    const placed = await order(app, buyer, tool._id, 3);
    await paid(placed);
    expect(await stockOf(app, tool._id)).toBe(17);

    const refunded = await act(admin, placed._id, 'refund', {
      reason: 'Arrived broken',
      restock: false,
    });
    expect(refunded.status).toBe(200);
    expect(await refunded.json()).toMatchObject({ status: 'refunded', paid: false });
    // The whole total comes back: 3 x $ 8 and US Ground's $ 6.99 below its free threshold.
    expect(await refundsOf(placed._id)).toEqual([
      {
        amount_cents: 2400 + 699,
        reason: 'requested_by_admin',
        provider_refund_id: expect.any(String),
      },
    ]);
    expect(await stockOf(app, tool._id)).toBe(17);

    // Again: nothing changes, no second refund, no second step in the history.
    const again = await act(admin, placed._id, 'refund', { reason: 'Again', restock: true });
    expect(again.status).toBe(200);
    expect(await again.json()).toMatchObject({ status: 'refunded' });
    expect(await refundsOf(placed._id)).toHaveLength(1);
    expect(await stockOf(app, tool._id)).toBe(17);
    expect(steps(await historyOf(buyer, placed._id)).at(-1)).toEqual({
      from: 'paid',
      to: 'refunded',
      by: { name: admin.name, role: 'admin' },
      reason: 'Arrived broken',
    });
    expect(
      (await historyOf(buyer, placed._id)).filter((event) => event.to === 'refunded'),
    ).toHaveLength(1);
  });

  it('returns every line to stock when the admin chooses, for a shipped order of several tools', async () => {
    const a = await createTool('Restock Part A');
    const b = await createTool('Restock Part B');
    for (const [tool, quantity] of [
      [a, 2],
      [b, 5],
    ] as const) {
      await send(app, 'POST', '/api/cart/lines', buyer.token, { toolId: tool._id, quantity });
    }
    const placed = (await (
      await postCheckout(app, buyer, { ...DELIVERY, address: '1 Road' })
    ).json()) as Order;
    await paid(placed);
    await act(admin, placed._id, 'ship');
    expect([await stockOf(app, a._id), await stockOf(app, b._id)]).toEqual([18, 15]);
    const refunded = await act(admin, placed._id, 'refund', {
      reason: 'Lost in transit',
      restock: true,
    });
    expect(refunded.status).toBe(200);
    expect([await stockOf(app, a._id), await stockOf(app, b._id)]).toEqual([20, 20]);
    // The whole total: 7 x $ 8 and US Ground's $ 6.99 below its free threshold.
    expect(await refundsOf(placed._id)).toEqual([
      expect.objectContaining({ amount_cents: 5600 + 699 }),
    ]);
  });

  it('refuses a customer (403), an unpaid or delivered order (409) and a body without a reason (400)', async () => {
    const tool = await createTool('Guarded Refund');
    const unpaid = await order(app, buyer, tool._id, 1);
    const body = { reason: 'No', restock: true };
    const byCustomer = await act(buyer, unpaid._id, 'refund', body);
    expect(byCustomer.status).toBe(403);
    const notPaid = await act(admin, unpaid._id, 'refund', body);
    expect(notPaid.status).toBe(409);
    expect(await errorOf(notPaid)).toEqual({
      code: 'CONFLICT',
      message: 'Only a paid or shipped order can be refunded; this one is unpaid',
    });
    for (const bad of [
      { restock: true },
      { reason: ' ', restock: true },
      { reason: 'x' },
      { ...body, amount: 1 },
    ]) {
      expect((await act(admin, unpaid._id, 'refund', bad)).status).toBe(400);
    }
    const done = await order(app, buyer, tool._id, 1);
    await paid(done);
    await act(admin, done._id, 'ship');
    await act(admin, done._id, 'deliver');
    expect((await act(admin, done._id, 'refund', body)).status).toBe(409);
    expect(await refundsOf(done._id)).toEqual([]);
  });

  it("checks the payment with the provider: an amount that is not the order's is not refunded", async () => {
    const tool = await createTool('Tampered Total');
    const placed = await order(app, buyer, tool._id, 2);
    await paid(placed);
    // The stored total no longer matches what was paid (16.00).
    await app.database.db
      .updateTable('orders')
      .set({ price_cents: 100 })
      .where('id', '=', placed._id)
      .execute();
    const refused = await act(admin, placed._id, 'refund', { reason: 'Test', restock: false });
    expect(refused.status).toBe(402);
    expect((await errorOf(refused)).message).toBe(
      'The payment could not be verified: the amount does not match the order',
    );
    expect(await refundsOf(placed._id)).toEqual([]);
    expect(
      (await (await send(app, 'GET', `/api/purchase/${placed._id}`, admin.token)).json()) as Order,
    ).toMatchObject({ status: 'paid' });
    // The refused refund let go of its claim: the order can still be shipped.
    expect((await act(admin, placed._id, 'ship')).status).toBe(200);
  });

  it('refuses to ship or deliver an order a refund has claimed; the next refund takes the claim over', async () => {
    const tool = await createTool('Claimed Cooler');
    // A refund that claimed its order and went no further (its process stopped).
    const claim = (id: string) =>
      app.database.db
        .updateTable('orders')
        .set({ refund_started_at: sql<Date>`now()` })
        .where('id', '=', id)
        .execute();
    const unshipped = await order(app, buyer, tool._id, 1);
    await paid(unshipped);
    await claim(unshipped._id);
    const ship = await act(admin, unshipped._id, 'ship');
    expect(ship.status).toBe(409);
    expect(await errorOf(ship)).toEqual({
      code: 'CONFLICT',
      message: 'A refund of this order is under way, so it cannot be shipped',
    });

    const shipped = await order(app, buyer, tool._id, 1);
    await paid(shipped);
    expect((await act(admin, shipped._id, 'ship')).status).toBe(200);
    await claim(shipped._id);
    const deliver = await act(admin, shipped._id, 'deliver');
    expect(deliver.status).toBe(409);
    expect(await errorOf(deliver)).toEqual({
      code: 'CONFLICT',
      message: 'A refund of this order is under way, so it cannot be delivered',
    });
    const again = await act(admin, shipped._id, 'refund', {
      reason: 'Asked again',
      restock: false,
    });
    expect(again.status).toBe(200);
    expect(await again.json()).toMatchObject({ status: 'refunded' });
    expect(await refundsOf(shipped._id)).toHaveLength(1);
  });

  it("stamps a payment with the database's clock, as its step in the history", async () => {
    const tool = await createTool('Clocked Card');
    const placed = await order(app, buyer, tool._id, 1);
    // The app's clock years off: a time taken from it would show. (PGlite reads this process's
    // clock, so there the two are one; PostgreSQL's server keeps its own.)
    vi.useFakeTimers({ toFake: ['Date'], now: new Date('2001-02-03T04:05:06Z') });
    try {
      await paid(placed);
    } finally {
      vi.useRealTimers();
    }
    const { paid_at: paidAt } = await app.database.db
      .selectFrom('orders')
      .select('paid_at')
      .where('id', '=', placed._id)
      .executeTakeFirstOrThrow();
    const step = (await historyOf(admin, placed._id)).find((event) => event.to === 'paid');
    expect(Math.abs(paidAt!.getTime() - Date.parse(step!.at))).toBeLessThan(1000);
  });

  it('records who cancelled and why an order expired', async () => {
    const tool = await createTool('Cancelled Cable');
    const cancelled = await order(app, buyer, tool._id, 1);
    await act(buyer, cancelled._id, 'cancel');
    expect(steps(await historyOf(buyer, cancelled._id)).at(-1)).toEqual({
      from: 'unpaid',
      to: 'cancelled',
      by: { name: buyer.name, role: 'user' },
      reason: null,
    });
    const expired = await order(app, buyer, tool._id, 1);
    await app.jobs.orderExpiry.runOnce(new Date(Date.parse(expired.payBy!) + 1000));
    expect(steps(await historyOf(buyer, expired._id)).at(-1)).toEqual({
      from: 'unpaid',
      to: 'cancelled',
      by: null,
      reason: 'Not paid by its pay-by time',
    });
  });
});

describe('a refund through Stripe', () => {
  it('gives the payment back through the Stripe API once, and marks the order refunded', async () => {
    const shop = await createStripeShop('pglite', 'whsec_workflow');
    try {
      const { app, standIn, alice, tool } = shop;
      const admin = await signUpAdmin(app);
      const placed = await order(app, alice, tool._id, 2);
      const { clientSecret } = (await (
        await send(app, 'POST', '/api/create-payment-intent', alice.token, { orderId: placed._id })
      ).json()) as { clientSecret: string };
      const intentId = clientSecret.split('_secret_')[0] ?? '';
      standIn.succeed(intentId);
      await send(app, 'PATCH', `/api/purchase/${placed._id}`, alice.token, {
        transactionId: intentId,
      });

      const body = { reason: 'Wrong part', restock: false };
      const refunded = await send(
        app,
        'POST',
        `/api/purchase/${placed._id}/refund`,
        admin.token,
        body,
      );
      expect(refunded.status).toBe(200);
      expect(await refunded.json()).toMatchObject({ status: 'refunded' });
      expect(standIn.refunds).toEqual([
        // The order's total: the goods ($ 29) and US Ground's $ 6.99 below its free threshold.
        expect.objectContaining({
          payment_intent: intentId,
          amount: 2900 + 699,
          status: 'succeeded',
        }),
      ]);
      const again = await send(
        app,
        'POST',
        `/api/purchase/${placed._id}/refund`,
        admin.token,
        body,
      );
      expect(again.status).toBe(200);
      expect(standIn.refunds).toHaveLength(1);
    } finally {
      await shop.close();
    }
  });
});
