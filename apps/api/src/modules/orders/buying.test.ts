import type { Order, Tool } from '@shop/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describeEachDatabase } from '../../test/databases';
import { send, signUpAdmin, signUpWithToken } from '../../test/identity';
import {
  type Account,
  DELIVERY,
  purchaseBody,
  stockOf,
  toolInput,
  US_GROUND,
} from '../../test/shop';
import { type TestApp, createTestApp } from '../../test/test-app';

describeEachDatabase('buying', (kind) => {
  let app: TestApp;
  let admin: Account;
  let alice: Account;
  let bob: Account;

  const createTool = async (overrides: Partial<Record<string, unknown>> = {}) => {
    const response = await send(app, 'POST', '/api/tools', admin.token, toolInput(overrides));
    expect(response.status).toBe(201);
    return (await response.json()) as Tool;
  };

  beforeAll(async () => {
    app = await createTestApp(kind, { seed: false });
    admin = await signUpAdmin(app);
    alice = await signUpWithToken(app);
    bob = await signUpWithToken(app);
  });
  afterAll(() => app.close());

  it('places an order with the price, name and email set by the server', async () => {
    const tool = await createTool({ price: 12.5 });
    const response = await send(
      app,
      'POST',
      '/api/purchase',
      alice.token,
      purchaseBody(tool._id, { quantity: 3, neededBy: '2999-01-31' }),
    );
    expect(response.status).toBe(201);
    const order = (await response.json()) as Order;
    expect(order).toMatchObject({
      toolId: tool._id,
      tool: 'Test SSD',
      quantity: 3,
      // The goods, and US Ground below its free threshold; Oregon has no sales tax.
      price: 37.5 + US_GROUND,
      unitPrice: 12.5,
      totals: { subtotal: 37.5, shipping: US_GROUND, tax: 0, total: 44.49 },
      shipTo: {
        recipient: alice.name,
        country: 'US',
        countryName: 'United States',
        region: 'OR',
        city: 'Portland',
        postalCode: '97204',
      },
      shipping: { method: 'Ground', minDays: 3, maxDays: 5 },
      phone: '+15035550100',
      userEmail: alice.email,
      userName: alice.name,
      address: DELIVERY.address,
      neededBy: '2999-01-31',
      paid: false,
      status: 'unpaid',
      transactionId: null,
      availableQuantity: 47,
    });
    expect(order.lines).toEqual([
      expect.objectContaining({ price: 37.5, tax: 0, shipping: US_GROUND, shippingTax: 0 }),
    ]);
    expect(await stockOf(app, tool._id)).toBe(47);
  });

  it.each([
    ['price', { price: 1 }],
    ['paid', { paid: true }],
    ['userEmail', { userEmail: 'someone@example.com' }],
    ['availableQuantity', { availableQuantity: 9999 }],
    ['status', { status: 'paid' }],
  ])('refuses a purchase that sets %s, and stores nothing', async (_field, extra) => {
    const tool = await createTool();
    const response = await send(
      app,
      'POST',
      '/api/purchase',
      alice.token,
      purchaseBody(tool._id, extra),
    );
    expect(response.status).toBe(400);
    expect(((await response.json()) as { error: { code: string } }).error.code).toBe(
      'VALIDATION_FAILED',
    );
    expect(await stockOf(app, tool._id)).toBe(50);
    const mine = (await (
      await send(app, 'GET', `/api/purchase?userEmail=${alice.email}`, alice.token)
    ).json()) as Order[];
    expect(mine.some((order) => order.toolId === tool._id)).toBe(false);
  });

  it('refuses one below the minimum (400) and one above the stock (409 OUT_OF_STOCK)', async () => {
    const tool = await createTool({ minOrderQuantity: 5, availableQuantity: 20 });
    const below = await send(
      app,
      'POST',
      '/api/purchase',
      alice.token,
      purchaseBody(tool._id, { quantity: 4 }),
    );
    expect(below.status).toBe(400);
    expect(((await below.json()) as { error: { message: string } }).error.message).toBe(
      'Minimum Order quantity is 5. Please select a value between 5 and 20',
    );
    const above = await send(
      app,
      'POST',
      '/api/purchase',
      alice.token,
      purchaseBody(tool._id, { quantity: 21 }),
    );
    expect(above.status).toBe(409);
    expect(((await above.json()) as { error: { code: string } }).error.code).toBe('OUT_OF_STOCK');
    const edges = await Promise.all(
      [5, 15].map((quantity) =>
        send(app, 'POST', '/api/purchase', alice.token, purchaseBody(tool._id, { quantity })),
      ),
    );
    expect(edges.map((response) => response.status)).toEqual([201, 201]);
    expect(await stockOf(app, tool._id)).toBe(0);
  });

  it.each([
    ['no phone', { phone: '' }],
    ['a phone without a digit', { phone: 'call me' }],
    ['no address', { address: '  ' }],
    ['a fractional quantity', { quantity: 2.5 }],
    ['a negative quantity', { quantity: -2 }],
    ['a quantity as text', { quantity: '2' }],
    ['a malformed tool id', { toolId: 'abc' }],
    ['a past needed-by date', { neededBy: '2001-01-01' }],
  ])('refuses %s with 400', async (_label, extra) => {
    const tool = await createTool();
    const response = await send(
      app,
      'POST',
      '/api/purchase',
      alice.token,
      purchaseBody(tool._id, extra),
    );
    expect(response.status).toBe(400);
    expect(await stockOf(app, tool._id)).toBe(50);
  });

  it('answers 404 for an unknown tool and 401 without a token', async () => {
    const unknown = await send(
      app,
      'POST',
      '/api/purchase',
      alice.token,
      purchaseBody('7c9e6679-7425-40de-944b-e07fc1f90ae7'),
    );
    expect(unknown.status).toBe(404);
    const tool = await createTool();
    expect(
      (await send(app, 'POST', '/api/purchase', undefined, purchaseBody(tool._id))).status,
    ).toBe(401);
  });

  it("keeps each buyer's orders to themself", async () => {
    const tool = await createTool();
    const order = (await (
      await send(app, 'POST', '/api/purchase', alice.token, purchaseBody(tool._id))
    ).json()) as Order;
    expect((await send(app, 'GET', `/api/purchase/${order._id}`, alice.token)).status).toBe(200);
    expect((await send(app, 'GET', `/api/purchase/${order._id}`, bob.token)).status).toBe(404);
    expect((await send(app, 'GET', `/api/purchase/${order._id}`, admin.token)).status).toBe(200);
    expect((await send(app, 'POST', `/api/purchase/${order._id}/cancel`, bob.token)).status).toBe(
      404,
    );
    expect(
      (await send(app, 'GET', `/api/purchase?userEmail=${alice.email}`, bob.token)).status,
    ).toBe(403);
    const bobs = (await (
      await send(app, 'GET', `/api/purchase?userEmail=${bob.email}`, bob.token)
    ).json()) as Order[];
    expect(bobs.some((mine) => mine._id === order._id)).toBe(false);
    expect((await send(app, 'GET', '/api/allPurchase', bob.token)).status).toBe(403);
    expect(
      (await send(app, 'PATCH', `/api/tools/${tool._id}`, bob.token, { availableQuantity: 999 }))
        .status,
    ).toBe(403);
    expect(await stockOf(app, tool._id)).toBe(48);
  });

  it('lists own orders and all orders newest first', async () => {
    const tool = await createTool();
    const first = (await (
      await send(app, 'POST', '/api/purchase', bob.token, purchaseBody(tool._id))
    ).json()) as Order;
    const second = (await (
      await send(app, 'POST', '/api/purchase', bob.token, purchaseBody(tool._id))
    ).json()) as Order;
    const mine = (await (
      await send(app, 'GET', `/api/purchase?userEmail=${bob.email}`, bob.token)
    ).json()) as Order[];
    expect(mine.slice(0, 2).map((order) => order._id)).toEqual([second._id, first._id]);
    const all = (await (await send(app, 'GET', '/api/allPurchase', admin.token)).json()) as Order[];
    expect(all[0]?._id).toBe(second._id);
    expect(all.some((order) => order.userEmail === alice.email)).toBe(true);
  });

  it('cancels an unpaid order and returns its stock; a paid order cannot be cancelled', async () => {
    const tool = await createTool();
    const order = (await (
      await send(app, 'POST', '/api/purchase', alice.token, purchaseBody(tool._id, { quantity: 4 }))
    ).json()) as Order;
    expect(await stockOf(app, tool._id)).toBe(46);
    const cancelled = await send(app, 'POST', `/api/purchase/${order._id}/cancel`, alice.token);
    expect(cancelled.status).toBe(200);
    expect(((await cancelled.json()) as Order).status).toBe('cancelled');
    expect(await stockOf(app, tool._id)).toBe(50);
    expect((await send(app, 'POST', `/api/purchase/${order._id}/cancel`, alice.token)).status).toBe(
      409,
    );
    expect(await stockOf(app, tool._id)).toBe(50);

    const paid = (await (
      await send(app, 'POST', '/api/purchase', alice.token, purchaseBody(tool._id))
    ).json()) as Order;
    await app.database.db
      .updateTable('orders')
      .set({ status: 'paid' })
      .where('id', '=', paid._id)
      .execute();
    expect((await send(app, 'POST', `/api/purchase/${paid._id}/cancel`, alice.token)).status).toBe(
      409,
    );
    expect(await stockOf(app, tool._id)).toBe(48);
  });

  it('lets an admin ship a paid order, and the buyer sees it shipped', async () => {
    const tool = await createTool();
    const order = (await (
      await send(app, 'POST', '/api/purchase', alice.token, purchaseBody(tool._id))
    ).json()) as Order;
    expect((await send(app, 'POST', `/api/purchase/${order._id}/ship`, admin.token)).status).toBe(
      409,
    );
    await app.database.db
      .updateTable('orders')
      .set({ status: 'paid' })
      .where('id', '=', order._id)
      .execute();
    expect((await send(app, 'POST', `/api/purchase/${order._id}/ship`, alice.token)).status).toBe(
      403,
    );
    expect((await send(app, 'POST', `/api/purchase/${order._id}/ship`, admin.token)).status).toBe(
      200,
    );
    const seen = (await (
      await send(app, 'GET', `/api/purchase/${order._id}`, alice.token)
    ).json()) as Order;
    expect(seen).toMatchObject({ status: 'shipped', paid: true });
  });

  it('restocks only through an admin PATCH that sets the stock', async () => {
    const tool = await createTool();
    const response = await send(app, 'PATCH', `/api/tools/${tool._id}`, admin.token, {
      availableQuantity: 75,
    });
    expect(response.status).toBe(200);
    expect(await stockOf(app, tool._id)).toBe(75);
    for (const body of [
      { availableQuantity: -1 },
      { newQuantity: 5 },
      {},
      { availableQuantity: 1.5 },
    ]) {
      expect((await send(app, 'PATCH', `/api/tools/${tool._id}`, admin.token, body)).status).toBe(
        400,
      );
    }
    expect(await stockOf(app, tool._id)).toBe(75);
  });
});

describeEachDatabase('buying under load', (kind) => {
  let app: TestApp;
  beforeAll(async () => {
    // 4 buyers place up to 50 orders each here: the unpaid-orders limit is not under test.
    app = await createTestApp(kind, { seed: false, env: { MAX_UNPAID_ORDERS: 1000 } });
  });
  afterAll(() => app.close());

  it('never oversells: 200 simultaneous purchases of 1 against a stock of 50', async () => {
    const admin = await signUpAdmin(app);
    const buyers = await Promise.all(Array.from({ length: 4 }, () => signUpWithToken(app)));
    const created = await send(
      app,
      'POST',
      '/api/tools',
      admin.token,
      toolInput({ minOrderQuantity: 1, availableQuantity: 50 }),
    );
    const tool = (await created.json()) as Tool;

    const responses = await Promise.all(
      Array.from({ length: 200 }, (_, index) =>
        send(
          app,
          'POST',
          '/api/purchase',
          buyers[index % buyers.length]?.token,
          purchaseBody(tool._id, { quantity: 1 }),
        ),
      ),
    );
    const statuses = responses.map((response) => response.status);
    expect(statuses.filter((status) => status === 201)).toHaveLength(50);
    expect(statuses.filter((status) => status === 409)).toHaveLength(150);

    const stock = ((await (await app.request(`/api/tools/${tool._id}`)).json()) as Tool)
      .availableQuantity;
    expect(stock).toBe(0);
    const orders = await app.database.db
      .selectFrom('orders')
      .select('id')
      .where('tool_id', '=', tool._id)
      .execute();
    expect(orders).toHaveLength(50);
  }, 120_000);
});

describe('order ids', () => {
  it('are checked before they reach the database', async () => {
    const app = await createTestApp('pglite', { seed: false });
    try {
      const buyer = await signUpWithToken(app);
      for (const id of ['abc', "1' or '1'='1", 'x'.repeat(3000)]) {
        const response = await send(
          app,
          'GET',
          `/api/purchase/${encodeURIComponent(id)}`,
          buyer.token,
        );
        expect(response.status).toBe(404);
      }
    } finally {
      await app.close();
    }
  });
});
