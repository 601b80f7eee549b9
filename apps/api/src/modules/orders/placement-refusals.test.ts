/**
 * A placement refused says why, in the customer's words, and changes nothing; an
 * Idempotency-Key stands for one order in every field; a failure of the placement statement
 * other than a raced key is not mistaken for one.
 */
import { messages, type Order, type Tool } from '@shop/shared';
import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describeEachDatabase } from '../../test/databases';
import { signUpAdmin, signUpWithToken } from '../../test/identity';
import { SEEDED } from '../../db/migrations/0027-shipping-and-tax';
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
import { type OrdersServiceOptions, createOrdersService } from './orders.service';
import { createCartService } from '../cart/cart.service';
import { PLACEMENT_ROUTES, placeThrough } from '../../test/placement-routes';

describeEachDatabase('placement refusals', (kind) => {
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

  it.each(PLACEMENT_ROUTES)(
    'holds one unpaid order at a limit of one, and says so in the singular, through %s',
    async (route) => {
      const buyer = await signUpWithToken(app);
      const tool = await createTool();
      expect((await placeThrough(app, route, buyer, tool._id, 2)).status).toBe(201);
      const second = await placeThrough(app, route, buyer, tool._id, 2);
      expect(second.status).toBe(409);
      expect(await errorOf(second)).toEqual({
        code: 'TOO_MANY_UNPAID_ORDERS',
        message: 'You have 1 unpaid order. Pay or cancel one before placing another.',
      });
      expect(await stockOf(app, tool._id)).toBe(48);
    },
  );

  it('a key stands for one purchase: any field changed is another purchase (422)', async () => {
    const buyer = await signUpWithToken(app);
    const tool = await createTool();
    const other = await createTool({ name: 'Other SSD' });
    const body = purchaseBody(tool._id, { neededBy: '2999-01-01' });
    const first = await buy(buyer, body, 'one-purchase');
    expect(first.status).toBe(201);
    const placed = (await first.json()) as Order;
    for (const changed of [
      { toolId: other._id },
      { quantity: 3 },
      { phone: '+1 503 555 0199' },
      { address: '2 Market Street, San Francisco' },
      { recipient: 'Someone Else' },
      { city: 'Salem', postalCode: '97301' },
      { region: 'WA', city: 'Seattle', postalCode: '98101', phone: '+1 206 555 0100' },
      { shippingMethodId: SEEDED.methods.usExpress },
      { neededBy: '2999-01-02' },
      { neededBy: undefined },
    ]) {
      const reused = await buy(buyer, { ...body, ...changed }, 'one-purchase');
      expect(reused.status, JSON.stringify(changed)).toBe(422);
      expect(await errorOf(reused)).toEqual({
        code: 'IDEMPOTENCY_KEY_REUSED',
        message:
          'This Idempotency-Key was already used for a different purchase. Use a new key for a new purchase.',
      });
    }
    const same = await buy(buyer, body, 'one-purchase');
    expect(same.status).toBe(201);
    expect(((await same.json()) as Order)._id).toBe(placed._id);
    expect(await stockOf(app, tool._id)).toBe(48);
    expect(await stockOf(app, other._id)).toBe(50);
  });

  it('says why a purchase was refused, field by field', async () => {
    const buyer = await signUpWithToken(app);
    const tool = await createTool({ minOrderQuantity: 2, availableQuantity: 5 });
    const notice = messages.quantityNotice(2, 5);
    const below = await buy(buyer, purchaseBody(tool._id, { quantity: 1 }));
    expect(below.status).toBe(400);
    expect(await errorOf(below)).toEqual({
      code: 'VALIDATION_FAILED',
      message: notice,
      fields: { quantity: [notice] },
    });
    const above = await buy(buyer, purchaseBody(tool._id, { quantity: 6 }));
    expect(above.status).toBe(409);
    expect(await errorOf(above)).toEqual({
      code: 'OUT_OF_STOCK',
      message: `Not enough stock left. ${notice}`,
      fields: { quantity: [notice] },
    });
    const dear = await createTool({ price: 100_000, availableQuantity: 1_000_000 });
    const tooMuch = 'An order can total at most $ 21,474,836.47. Please order fewer units.';
    expect(await errorOf(await buy(buyer, purchaseBody(dear._id, { quantity: 21_475 })))).toEqual({
      code: 'VALIDATION_FAILED',
      message: tooMuch,
      fields: { quantity: [tooMuch] },
    });
  });

  it('a buyer removed while buying is asked to sign in again, and no stock is taken', async () => {
    const tool = await createTool();
    const { db } = app.database;
    const orders = createOrdersService(db, {
      tools: uncachedTools(db),
      cart: createCartService(db),
      unpaidOrderTtlMinutes: 60,
      maxUnpaidOrders: 1,
    });
    // The caller the token named, whose account is gone by the time the order is placed.
    const gone: CurrentUser = {
      id: '7c9e6679-7425-40de-944b-e07fc1f90ae7',
      name: 'Gone Buyer',
      email: 'gone@example.com',
      role: 'user',
    };
    await expect(
      orders.place({ from: 'tool', ...purchaseBody(tool._id), quantity: 2 }, gone),
    ).rejects.toMatchObject({ code: 'UNAUTHENTICATED', message: 'Please sign in again' });
    expect(await stockOf(app, tool._id)).toBe(50);
  });

  describe('the service, called as the payment side and the expiry do', () => {
    const callerOf = async (account: Account): Promise<CurrentUser> =>
      app.database.db
        .selectFrom('users')
        .select(['id', 'email', 'name', 'role'])
        .where('email', '=', account.email)
        .executeTakeFirstOrThrow();
    const serviceOn = (
      db: Kysely<Database>,
      tools: OrdersServiceOptions['tools'] = uncachedTools(db),
    ) => {
      let stockChanges = 0;
      const orders = createOrdersService(db, {
        tools,
        cart: createCartService(db),
        onStockChange: () => stockChanges++,
        unpaidOrderTtlMinutes: 60,
        maxUnpaidOrders: 10,
      });
      return { orders, stockChanges: () => stockChanges };
    };
    const purchase = { ...DELIVERY, address: '1 Market Street, San Francisco' };

    /**
     * `db` on which the next purchase statement runs, commits, and then fails with `error`: as
     * when another request with the same Idempotency-Key wrote the key first.
     */
    const failingAfterPurchase = (error: unknown) => {
      let armed = true;
      let target: unknown;
      return app.database.db.withPlugin({
        transformQuery: ({ node, queryId }) => {
          // The placing statement: the one raw statement that writes the order.
          if (
            armed &&
            node.kind === 'RawNode' &&
            node.sqlFragments.join('').includes('insert into orders')
          ) {
            armed = false;
            target = queryId;
          }
          return node;
        },
        transformResult: async ({ result, queryId }) => {
          if (queryId === target) throw error;
          return result;
        },
      });
    };
    const violation = (code: string, constraint: string) =>
      Object.assign(new Error('duplicate key value'), { code, constraint });

    it('answers the order placed under the key when the key was taken meanwhile', async () => {
      const buyer = await callerOf(await signUpWithToken(app));
      const tool = await createTool();
      const { orders } = serviceOn(failingAfterPurchase(violation('23505', 'purchase_keys_pkey')));
      const placed = await orders.place(
        { from: 'tool', toolId: tool._id, quantity: 2, ...purchase },
        buyer,
        'raced-key',
      );
      expect(placed.replayed).toBe(true);
      expect(placed.order).toMatchObject({ toolId: tool._id, quantity: 2, userEmail: buyer.email });
      expect(await stockOf(app, tool._id)).toBe(48);
    });

    it('lets any other failure of the purchase through', async () => {
      const buyer = await callerOf(await signUpWithToken(app));
      const tool = await createTool();
      for (const [error, key] of [
        [violation('23505', 'orders_pkey'), 'other-constraint'],
        [violation('23503', 'purchase_keys_pkey'), 'other-code'],
        [violation('23505', 'purchase_keys_pkey'), undefined],
        ['not an error object', 'not-an-object'],
        [undefined, 'nothing-at-all'],
        [null, 'null-thrown'],
      ] as const) {
        const { orders } = serviceOn(failingAfterPurchase(error));
        await expect(
          orders.place({ from: 'tool', toolId: tool._id, quantity: 1, ...purchase }, buyer, key),
        ).rejects.toBe(error);
      }
    });

    it('says the tool just sold out when the stock read again would have been enough', async () => {
      const buyer = await callerOf(await signUpWithToken(app));
      const tool = await createTool({ availableQuantity: 1 });
      const tools = uncachedTools(app.database.db);
      // The stock as read after the refusal: a cancel gave units back meanwhile.
      const restocked = {
        get: async (id: string) => ({ ...(await tools.get(id)), availableQuantity: 5 }),
      };
      const { orders } = serviceOn(app.database.db, restocked);
      await expect(
        orders.place({ from: 'tool', toolId: tool._id, quantity: 2, ...purchase }, buyer),
      ).rejects.toMatchObject({
        code: 'OUT_OF_STOCK',
        message: 'Sorry, this tool has just sold out in that quantity.',
      });
    });
  });
});
