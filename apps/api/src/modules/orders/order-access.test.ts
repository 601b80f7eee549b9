/**
 * Who may see an order and act on it (its buyer, an admin, nobody else: "not found"), and the
 * steps an order may take once (shipped only when paid, expired once, paid once per payment).
 */
import type { Order, Tool } from '@shop/shared';
import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describeEachDatabase } from '../../test/databases';
import { send, signUpAdmin, signUpWithToken } from '../../test/identity';
import {
  type Account,
  type ToolAmount,
  createTool as addTool,
  errorOf,
  postPurchase,
  purchaseBody,
  stockOf,
  uncachedTools,
  DELIVERY,
} from '../../test/shop';
import { type TestApp, createTestApp } from '../../test/test-app';
import type { CurrentUser } from '../../auth/identity';
import type { Database } from '../../db/schema';
import { createOrderPaidFlow } from '../../flows/order-paid';
import { createOrdersService } from './orders.service';
import { createCartService } from '../cart/cart.service';

describeEachDatabase('order access and steps', (kind) => {
  let app: TestApp;
  let admin: Account;

  const createTool = (overrides: Partial<Pick<Tool, 'name' | ToolAmount>> = {}) =>
    addTool(app, admin, {
      name: 'Rules SSD',
      description: 'A drive for the rules',
      availableQuantity: 50,
      price: 20,
      ...overrides,
    });
  const buy = (buyer: Account, body: unknown, key?: string) => postPurchase(app, buyer, body, key);

  beforeAll(async () => {
    // One unpaid order at a time: the limit's message in the singular.
    app = await createTestApp(kind, { seed: false, env: { MAX_UNPAID_ORDERS: 1 } });
    admin = await signUpAdmin(app);
  });
  afterAll(() => app.close());

  it("refuses a customer another's orders by email, in any case of their own", async () => {
    const buyer = await signUpWithToken(app);
    const stranger = await signUpWithToken(app);
    const tool = await createTool();
    const placed = (await (await buy(buyer, purchaseBody(tool._id))).json()) as Order;
    const listOf = (email: string, caller: Account) =>
      send(app, 'GET', `/api/purchase?userEmail=${encodeURIComponent(email)}`, caller.token);
    const refused = await listOf(buyer.email, stranger);
    expect(refused.status).toBe(403);
    expect(await errorOf(refused)).toEqual({
      code: 'FORBIDDEN',
      message: 'You can only list your own orders',
    });
    const own = await listOf(buyer.email.toUpperCase(), buyer);
    expect(own.status).toBe(200);
    expect(((await own.json()) as Order[]).map((order) => order._id)).toEqual([placed._id]);
  });

  it('ships only a paid order, and says what the order is', async () => {
    const buyer = await signUpWithToken(app);
    const tool = await createTool();
    const placed = (await (await buy(buyer, purchaseBody(tool._id))).json()) as Order;
    const refused = await send(app, 'POST', `/api/purchase/${placed._id}/ship`, admin.token);
    expect(refused.status).toBe(409);
    expect(await errorOf(refused)).toEqual({
      code: 'CONFLICT',
      message: 'Only a paid order can be shipped; this one is unpaid',
    });
    await send(app, 'POST', `/api/purchase/${placed._id}/cancel`, buyer.token);
    expect(
      await errorOf(await send(app, 'POST', `/api/purchase/${placed._id}/ship`, admin.token)),
    ).toEqual({
      code: 'CONFLICT',
      message: 'Only a paid order can be shipped; this one is cancelled',
    });
  });

  it("an admin may cancel a customer's order but not pay it: the payment page is the buyer's", async () => {
    const buyer = await signUpWithToken(app);
    const tool = await createTool();
    const placed = (await (await buy(buyer, purchaseBody(tool._id))).json()) as Order;
    const paying = await send(app, 'POST', '/api/create-payment-intent', admin.token, {
      orderId: placed._id,
    });
    expect(paying.status).toBe(404);
    const cancelled = await send(app, 'POST', `/api/purchase/${placed._id}/cancel`, admin.token);
    expect(cancelled.status).toBe(200);
    expect(await cancelled.json()).toMatchObject({ status: 'cancelled', payBy: null });
    expect(await stockOf(app, tool._id)).toBe(50);
  });

  it("calls another's order not found, to a stranger and to an admin paying it", async () => {
    const buyer = await signUpWithToken(app);
    const stranger = await signUpWithToken(app);
    const tool = await createTool();
    const placed = (await (await buy(buyer, purchaseBody(tool._id))).json()) as Order;
    const orderNotFound = { code: 'NOT_FOUND', message: 'Order not found' };
    expect(
      await errorOf(await send(app, 'GET', `/api/purchase/${placed._id}`, stranger.token)),
    ).toEqual(orderNotFound);
    for (const [method, path, body] of [
      ['POST', '/api/create-payment-intent', { orderId: placed._id }],
      ['PATCH', `/api/purchase/${placed._id}`, { transactionId: 'pi_another' }],
    ] as const) {
      const refused = await send(app, method, path, admin.token, body);
      expect(refused.status, path).toBe(404);
      expect(await errorOf(refused)).toEqual(orderNotFound);
    }
  });

  describe('the service, called as the payment side and the expiry do', () => {
    const callerOf = async (account: Account): Promise<CurrentUser> =>
      app.database.db
        .selectFrom('users')
        .select(['id', 'email', 'name', 'role'])
        .where('email', '=', account.email)
        .executeTakeFirstOrThrow();
    const serviceOn = (db: Kysely<Database>) => {
      let stockChanges = 0;
      const orders = createOrdersService(db, {
        tools: uncachedTools(db),
        cart: createCartService(db),
        onStockChange: () => stockChanges++,
        unpaidOrderTtlMinutes: 60,
        maxUnpaidOrders: 10,
      });
      const { markPaid } = createOrderPaidFlow(db, { orders });
      return { orders: { ...orders, markPaid }, stockChanges: () => stockChanges };
    };
    const purchase = { ...DELIVERY, address: '1 Market Street, San Francisco' };

    it('expires an unpaid order once, and tells the catalogue once', async () => {
      const buyer = await callerOf(await signUpWithToken(app));
      const tool = await createTool();
      const { orders, stockChanges } = serviceOn(app.database.db);
      const { order } = await orders.place(
        { from: 'tool', toolId: tool._id, quantity: 3, ...purchase },
        buyer,
      );
      expect(stockChanges()).toBe(1);
      expect(await orders.expire(order._id)).toBe(true);
      expect(stockChanges()).toBe(2);
      expect(await stockOf(app, tool._id)).toBe(50);
      expect(await orders.expire(order._id)).toBe(false);
      expect(stockChanges()).toBe(2);
    });

    it('marks an order paid once per transaction, and finds no order for an id that is none', async () => {
      const buyer = await callerOf(await signUpWithToken(app));
      const tool = await createTool();
      const { orders } = serviceOn(app.database.db);
      const { order } = await orders.place(
        { from: 'tool', toolId: tool._id, quantity: 2, ...purchase },
        buyer,
      );
      // The order's total, as its payment is: 2 x $ 20 and US Ground's $ 6.99 below its free
      // threshold.
      const cents = 4000 + 699;
      expect(await orders.markPaid(order._id, 'pi_first', cents)).toMatchObject({
        changed: true,
        order: { status: 'paid', transactionId: 'pi_first' },
      });
      expect(await orders.markPaid(order._id, 'pi_first', cents)).toMatchObject({
        changed: false,
        order: { status: 'paid', transactionId: 'pi_first' },
      });
      await expect(orders.markPaid(order._id, 'pi_second', cents)).rejects.toMatchObject({
        code: 'ALREADY_PAID',
        message: 'This order is paid and cannot be paid again',
      });
      await expect(
        orders.markPaid('7c9e6679-7425-40de-944b-e07fc1f90ae7', 'pi_first', cents),
      ).rejects.toMatchObject({ code: 'NOT_FOUND', message: 'Order not found' });
      // A provider's event may name anything as its order.
      expect(await orders.anyOrder('pi_not_an_order')).toBeUndefined();
      expect(await orders.anyOrder(order._id)).toMatchObject({ id: order._id, status: 'paid' });
    });
  });
});
