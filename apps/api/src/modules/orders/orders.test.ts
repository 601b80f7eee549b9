import type { Order, Tool } from '@shop/shared';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describeEachDatabase } from '../../test/databases';
import { send, signUpAdmin, signUpWithToken } from '../../test/identity';
import { type Account, purchaseBody, stockOf } from '../../test/shop';
import { type TestApp, createTestApp } from '../../test/test-app';

const toolInput = (overrides: Partial<Record<string, unknown>> = {}) => ({
  name: 'Test SSD',
  description: 'A drive for the tests',
  minOrderQuantity: 2,
  availableQuantity: 50,
  price: 12.5,
  img: '/images/tools/nvme-ssd.svg',
  ...overrides,
});

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
      price: 37.5,
      unitPrice: 12.5,
      userEmail: alice.email,
      userName: alice.name,
      address: '1 Market Street, San Francisco',
      neededBy: '2999-01-31',
      paid: false,
      status: 'unpaid',
      transactionId: null,
      availableQuantity: 47,
    });
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

type ErrorBody = { error: { code: string; message: string } };

describeEachDatabase('holding stock', (kind) => {
  let app: TestApp;
  let admin: Account;
  const TTL_MINUTES = 15;

  const createTool = async (overrides: Partial<Record<string, unknown>> = {}) => {
    const response = await send(app, 'POST', '/api/tools', admin.token, toolInput(overrides));
    expect(response.status).toBe(201);
    return (await response.json()) as Tool;
  };
  const buy = (buyer: Account, toolId: string, quantity = 2) =>
    send(app, 'POST', '/api/purchase', buyer.token, purchaseBody(toolId, { quantity }));
  const placed = async (buyer: Account, toolId: string, quantity = 2) => {
    const response = await buy(buyer, toolId, quantity);
    expect(response.status, await response.clone().text()).toBe(201);
    return (await response.json()) as Order;
  };
  /** Pays through the built-in test mode, as the payment page does. */
  const pay = async (buyer: Account, orderId: string) => {
    const intent = await send(app, 'POST', '/api/create-payment-intent', buyer.token, { orderId });
    const { clientSecret } = (await intent.json()) as { clientSecret: string };
    const confirmed = await send(app, 'POST', '/api/sandbox/confirm', buyer.token, {
      clientSecret,
      card: { number: '4242 4242 4242 4242', expMonth: 12, expYear: 2099, cvc: '123' },
      billingName: buyer.name,
      billingEmail: buyer.email,
    });
    const { id } = (await confirmed.json()) as { id: string };
    const paid = await send(app, 'PATCH', `/api/purchase/${orderId}`, buyer.token, {
      transactionId: id,
    });
    expect(paid.status).toBe(200);
  };

  beforeAll(async () => {
    app = await createTestApp(kind, {
      seed: false,
      env: { MAX_UNPAID_ORDERS: 5, UNPAID_ORDER_TTL_MINUTES: TTL_MINUTES },
    });
    admin = await signUpAdmin(app);
  });
  afterAll(() => app.close());

  it('says until when an unpaid order holds its stock, and nothing once it is not unpaid', async () => {
    const buyer = await signUpWithToken(app);
    const tool = await createTool();
    const order = await placed(buyer, tool._id);
    expect(order.payBy).not.toBeNull();
    const held = Date.parse(order.payBy!) - Date.parse(order.createdAt);
    expect(Math.abs(held - TTL_MINUTES * 60_000)).toBeLessThan(2000);
    const cancelled = await send(app, 'POST', `/api/purchase/${order._id}/cancel`, buyer.token);
    expect(((await cancelled.json()) as Order).payBy).toBeNull();
  });

  it('lets a customer hold 5 unpaid orders, refuses the 6th, and takes one after paying or cancelling', async () => {
    const buyer = await signUpWithToken(app);
    const tool = await createTool({ availableQuantity: 100 });
    const orders: Order[] = [];
    for (let i = 0; i < 5; i++) orders.push(await placed(buyer, tool._id));
    expect(await stockOf(app, tool._id)).toBe(90);

    const sixth = await buy(buyer, tool._id);
    expect(sixth.status).toBe(409);
    expect(((await sixth.json()) as ErrorBody).error).toEqual({
      code: 'TOO_MANY_UNPAID_ORDERS',
      message: 'You have 5 unpaid orders. Pay or cancel one before placing another.',
      requestId: sixth.headers.get('x-request-id'),
    });
    expect(await stockOf(app, tool._id)).toBe(90);
    // Another customer is not held back by this one's orders.
    await placed(await signUpWithToken(app), tool._id);

    const first = orders[0]!;
    const second = orders[1]!;
    expect((await send(app, 'POST', `/api/purchase/${first._id}/cancel`, buyer.token)).status).toBe(
      200,
    );
    await placed(buyer, tool._id);
    expect((await buy(buyer, tool._id)).status).toBe(409);

    await pay(buyer, second._id);
    await placed(buyer, tool._id);
    expect((await buy(buyer, tool._id)).status).toBe(409);
  });

  it('holds the limit when 12 purchases of one customer arrive at once', async () => {
    const buyer = await signUpWithToken(app);
    const tool = await createTool({ minOrderQuantity: 1, availableQuantity: 100 });
    const { id: buyerId } = await app.database.db
      .selectFrom('users')
      .select('id')
      .where('email', '=', buyer.email)
      .executeTakeFirstOrThrow();
    // The buyer's row is held while the purchases arrive: on PostgreSQL each begins its
    // statement while the customer holds no order, then waits; each must still count the
    // orders placed by those that ran before it.
    let pending: Promise<Response>[] = [];
    await app.database.db.transaction().execute(async (trx) => {
      await sql`select id from users where id = ${buyerId} for update`.execute(trx);
      pending = Array.from({ length: 12 }, () => buy(buyer, tool._id, 1));
      await new Promise((resolve) => setTimeout(resolve, 500));
    });
    const responses = await Promise.all(pending);
    const statuses = responses.map((response) => response.status).sort();
    expect(statuses).toEqual([...Array(5).fill(201), ...Array(7).fill(409)]);
    expect(await stockOf(app, tool._id)).toBe(95);
  });

  it("lets an admin cancel a customer's unpaid order, and only an unpaid one", async () => {
    const buyer = await signUpWithToken(app);
    const stranger = await signUpWithToken(app);
    const tool = await createTool();
    const order = await placed(buyer, tool._id, 4);
    expect(await stockOf(app, tool._id)).toBe(46);

    const byStranger = await send(app, 'POST', `/api/purchase/${order._id}/cancel`, stranger.token);
    expect(byStranger.status).toBe(404);
    expect(await stockOf(app, tool._id)).toBe(46);

    const byAdmin = await send(app, 'POST', `/api/purchase/${order._id}/cancel`, admin.token);
    expect(byAdmin.status).toBe(200);
    expect(await byAdmin.json()).toMatchObject({
      _id: order._id,
      status: 'cancelled',
      payBy: null,
    });
    expect(await stockOf(app, tool._id)).toBe(50);
    const seen = await send(app, 'GET', `/api/purchase/${order._id}`, buyer.token);
    expect(((await seen.json()) as Order).status).toBe('cancelled');
    expect((await send(app, 'POST', `/api/purchase/${order._id}/cancel`, admin.token)).status).toBe(
      409,
    );
    expect(await stockOf(app, tool._id)).toBe(50);

    const paidOrder = await placed(buyer, tool._id);
    await pay(buyer, paidOrder._id);
    const paidCancel = await send(
      app,
      'POST',
      `/api/purchase/${paidOrder._id}/cancel`,
      admin.token,
    );
    expect(paidCancel.status).toBe(409);
    expect(await stockOf(app, tool._id)).toBe(48);
  });

  it('refuses an order above $21,474,836.47 with 400 and takes no stock', async () => {
    const tool = await createTool({
      minOrderQuantity: 1,
      availableQuantity: 100_000,
      price: 100_000,
    });
    const buyer = await signUpWithToken(app);
    const largest = await buy(buyer, tool._id, 214);
    expect(largest.status).toBe(201);
    expect(((await largest.json()) as Order).price).toBe(21_400_000);

    const tooLarge = await buy(buyer, tool._id, 215);
    expect(tooLarge.status).toBe(400);
    const { error } = (await tooLarge.json()) as ErrorBody;
    expect(error.code).toBe('VALIDATION_FAILED');
    expect(error.message).toBe(
      'An order can total at most $21,474,836.47. Please order fewer units.',
    );
    expect(await stockOf(app, tool._id)).toBe(100_000 - 214);
  });

  it('accepts a total one cent below the limit and refuses one cent above it', async () => {
    const buyer = await signUpWithToken(app);
    // 42,966 x $499.81 = $21,474,836.46; the limit, 2^31 - 1 cents, is prime: no order hits it.
    const below = await createTool({
      minOrderQuantity: 1,
      availableQuantity: 100_000,
      price: 499.81,
    });
    const response = await buy(buyer, below._id, 42_966);
    expect(response.status).toBe(201);
    expect(((await response.json()) as Order).price).toBe(21_474_836.46);
    // 256 x $83,886.08 = $21,474,836.48.
    const above = await createTool({
      minOrderQuantity: 1,
      availableQuantity: 100_000,
      price: 83_886.08,
    });
    const refused = await buy(buyer, above._id, 256);
    expect(refused.status).toBe(400);
    expect(((await refused.json()) as ErrorBody).error.code).toBe('VALIDATION_FAILED');
    expect((await buy(buyer, above._id, 255)).status).toBe(201);
    expect(await stockOf(app, above._id)).toBe(100_000 - 255);
  });
});
