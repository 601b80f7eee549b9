import { type Order, type SalesReport, type Tool, shopToday } from '@shop/shared';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeEachDatabase } from '../../test/databases';
import { send, signUpAdmin, signUpWithToken } from '../../test/identity';
import {
  type Account,
  order,
  postCheckout,
  setOrderStatus,
  DELIVERY,
  US_GROUND,
} from '../../test/shop';
import { type TestApp, createTestApp } from '../../test/test-app';

const DAY = 86_400_000;

describeEachDatabase('the sales dashboard', (kind) => {
  let app: TestApp;
  let admin: Account;
  let buyer: Account;

  const createTool = async (name: string, price: number, availableQuantity = 100) =>
    (await (
      await send(app, 'POST', '/api/tools', admin.token, {
        name,
        description: 'Sold and counted',
        minOrderQuantity: 1,
        availableQuantity,
        price,
        img: '/images/tools/nvme-ssd.svg',
      })
    ).json()) as Tool;
  /** An order in `status`, paid `daysAgo` days ago (as if the provider had confirmed it then). */
  const sold = async (tool: Tool, quantity: number, daysAgo: number, status = 'paid') => {
    const placed: Order = await order(app, buyer, tool._id, quantity);
    await setOrderStatus(app, placed._id, status as Order['status']);
    await app.database.db
      .updateTable('orders')
      .set({ paid_at: new Date(Date.now() - daysAgo * DAY) })
      .where('id', '=', placed._id)
      .execute();
    return placed;
  };
  const report = async () => {
    const response = await send(app, 'GET', '/api/reports/sales', admin.token);
    expect(response.status).toBe(200);
    return (await response.json()) as SalesReport;
  };

  beforeAll(async () => {
    app = await createTestApp(kind, { seed: false, env: { MAX_UNPAID_ORDERS: 50 } });
    admin = await signUpAdmin(app);
    buyer = await signUpWithToken(app);
  });
  afterAll(() => app.close());

  it('is for admins only', async () => {
    expect((await send(app, 'GET', '/api/reports/sales')).status).toBe(401);
    expect((await send(app, 'GET', '/api/reports/sales', buyer.token)).status).toBe(403);
    const body = { lowStockThreshold: 3 };
    expect((await send(app, 'PUT', '/api/settings/low-stock', buyer.token, body)).status).toBe(403);
  });

  it('counts revenue per day over 30 days, orders by status and the best sellers, from the orders paid', async () => {
    const ssd = await createTool('Report SSD', 50);
    const fan = await createTool('Report Fan', 10);
    const paste = await createTool('Report Paste', 2);
    // Oregon has no sales tax; US Ground is free from $ 99, else $ 6.99 (US_GROUND).
    await sold(ssd, 2, 0); // $100 today, shipped free
    await sold(fan, 3, 0, 'shipped'); // $30 and shipping today
    await sold(fan, 1, 29, 'delivered'); // $10 and shipping, the first day shown
    await sold(paste, 5, 30); // $10 and shipping, a day before the chart: not counted
    // Given back in full, as the shop records a refund: paid that day, but no revenue.
    const givenBack = await sold(ssd, 1, 3, 'refunded');
    await app.database.db
      .insertInto('payment_refunds')
      .values({
        key: `pi_report_${givenBack._id}`,
        intent_id: `pi_report_${givenBack._id}`,
        order_id: givenBack._id,
        provider: 'sandbox',
        amount_cents: 5000 + 699,
        provider_refund_id: `re_report_${givenBack._id}`,
        reason: 'requested_by_admin',
      })
      .execute();
    await order(app, buyer, paste._id, 1); // unpaid

    const { revenuePerDay, ordersByStatus, topTools } = await report();
    expect(revenuePerDay).toHaveLength(30);
    // A day's revenue is its paid orders' totals: the shipping charged counts.
    expect(revenuePerDay.at(-1)).toEqual({
      day: shopToday(new Date()),
      revenue: 130 + US_GROUND,
      orders: 2,
    });
    expect(revenuePerDay[0]).toEqual({
      day: shopToday(new Date(Date.now() - 29 * DAY)),
      // $ 10 and US Ground's $ 6.99, summed in cents as the shop does (10 + 6.99 is not 16.99
      // in floating point).
      revenue: (1000 + 699) / 100,
      orders: 1,
    });
    expect(revenuePerDay.slice(1, -1).every((day) => day.revenue === 0)).toBe(true);
    expect(revenuePerDay.at(-4)).toEqual({
      day: shopToday(new Date(Date.now() - 3 * DAY)),
      revenue: 0,
      orders: 1,
    });
    expect(ordersByStatus).toEqual([
      { status: 'unpaid', count: 1 },
      { status: 'paid', count: 2 },
      { status: 'shipped', count: 1 },
      { status: 'delivered', count: 1 },
      { status: 'cancelled', count: 0 },
      { status: 'refunded', count: 1 },
    ]);
    // A best seller's revenue is its lines' (quantity x unit price), without the orders'
    // shipping, as for an order of several tools below.
    expect(topTools).toEqual([
      { toolId: ssd._id, name: 'Report SSD', revenue: 100, units: 2 },
      { toolId: fan._id, name: 'Report Fan', revenue: 40, units: 4 },
    ]);
  });

  it('counts an order of several tools by its lines, once in the day it was paid', async () => {
    const before = await report();
    const dock = await createTool('Report Dock', 200);
    const cable = await createTool('Report Cable', 1);
    for (const [tool, quantity] of [
      [dock, 1],
      [cable, 3],
    ] as const) {
      const added = await send(app, 'POST', '/api/cart/lines', buyer.token, {
        toolId: tool._id,
        quantity,
      });
      expect(added.status).toBe(200);
    }
    const placed = await postCheckout(app, buyer, {
      ...DELIVERY,
      address: '1 Market Street, San Francisco',
    });
    expect(placed.status).toBe(201);
    const placedId = ((await placed.json()) as Order)._id;
    await setOrderStatus(app, placedId, 'paid');
    await app.database.db
      .updateTable('orders')
      .set({ paid_at: new Date() })
      .where('id', '=', placedId)
      .execute();

    const { revenuePerDay, topTools } = await report();
    expect(revenuePerDay.at(-1)).toEqual({
      ...before.revenuePerDay.at(-1)!,
      revenue: before.revenuePerDay.at(-1)!.revenue + 203,
      orders: before.revenuePerDay.at(-1)!.orders + 1,
    });
    expect(topTools[0]).toEqual({ toolId: dock._id, name: 'Report Dock', revenue: 200, units: 1 });
    expect(topTools).toContainEqual({
      toolId: cable._id,
      name: 'Report Cable',
      revenue: 3,
      units: 3,
    });
  });

  it('lists the tools on sale at or below the threshold an admin sets, the fewest first', async () => {
    const three = await createTool('Three Left', 1, 3);
    const four = await createTool('Four Left', 1, 4);
    const set = await send(app, 'PUT', '/api/settings/low-stock', admin.token, {
      lowStockThreshold: 3,
    });
    expect(await set.json()).toEqual({ lowStockThreshold: 3 });
    const atThree = await report();
    expect(atThree.lowStockThreshold).toBe(3);
    expect(atThree.lowStock.map((tool) => tool._id)).toContain(three._id);
    expect(atThree.lowStock.map((tool) => tool._id)).not.toContain(four._id);

    await send(app, 'PUT', '/api/settings/low-stock', admin.token, { lowStockThreshold: 4 });
    const atFour = (await report()).lowStock;
    expect(atFour.slice(-2)).toEqual([
      { _id: three._id, name: 'Three Left', availableQuantity: 3 },
      { _id: four._id, name: 'Four Left', availableQuantity: 4 },
    ]);
    for (const bad of [{ lowStockThreshold: -1 }, { lowStockThreshold: 1.5 }, {}]) {
      expect((await send(app, 'PUT', '/api/settings/low-stock', admin.token, bad)).status).toBe(400);
    }
  });
});
