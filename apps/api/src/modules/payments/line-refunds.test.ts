import type { Order, OrderEvent, SalesReport } from '@shop/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describeEachDatabase } from '../../test/databases';
import { send, signUpAdmin, signUpWithToken } from '../../test/identity';
import {
  type Account,
  createStripeShop,
  BERLIN,
  createTool,
  errorOf,
  orderToBerlin,
  payInTestMode,
  setOrderStatus,
  stockOf,
} from '../../test/shop';
import { type TestApp, createTestApp } from '../../test/test-app';

/**
 * Refunds of some lines of an order (docs/product.md, Refunds of lines): each line gives back its
 * price, its tax and its share of shipping with that share's tax, as stored when it was placed.
 */

/** x rounded half up to the cent, as the documented rule says (whole cents in, whole cents out). */
const taxAt19 = (cents: number) => Math.floor((cents * 19 + 50) / 100);

describeEachDatabase('refunds of lines in test mode', (kind) => {
  let app: TestApp;
  let admin: Account;
  let buyer: Account;

  const refund = (who: Account, id: string, body: unknown) =>
    send(app, 'POST', `/api/purchase/${id}/refund`, who.token, body);
  const providerRefunds = (orderId: string) =>
    app.database.db
      .selectFrom('sandbox_refunds')
      .innerJoin('payment_refunds', 'payment_refunds.provider_refund_id', 'sandbox_refunds.id')
      .select(['sandbox_refunds.amount_cents', 'payment_refunds.key'])
      .where('payment_refunds.order_id', '=', orderId)
      .orderBy('sandbox_refunds.created_at')
      .execute();
  const historyOf = async (id: string) =>
    (await (
      await send(app, 'GET', `/api/purchase/${id}/history`, buyer.token)
    ).json()) as OrderEvent[];

  /** Three parts at $ 10, $ 20 and $ 30, one of each, bought from Berlin and paid. */
  async function paidOrderOfThree(label: string) {
    const { order, tools } = await orderToBerlin(app, admin, buyer, [
      [`${label} Hinge`, 10],
      [`${label} Fan`, 20],
      [`${label} Board`, 30],
    ]);
    await payInTestMode(app, buyer, order._id);
    return { order, tools };
  }

  beforeAll(async () => {
    app = await createTestApp(kind, { seed: false, env: { MAX_UNPAID_ORDERS: 50 } });
    admin = await signUpAdmin(app);
    buyer = await signUpWithToken(app);
  });
  afterAll(() => app.close());

  it('gives back one line of three: its price, its tax and its share of shipping, once', async () => {
    const { order, tools } = await paidOrderOfThree('One');
    // Shipping $ 14.99 shared 1 : 2 : 3 by the lines' prices: 249.83, 499.67, 749.5 cents,
    // floored (249, 499, 749) and the 2 cents left to the largest remainders: 250, 500, 749.
    expect(order.totals.shipping).toBe(14.99);
    const fan = 2000 + taxAt19(2000) + 500 + taxAt19(500);
    expect(fan).toBe(2975);
    const stockBefore = await stockOf(app, tools[1]!._id);

    const body = { reason: 'Does not fit', restock: true, lines: [tools[1]!._id] };
    const answered = await refund(admin, order._id, body);
    expect(answered.status).toBe(200);
    const after = (await answered.json()) as Order;
    expect(after.status).toBe('paid');
    expect(Object.fromEntries(after.lines.map((line) => [line.tool, line.refunded]))).toEqual({
      'One Hinge': false,
      'One Fan': true,
      'One Board': false,
    });
    expect(await providerRefunds(order._id)).toEqual([
      { amount_cents: fan, key: expect.stringContaining(tools[1]!._id) },
    ]);
    expect(await stockOf(app, tools[1]!._id)).toBe(stockBefore + 1);
    expect(await stockOf(app, tools[0]!._id)).toBe(499);
    const last = (await historyOf(order._id)).at(-1);
    expect(last).toMatchObject({
      from: 'paid',
      to: 'paid',
      by: { name: admin.name, role: 'admin' },
      kind: 'lines_refunded',
      what: '$ 29.75 · 1 × One Fan',
      reason: 'Does not fit',
    });
    // A refund of lines is not a payment: no second "paid" email is marked.
    const marks = await app.database.db
      .selectFrom('order_event_emails')
      .innerJoin('order_events', 'order_events.id', 'order_event_emails.event_id')
      .select('order_events.to_status')
      .where('order_events.order_id', '=', order._id)
      .where('order_events.from_status', '=', 'paid')
      .execute();
    expect(marks).toEqual([]);

    // Asked again: the same answer, no second refund, no second unit back, no second event.
    const events = (await historyOf(order._id)).length;
    const again = await refund(admin, order._id, body);
    expect(again.status).toBe(200);
    expect(await providerRefunds(order._id)).toHaveLength(1);
    expect(await stockOf(app, tools[1]!._id)).toBe(stockBefore + 1);
    expect(await historyOf(order._id)).toHaveLength(events);

    // A refund that would give the fan back again is refused, naming it; nothing is given.
    const overlapping = await refund(admin, order._id, {
      ...body,
      lines: [tools[1]!._id, tools[2]!._id],
    });
    expect(overlapping.status).toBe(409);
    expect(await errorOf(overlapping)).toMatchObject({
      code: 'CONFLICT',
      message: 'One Fan was refunded already',
    });
    expect(await providerRefunds(order._id)).toHaveLength(1);

    // The other two: the order is refunded, and all it took has come back, to the cent.
    const rest = await refund(admin, order._id, {
      reason: 'Returned',
      restock: false,
      lines: [tools[2]!._id, tools[0]!._id],
    });
    expect(rest.status).toBe(200);
    expect(await rest.json()).toMatchObject({ status: 'refunded', paid: false });
    // The last lines refunded change the status, and the step still says what went back.
    expect((await historyOf(order._id)).at(-1)).toMatchObject({
      kind: 'lines_refunded',
      from: 'paid',
      to: 'refunded',
      // (the lines in whichever order the database gave them back)
      what: expect.stringMatching(
        /^\$ [0-9.]+ · 1 × One (Board, 1 × One Hinge|Hinge, 1 × One Board)$/,
      ),
      reason: 'Returned',
    });
    const given = await providerRefunds(order._id);
    expect(given).toHaveLength(2);
    const hingeAndBoard =
      1000 + taxAt19(1000) + 250 + taxAt19(250) + 3000 + taxAt19(3000) + 749 + taxAt19(749);
    expect(given[1]!.amount_cents).toBe(hingeAndBoard);
    expect(fan + hingeAndBoard).toBe(Math.round(order.price * 100));
    expect(await stockOf(app, tools[2]!._id)).toBe(500 - 1);
  });

  it('gives back the rest of an order refunded whole after one of its lines', async () => {
    const { order, tools } = await paidOrderOfThree('Rest');
    const hinge = 1000 + taxAt19(1000) + 250 + taxAt19(250);
    const first = await refund(admin, order._id, {
      reason: 'Wrong model',
      restock: true,
      lines: [tools[0]!._id],
    });
    expect(first.status).toBe(200);
    const whole = await refund(admin, order._id, { reason: 'Cancelled', restock: true });
    expect(whole.status).toBe(200);
    const after = (await whole.json()) as Order;
    expect(after.status).toBe('refunded');
    expect(after.lines.every((line) => line.refunded)).toBe(true);
    expect((await providerRefunds(order._id)).map((r) => r.amount_cents)).toEqual([
      hinge,
      Math.round(order.price * 100) - hinge,
    ]);
    // Each line's unit went back once: the hinge by its own refund, not again by the whole one.
    expect(await Promise.all(tools.map((tool) => stockOf(app, tool._id)))).toEqual([500, 500, 500]);
  });

  it('refunds lines of a delivered order, and refuses an unpaid one, a strange line, a customer', async () => {
    const salesReport = async () =>
      (await (await send(app, 'GET', '/api/reports/sales', admin.token)).json()) as SalesReport;
    const before = (await salesReport()).breakdown;
    const { order, tools } = await paidOrderOfThree('Late');
    await setOrderStatus(app, order._id, 'delivered');
    const delivered = await refund(admin, order._id, {
      reason: 'Faulty',
      restock: false,
      lines: [tools[2]!._id],
    });
    expect(delivered.status).toBe(200);
    expect(await delivered.json()).toMatchObject({ status: 'delivered' });

    // The sales dashboard: this order paid its total, the board went back, and it kept its tax
    // in proportion to what it kept (docs/product.md, Sales).
    const board = 3000 + taxAt19(3000) + 749 + taxAt19(749);
    const report = await salesReport();
    const lineTaxes = taxAt19(1000) + taxAt19(2000) + taxAt19(3000);
    const shippingTaxes = taxAt19(250) + taxAt19(500) + taxAt19(749);
    const total = 6000 + 1499 + lineTaxes + shippingTaxes;
    const keptTax = Math.round(((lineTaxes + shippingTaxes) * (total - board)) / total);
    const cents = (dollars: number) => Math.round(dollars * 100);
    expect(report.breakdown).toEqual({
      paid: (cents(before.paid) + total) / 100,
      refunded: (cents(before.refunded) + board) / 100,
      tax: (cents(before.tax) + keptTax) / 100,
      revenue: (cents(before.revenue) + total - board - keptTax) / 100,
    });
    const revenue = report.revenuePerDay.reduce((sum, day) => sum + cents(day.revenue), 0);
    expect(revenue).toBe(cents(report.breakdown.revenue));

    const stranger = await createTool(app, admin, {
      name: 'Late Stranger',
      description: 'Not in it',
    });
    const strange = await refund(admin, order._id, {
      reason: 'Faulty',
      restock: false,
      lines: [stranger._id],
    });
    expect(strange.status).toBe(400);
    expect(await errorOf(strange)).toMatchObject({
      code: 'VALIDATION_FAILED',
      fields: { lines: ['This order has no such line'] },
    });
    const twice = await refund(admin, order._id, {
      reason: 'Faulty',
      restock: false,
      lines: [tools[0]!._id, tools[0]!._id],
    });
    expect(twice.status).toBe(400);
    expect((await errorOf(twice)).fields).toEqual({ lines: ['Each line can be chosen once'] });
    expect(
      (await refund(buyer, order._id, { reason: 'Mine', restock: false, lines: [tools[0]!._id] }))
        .status,
    ).toBe(403);

    const added = await send(app, 'POST', '/api/cart/lines', buyer.token, {
      toolId: tools[0]!._id,
      quantity: 1,
    });
    expect(added.status).toBe(200);
    const unpaid = (await (
      await send(app, 'POST', '/api/checkout', buyer.token, BERLIN)
    ).json()) as Order;
    const refused = await refund(admin, unpaid._id, {
      reason: 'Faulty',
      restock: false,
      lines: [tools[0]!._id],
    });
    expect(refused.status).toBe(409);
    expect((await errorOf(refused)).message).toBe(
      'Only lines of a paid, shipped or delivered order can be refunded; this one is unpaid',
    );
    expect(await providerRefunds(unpaid._id)).toEqual([]);
  });
});

describe('a refund of lines through Stripe', () => {
  it('asks Stripe for the line’s amount under its own key, once', async () => {
    const shop = await createStripeShop('pglite', 'whsec_lines');
    try {
      const { app, standIn, alice } = shop;
      const admin = await signUpAdmin(app);
      const { order: placed, tools } = await orderToBerlin(app, admin, alice, [
        ['Stripe Hinge', 10],
        ['Stripe Fan', 20],
      ]);
      const { clientSecret } = (await (
        await send(app, 'POST', '/api/create-payment-intent', alice.token, { orderId: placed._id })
      ).json()) as { clientSecret: string };
      const intentId = clientSecret.split('_secret_')[0] ?? '';
      standIn.succeed(intentId);
      await send(app, 'PATCH', `/api/purchase/${placed._id}`, alice.token, {
        transactionId: intentId,
      });

      // $ 14.99 shared 1 : 2 (499.67, 999.33): 500 and 999.
      const fan = 2000 + taxAt19(2000) + 999 + taxAt19(999);
      const body = { reason: 'Does not fit', restock: false, lines: [tools[1]!._id] };
      for (let i = 0; i < 2; i += 1) {
        const answered = await send(
          app,
          'POST',
          `/api/purchase/${placed._id}/refund`,
          admin.token,
          body,
        );
        expect(answered.status).toBe(200);
      }
      expect(standIn.refunds).toEqual([
        expect.objectContaining({ payment_intent: intentId, amount: fan, status: 'succeeded' }),
      ]);
      const whole = await send(app, 'POST', `/api/purchase/${placed._id}/refund`, admin.token, {
        reason: 'All of it',
        restock: false,
      });
      expect(whole.status).toBe(200);
      expect(standIn.refunds.map((r) => r.amount)).toEqual([
        fan,
        Math.round(placed.price * 100) - fan,
      ]);
    } finally {
      await shop.close();
    }
  });
});
