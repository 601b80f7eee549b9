/**
 * What an unpaid order holds, and the limits of placing one: how many unpaid orders a customer
 * may hold, and how large an order may be. The limits are the one placement's, so they are
 * proved through both routes into it, the purchase and the checkout.
 */
import type { Order, Tool } from '@shop/shared';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describeEachDatabase } from '../../test/databases';
import { send, signUpAdmin, signUpWithToken } from '../../test/identity';
import { type Account, purchaseBody, stockOf, toolInput } from '../../test/shop';
import { type TestApp, createTestApp } from '../../test/test-app';
import { PLACEMENT_ROUTES, placeThrough } from '../../test/placement-routes';

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

  describe.each(PLACEMENT_ROUTES)('placed through %s', (route) => {
    const via = (buyer: Account, toolId: string, quantity = 2) =>
      placeThrough(app, route, buyer, toolId, quantity);
    const placedVia = async (buyer: Account, toolId: string, quantity = 2) => {
      const response = await via(buyer, toolId, quantity);
      expect(response.status, await response.clone().text()).toBe(201);
      return (await response.json()) as Order;
    };

    it('lets a customer hold 5 unpaid orders, refuses the 6th, and takes one after paying or cancelling', async () => {
      const buyer = await signUpWithToken(app);
      const tool = await createTool({ availableQuantity: 100 });
      const orders: Order[] = [];
      for (let i = 0; i < 5; i++) orders.push(await placedVia(buyer, tool._id));
      expect(await stockOf(app, tool._id)).toBe(90);

      const sixth = await via(buyer, tool._id);
      expect(sixth.status).toBe(409);
      expect(((await sixth.json()) as ErrorBody).error).toEqual({
        code: 'TOO_MANY_UNPAID_ORDERS',
        message: 'You have 5 unpaid orders. Pay or cancel one before placing another.',
        requestId: sixth.headers.get('x-request-id'),
      });
      expect(await stockOf(app, tool._id)).toBe(90);
      // Another customer is not held back by this one's orders.
      await placedVia(await signUpWithToken(app), tool._id);

      const first = orders[0]!;
      const second = orders[1]!;
      expect(
        (await send(app, 'POST', `/api/purchase/${first._id}/cancel`, buyer.token)).status,
      ).toBe(200);
      await placedVia(buyer, tool._id);
      expect((await via(buyer, tool._id)).status).toBe(409);

      await pay(buyer, second._id);
      await placedVia(buyer, tool._id);
      expect((await via(buyer, tool._id)).status).toBe(409);
    });

    it('refuses an order above $ 21,474,836.47 with 400 and takes no stock', async () => {
      const tool = await createTool({
        minOrderQuantity: 1,
        availableQuantity: 100_000,
        price: 100_000,
      });
      const buyer = await signUpWithToken(app);
      const largest = await via(buyer, tool._id, 214);
      expect(largest.status).toBe(201);
      expect(((await largest.json()) as Order).price).toBe(21_400_000);

      const tooLarge = await via(buyer, tool._id, 215);
      expect(tooLarge.status).toBe(400);
      const { error } = (await tooLarge.json()) as ErrorBody;
      expect(error.code).toBe('VALIDATION_FAILED');
      expect(error.message).toBe(
        'An order can total at most $ 21,474,836.47. Please order fewer units.',
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
      const response = await via(buyer, below._id, 42_966);
      expect(response.status).toBe(201);
      expect(((await response.json()) as Order).price).toBe(21_474_836.46);
      // 256 x $83,886.08 = $21,474,836.48.
      const above = await createTool({
        minOrderQuantity: 1,
        availableQuantity: 100_000,
        price: 83_886.08,
      });
      const refused = await via(buyer, above._id, 256);
      expect(refused.status).toBe(400);
      expect(((await refused.json()) as ErrorBody).error.code).toBe('VALIDATION_FAILED');
      expect((await via(buyer, above._id, 255)).status).toBe(201);
      expect(await stockOf(app, above._id)).toBe(100_000 - 255);
    });
  });
});
