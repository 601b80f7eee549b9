/**
 * The sales dashboard's figures (docs/product.md, Sales) against a computation of our own from
 * the orders, their lines and their refunds: over the orders paid in the last 30 days whatever
 * their status now, what buyers paid, what refunds gave back, the tax kept (each order's tax in
 * proportion to what it kept) and the revenue without tax.
 */
import {
  type Order,
  type ReturnRequest,
  type SalesReport,
  type Tool,
  orderStatuses,
  shopToday,
} from '@shop/shared';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeEachDatabase } from '../../test/databases';
import { newPerson, send, signUpAdmin, signUpWithToken } from '../../test/identity';
import { type Account, createTool, orderToBerlin, payInTestMode } from '../../test/shop';
import { type TestApp, createTestApp } from '../../test/test-app';

const DAY = 86_400_000;
const cents = (dollars: number) => Math.round(dollars * 100);

/** A repeatable random sequence (mulberry32), so a failure can be replayed. */
function randomFrom(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
  const int = (low: number, high: number) => low + Math.floor(next() * (high - low + 1));
  const pick = <T>(items: readonly T[]) => items[int(0, items.length - 1)]!;
  return { next, int, pick };
}

/** a x b / c rounded half up, in whole cents (BigInt: a x b may pass 2^53). */
const proportion = (a: number, b: number, c: number) =>
  c === 0 ? 0 : Number((2n * BigInt(a) * BigInt(b) + BigInt(c)) / (2n * BigInt(c)));

/** The last 30 days of the shop's calendar (UTC), oldest first. */
const windowDays = () => {
  const today = Date.parse(`${shopToday(new Date())}T00:00:00Z`);
  return Array.from({ length: 30 }, (_, i) => shopToday(new Date(today - (29 - i) * DAY)));
};

/** The dashboard's figures, computed in TypeScript from the rows the shop keeps. */
async function expectedFigures(app: TestApp) {
  const db = app.database.db;
  const [orders, lines, refunds, tools, settings] = await Promise.all([
    db
      .selectFrom('orders')
      .select(['id', 'status', 'paid_at', 'price_cents', 'tax_cents', 'prices_include_tax'])
      .execute(),
    db
      .selectFrom('order_lines')
      .select(['order_id', 'tool_id', 'price_cents', 'tax_cents', 'quantity', 'refunded_at'])
      .execute(),
    db.selectFrom('payment_refunds').select(['order_id', 'amount_cents', 'provider_refund_id']).execute(),
    db.selectFrom('tools').select(['id', 'name', 'available_quantity', 'retired_at']).execute(),
    db.selectFrom('shop_settings').select('low_stock_threshold').executeTakeFirstOrThrow(),
  ]);
  const days = windowDays();
  const given = new Map<string, number>();
  for (const refund of refunds) {
    if (refund.provider_refund_id === null) continue;
    given.set(refund.order_id, (given.get(refund.order_id) ?? 0) + refund.amount_cents);
  }
  const perDay = new Map(days.map((day) => [day, { revenue: 0, orders: 0 }]));
  let paid = 0;
  let refunded = 0;
  let tax = 0;
  const inWindow = new Map<string, (typeof orders)[number]>();
  for (const order of orders) {
    const day = order.paid_at ? shopToday(order.paid_at) : undefined;
    const bucket = day === undefined ? undefined : perDay.get(day);
    if (!bucket) continue;
    inWindow.set(order.id, order);
    const back = given.get(order.id) ?? 0;
    const kept = order.price_cents - back;
    const keptTax = proportion(order.tax_cents, kept, order.price_cents);
    paid += order.price_cents;
    refunded += back;
    tax += keptTax;
    bucket.revenue += kept - keptTax;
    bucket.orders += 1;
  }
  const sold = new Map<string, { cents: number; units: number }>();
  for (const line of lines) {
    const order = inWindow.get(line.order_id);
    if (!order || line.refunded_at !== null) continue;
    const entry = sold.get(line.tool_id) ?? { cents: 0, units: 0 };
    entry.cents += line.price_cents - (order.prices_include_tax ? line.tax_cents : 0);
    entry.units += line.quantity;
    sold.set(line.tool_id, entry);
  }
  const names = new Map(tools.map((tool) => [tool.id, tool.name]));
  const threshold = settings.low_stock_threshold;
  const report: SalesReport = {
    revenuePerDay: days.map((day) => ({
      day,
      revenue: perDay.get(day)!.revenue / 100,
      orders: perDay.get(day)!.orders,
    })),
    breakdown: {
      paid: paid / 100,
      refunded: refunded / 100,
      tax: tax / 100,
      revenue: (paid - refunded - tax) / 100,
    },
    ordersByStatus: orderStatuses.map((status) => ({
      status,
      count: orders.filter((order) => order.status === status).length,
    })),
    topTools: [...sold]
      .sort(([a, x], [b, y]) => y.cents - x.cents || (a < b ? -1 : 1))
      .slice(0, 5)
      .map(([toolId, entry]) => ({
        toolId,
        name: names.get(toolId)!,
        revenue: entry.cents / 100,
        units: entry.units,
      })),
    lowStockThreshold: threshold,
    lowStock: tools
      .filter((tool) => tool.retired_at === null && tool.available_quantity <= threshold)
      .sort((a, b) => a.available_quantity - b.available_quantity || (a.name < b.name ? -1 : 1))
      .map((tool) => ({ _id: tool.id, name: tool.name, availableQuantity: tool.available_quantity })),
  };
  return report;
}

const reportOf = async (app: TestApp, admin: Account) => {
  const response = await send(app, 'GET', '/api/reports/sales', admin.token);
  expect(response.status).toBe(200);
  return (await response.json()) as SalesReport;
};

const post = (app: TestApp, who: Account, path: string, body?: unknown) =>
  send(app, 'POST', path, who.token, body);

/** A delivered order's lines returned for Does not fit (15 % fee), authorised, received, refunded. */
async function returnWithFee(app: TestApp, admin: Account, buyer: Account, order: Order, toolIds: string[]) {
  expect((await post(app, admin, `/api/purchase/${order._id}/ship`)).status).toBe(200);
  expect((await post(app, admin, `/api/purchase/${order._id}/deliver`)).status).toBe(200);
  const asked = await post(app, buyer, `/api/purchase/${order._id}/returns`, {
    lines: toolIds,
    reason: 'does_not_fit',
  });
  expect(asked.status).toBe(201);
  const request = (await asked.json()) as ReturnRequest;
  expect((await post(app, admin, `/api/returns/${request._id}/authorise`, { message: '' })).status).toBe(200);
  const receipt = { lines: toolIds.map((toolId) => ({ toolId, resaleable: true })) };
  expect((await post(app, admin, `/api/returns/${request._id}/receive`, receipt)).status).toBe(200);
  const refunded = await post(app, admin, `/api/returns/${request._id}/refund`);
  expect(refunded.status).toBe(200);
  return (await refunded.json()) as ReturnRequest;
}

describeEachDatabase('the sales figures after a refund', (kind) => {
  let app: TestApp;
  let admin: Account;

  beforeAll(async () => {
    app = await createTestApp(kind, { seed: false });
    admin = await signUpAdmin(app);
  });
  afterAll(() => app.close());

  it('show what an order kept when its parts came back less a restocking fee', async () => {
    const buyer = await signUpWithToken(app, newPerson('kept'));
    const { order, tools } = await orderToBerlin(app, admin, buyer, [['Kept Fan', 20]]);
    await payInTestMode(app, buyer, order._id);
    // $ 20 + 19 % VAT, and EU Road's $ 14.99 + 19 %: $ 41.64 paid, $ 6.64 of it tax.
    expect(order.totals.total).toBe(41.64);
    const returned = await returnWithFee(app, admin, buyer, order, [tools[0]!._id]);
    // The fee: 15 % of the fan with its tax ($ 23.80), the only thing the shop kept.
    expect(returned.refund).toEqual({ amount: 38.07, fee: 3.57 });
    // Every line given back: the order is refunded, yet it kept the fee.
    const now = (await (await send(app, 'GET', `/api/purchase/${order._id}`, buyer.token)).json()) as Order;
    expect(now.status).toBe('refunded');

    const { breakdown, revenuePerDay } = await reportOf(app, admin);
    // Its tax share in proportion: 664 x 357 / 4164 = 56.93, so $ 0.57 of the $ 3.57 is tax.
    expect(breakdown).toEqual({ paid: 41.64, refunded: 38.07, tax: 0.57, revenue: 3 });
    expect(revenuePerDay.at(-1)).toEqual({ day: shopToday(new Date()), revenue: 3, orders: 1 });
  });

  it('show a partial refund of lines as its own figure, the rest as revenue without tax', async () => {
    const before = (await reportOf(app, admin)).breakdown;
    const buyer = await signUpWithToken(app, newPerson('partial'));
    const { order, tools } = await orderToBerlin(app, admin, buyer, [
      ['Part Hinge', 10],
      ['Part Board', 30],
    ]);
    await payInTestMode(app, buyer, order._id);
    const refunded = await post(app, admin, `/api/purchase/${order._id}/refund`, {
      reason: 'Wrong part',
      restock: true,
      lines: [tools[0]!._id],
    });
    expect(refunded.status).toBe(200);
    // Lines $ 10 and $ 30, shipping $ 14.99 shared 1 : 3 (375 and 1124 cents), 19 % VAT on each:
    // the hinge gave back 1000 + 190 + 375 + 71 = $ 16.36 of $ 65.44 (tax $ 10.45).
    expect(order.totals.total).toBe(65.44);
    const { breakdown } = await reportOf(app, admin);
    const kept = 6544 - 1636;
    const keptTax = proportion(1045, kept, 6544);
    expect(keptTax).toBe(784);
    expect(breakdown).toEqual({
      paid: (cents(before.paid) + 6544) / 100,
      refunded: (cents(before.refunded) + 1636) / 100,
      tax: (cents(before.tax) + keptTax) / 100,
      revenue: (cents(before.revenue) + kept - keptTax) / 100,
    });
  });
});

describeEachDatabase('the sales figures over 1,000 random orders', (kind) => {
  let app: TestApp;
  let admin: Account;
  let buyer: Account;
  let tools: Tool[];

  beforeAll(async () => {
    app = await createTestApp(kind, { seed: false, env: { MAX_UNPAID_ORDERS: 50 } });
    admin = await signUpAdmin(app);
    buyer = await signUpWithToken(app);
    tools = [];
    for (let i = 0; i < 12; i += 1) {
      const name = `Random Part ${String(i).padStart(2, '0')}`;
      tools.push(await createTool(app, admin, { name, description: 'Sold at random', price: 5 + i }));
    }
  });
  afterAll(() => app.close());

  it('equal a computation of our own from the orders, their lines and their refunds', async () => {
    // Through the shop itself: a refund of lines, a whole refund after one, a whole refund, and
    // a return refunded less its restocking fee.
    const lineRefunded = await orderToBerlin(app, admin, buyer, [
      ['API Hinge', 10],
      ['API Fan', 20],
    ]);
    await payInTestMode(app, buyer, lineRefunded.order._id);
    const byLine = { reason: 'Wrong part', restock: false, lines: [lineRefunded.tools[1]!._id] };
    expect((await post(app, admin, `/api/purchase/${lineRefunded.order._id}/refund`, byLine)).status).toBe(200);
    const thenWhole = await orderToBerlin(app, admin, buyer, [
      ['API Screen', 40],
      ['API Cable', 3],
    ]);
    await payInTestMode(app, buyer, thenWhole.order._id);
    const first = { reason: 'Broken', restock: false, lines: [thenWhole.tools[0]!._id] };
    expect((await post(app, admin, `/api/purchase/${thenWhole.order._id}/refund`, first)).status).toBe(200);
    const rest = { reason: 'Changed their mind', restock: false };
    expect((await post(app, admin, `/api/purchase/${thenWhole.order._id}/refund`, rest)).status).toBe(200);
    const whole = await orderToBerlin(app, admin, buyer, [['API Board', 60]]);
    await payInTestMode(app, buyer, whole.order._id);
    expect((await post(app, admin, `/api/purchase/${whole.order._id}/refund`, rest)).status).toBe(200);
    const returned = await orderToBerlin(app, admin, buyer, [
      ['API Keyboard', 25],
      ['API Battery', 35],
    ]);
    await payInTestMode(app, buyer, returned.order._id);
    await returnWithFee(app, admin, buyer, returned.order, returned.tools.map((tool) => tool._id));
    const statusOf = async (order: Order) =>
      ((await (await send(app, 'GET', `/api/purchase/${order._id}`, buyer.token)).json()) as Order)
        .status;
    const made = [lineRefunded.order, thenWhole.order, whole.order, returned.order];
    expect(await Promise.all(made.map(statusOf))).toEqual(['paid', 'refunded', 'refunded', 'refunded']);

    await insertRandomOrders(app, tools, buyer, 1_000, 20_261_125);
    const [report, expected] = [await reportOf(app, admin), await expectedFigures(app)];
    expect(report).toEqual(expected);
    // Every kind of order is there, so each rule was put to the proof.
    expect(report.breakdown.refunded).toBeGreaterThan(0);
    expect(report.ordersByStatus.every((entry) => entry.count > 0)).toBe(true);
  });
});

/**
 * `count` orders written straight into the tables as the shop keeps them (placing them through
 * the API would take minutes): one to four lines, prices with or without tax at a rate of 0, 7,
 * 19 or 20 %, shipping shared between the lines, paid up to 40 days ago or never; then refunds,
 * of lines (some less a fee, as a return's), of what was left, or claimed and never given.
 */
async function insertRandomOrders(app: TestApp, tools: Tool[], buyer: Account, count: number, seed: number) {
  const random = randomFrom(seed);
  const db = app.database.db;
  const now = Date.now();
  for (let n = 0; n < count; n += 1) {
    const included = random.next() < 0.5;
    const rate = random.pick([0, 7, 19, 20]);
    const picked = [...tools].sort(() => random.next() - 0.5).slice(0, random.int(1, 4));
    const shipping = random.pick([0, 699, 1499, random.int(1, 3000)]);
    let left = shipping;
    const lines = picked.map((tool, position) => {
      const quantity = random.int(1, 5);
      const unit = random.int(100, 50_000);
      const price = unit * quantity;
      const share = position === picked.length - 1 ? left : random.int(0, left);
      left -= share;
      const taxOf = (cents: number) =>
        included
          ? Math.floor((cents * rate * 2 + 100 + rate) / (2 * (100 + rate)))
          : Math.floor((cents * rate + 50) / 100);
      return {
        position,
        tool_id: tool._id,
        tool_name: tool.name,
        tool_img: tool.img,
        quantity,
        unit_price_cents: unit,
        price_cents: price,
        available_after: 100,
        tax_rate: rate,
        tax_cents: taxOf(price),
        shipping_cents: share,
        shipping_tax_cents: taxOf(share),
      };
    });
    const sum = (key: 'price_cents' | 'tax_cents' | 'shipping_tax_cents') =>
      lines.reduce((total, line) => total + line[key] + (key === 'tax_cents' ? line.shipping_tax_cents : 0), 0);
    const tax = sum('tax_cents');
    const total = sum('price_cents') + shipping + (included ? 0 : tax);
    const roll = random.next();
    const paidAt =
      roll < 0.1 ? null : new Date(now - random.int(0, 40 * 24) * 3_600_000 - random.int(0, 3_599_999));
    const unpaidStatus = roll < 0.05 ? 'unpaid' : 'cancelled';
    const status = paidAt === null ? unpaidStatus : random.pick(['paid', 'shipped', 'delivered'] as const);
    const one = lines.length === 1 ? lines[0]! : undefined;
    const placed = await db
      .insertInto('orders')
      .values({
        tool_id: lines[0]!.tool_id,
        tool_name: lines[0]!.tool_name,
        tool_img: lines[0]!.tool_img,
        user_id: null,
        user_name: buyer.name,
        user_email: buyer.email,
        phone: '+49 30 901820',
        address: `${n} Random Street`,
        quantity: lines.reduce((units, line) => units + line.quantity, 0),
        unit_price_cents: one ? one.unit_price_cents : null,
        price_cents: total,
        available_after: one ? 100 : null,
        line_count: lines.length,
        status,
        transaction_id: paidAt ? `pi_random_${n}` : null,
        paid_at: paidAt,
        pay_by: status === 'unpaid' ? new Date(now + 3_600_000) : null,
        shipping_cents: shipping,
        tax_cents: tax,
        shipping_tax_cents: sum('shipping_tax_cents'),
        tax_rate: rate,
        prices_include_tax: included,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db
      .insertInto('order_lines')
      .values(lines.map((line) => ({ ...line, order_id: placed.id })))
      .execute();
    const intent = `pi_random_${n}`;
    const refund = async (key: string, amount: number, done: boolean) =>
      db
        .insertInto('payment_refunds')
        .values({
          key,
          intent_id: intent,
          order_id: placed.id,
          provider: 'sandbox',
          amount_cents: amount,
          provider_refund_id: done ? `re_${key}` : null,
          reason: 'requested_by_admin',
        })
        .execute();
    if (paidAt === null) {
      // A payment that landed after the cancel is given back, though the order was never paid.
      if (status === 'cancelled' && random.next() < 0.3) await refund(intent, total, true);
      continue;
    }
    const what = random.next();
    if (what < 0.5) continue;
    // Lines given back first (a refund of lines, or a return less 15 % of the goods and tax).
    const back = lines.filter(() => random.next() < 0.5);
    let given = 0;
    let claimedOnly = false;
    if (back.length > 0 && what < 0.85) {
      const key = `${intent}:${back.map((line) => line.tool_id).join(',')}`;
      const full = back.reduce(
        (cents, line) =>
          cents +
          line.price_cents +
          line.shipping_cents +
          (included ? 0 : line.tax_cents + line.shipping_tax_cents),
        0,
      );
      const goods = back.reduce((cents, line) => cents + line.price_cents + (included ? 0 : line.tax_cents), 0);
      const fee = random.next() < 0.4 ? Math.floor((goods * 15 + 50) / 100) : 0;
      const done = random.next() < 0.9;
      await refund(key, full - fee, done);
      given = done ? full - fee : 0;
      // A claim the provider has not answered holds the order: no whole refund follows.
      claimedOnly = !done;
      await db
        .updateTable('order_lines')
        .set({ refund_key: key, refunded_at: done ? new Date() : null })
        .where('order_id', '=', placed.id)
        .where('tool_id', 'in', back.map((line) => line.tool_id))
        .execute();
      if (done && back.length === lines.length) {
        await db.updateTable('orders').set({ status: 'refunded' }).where('id', '=', placed.id).execute();
      }
    }
    const everyLine = given > 0 && back.length === lines.length;
    if (!everyLine && !claimedOnly && (what >= 0.85 || random.next() < 0.3)) {
      // What is left, given back under the intent's id; all lines are then refunded.
      await refund(intent, total - given, true);
      await db
        .updateTable('order_lines')
        .set({ refunded_at: new Date() })
        .where('order_id', '=', placed.id)
        .where('refunded_at', 'is', null)
        .execute();
      await db.updateTable('orders').set({ status: 'refunded' }).where('id', '=', placed.id).execute();
    }
  }
}
