import type { Cart, Order, Tool } from '@shop/shared';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeEachDatabase } from '../../test/databases';
import { send, signUpAdmin, signUpWithToken } from '../../test/identity';
import {
  type Account,
  errorOf,
  payInTestMode,
  postCheckout,
  stockOf,
  DELIVERY,
  US_GROUND,
} from '../../test/shop';
import { type TestApp, createTestApp } from '../../test/test-app';

const delivery = { ...DELIVERY, address: '1 Market Street, San Francisco' };

describeEachDatabase('checkout: a cart becomes one order', (kind) => {
  let app: TestApp;
  let admin: Account;

  const createTool = async (name: string, input: Partial<Tool> = {}) => {
    const response = await send(app, 'POST', '/api/tools', admin.token, {
      name,
      description: 'Bought with others',
      minOrderQuantity: 1,
      availableQuantity: 50,
      price: 10,
      img: '/images/tools/nvme-ssd.svg',
      ...input,
    });
    expect(response.status).toBe(201);
    return (await response.json()) as Tool;
  };
  const add = async (buyer: Account, toolId: string, quantity: number) => {
    const response = await send(app, 'POST', '/api/cart/lines', buyer.token, { toolId, quantity });
    expect(response.status).toBe(200);
  };
  const checkout = (buyer: Account, body: unknown = delivery, key?: string) =>
    postCheckout(app, buyer, body, key);
  const cartOf = async (buyer: Account) =>
    (await (await send(app, 'GET', '/api/cart', buyer.token)).json()) as Cart;
  const ordersOf = async (buyer: Account) =>
    (await (
      await send(app, 'GET', `/api/purchase?userEmail=${buyer.email}`, buyer.token)
    ).json()) as Order[];

  beforeAll(async () => {
    // Customers place many orders here: the unpaid-orders limit is not under test.
    app = await createTestApp(kind, { seed: false, env: { MAX_UNPAID_ORDERS: 100 } });
    admin = await signUpAdmin(app);
  });
  afterAll(() => app.close());

  it('places one order with a line per tool, priced from the stored prices, and empties the cart', async () => {
    const buyer = await signUpWithToken(app);
    const ssd = await createTool('NVMe SSD 1TB M.2', { price: 64.99 });
    const fan = await createTool('Cooling Fan', {
      price: 12.5,
      img: '/images/tools/cooling-fan.svg',
    });
    const paste = await createTool('Thermal Paste', { price: 4.25 });
    await add(buyer, ssd._id, 1);
    await add(buyer, fan._id, 2);
    await add(buyer, paste._id, 3);

    const response = await checkout(buyer, { ...delivery, neededBy: '2099-01-31' });
    expect(response.status).toBe(201);
    const placed = (await response.json()) as Order;
    expect(placed).toMatchObject({
      toolId: ssd._id,
      tool: 'NVMe SSD 1TB M.2 + 2 more',
      img: '/images/tools/nvme-ssd.svg',
      quantity: 6,
      price: 102.74,
      unitPrice: null,
      availableQuantity: null,
      userEmail: buyer.email,
      address: delivery.address,
      // As E.164, the one way the shop keeps a phone.
      phone: '+15035550100',
      // Over US Ground's free threshold ($ 99), and Oregon has no sales tax.
      totals: { subtotal: 102.74, shipping: 0, tax: 0, total: 102.74 },
      neededBy: '2099-01-31',
      status: 'unpaid',
      paid: false,
    });
    expect(placed.lines).toEqual([
      {
        toolId: ssd._id,
        tool: 'NVMe SSD 1TB M.2',
        img: ssd.img,
        quantity: 1,
        unitPrice: 64.99,
        price: 64.99,
        taxRate: 0,
        tax: 0,
        shipping: 0,
        shippingTax: 0,
        refunded: false,
      },
      {
        toolId: fan._id,
        tool: 'Cooling Fan',
        img: fan.img,
        quantity: 2,
        unitPrice: 12.5,
        price: 25,
        taxRate: 0,
        tax: 0,
        shipping: 0,
        shippingTax: 0,
        refunded: false,
      },
      {
        toolId: paste._id,
        tool: 'Thermal Paste',
        img: paste.img,
        quantity: 3,
        unitPrice: 4.25,
        price: 12.75,
        taxRate: 0,
        tax: 0,
        shipping: 0,
        shippingTax: 0,
        refunded: false,
      },
    ]);
    // The stored total is the sum of quantity x stored unit price, in cents.
    const stored = await app.database.db
      .selectFrom('orders')
      .select('price_cents')
      .where('id', '=', placed._id)
      .executeTakeFirstOrThrow();
    expect(stored.price_cents).toBe(6499 + 2 * 1250 + 3 * 425);
    expect([
      await stockOf(app, ssd._id),
      await stockOf(app, fan._id),
      await stockOf(app, paste._id),
    ]).toEqual([49, 48, 47]);
    expect((await cartOf(buyer)).lines).toEqual([]);

    // The buyer's list, the admin's list and the order itself show its lines.
    expect((await ordersOf(buyer))[0]).toEqual(placed);
    const all = (await (await send(app, 'GET', '/api/allPurchase', admin.token)).json()) as Order[];
    expect(all.find((order) => order._id === placed._id)).toEqual(placed);
    expect(
      await (await send(app, 'GET', `/api/purchase/${placed._id}`, admin.token)).json(),
    ).toEqual(placed);
  });

  it('makes a cart of one tool an order like a purchase', async () => {
    const buyer = await signUpWithToken(app);
    const tool = await createTool('Lone Battery', { price: 30 });
    await add(buyer, tool._id, 2);
    const placed = (await (await checkout(buyer)).json()) as Order;
    expect(placed).toMatchObject({
      toolId: tool._id,
      tool: 'Lone Battery',
      quantity: 2,
      unitPrice: 30,
      price: 60 + US_GROUND,
      availableQuantity: 48,
    });
    expect(placed.lines).toHaveLength(1);
  });

  it('refuses an empty cart, and a body carrying a price, a user or a paid flag', async () => {
    const buyer = await signUpWithToken(app);
    const empty = await checkout(buyer);
    expect(empty.status).toBe(409);
    expect(await errorOf(empty)).toEqual({
      code: 'CONFLICT',
      message: 'Your cart is empty. Add a tool before checking out.',
    });
    const tool = await createTool('Guarded Cable');
    await add(buyer, tool._id, 1);
    for (const extra of [
      { price: 0.01 },
      { total: 1 },
      { userEmail: admin.email },
      { paid: true },
      { lines: [] },
    ]) {
      const refused = await checkout(buyer, { ...delivery, ...extra });
      expect(refused.status).toBe(400);
      expect((await errorOf(refused)).code).toBe('VALIDATION_FAILED');
    }
    expect(await stockOf(app, tool._id)).toBe(50);
    expect((await cartOf(buyer)).lines).toHaveLength(1);
    expect(await ordersOf(buyer)).toEqual([]);
  });

  it('refuses the whole cart, naming the lines, when a tool was retired or sold out since', async () => {
    const buyer = await signUpWithToken(app);
    const rival = await signUpWithToken(app);
    const kept = await createTool('Kept Keyboard');
    const retired = await createTool('Retired Hinge');
    const sold = await createTool('Sold Screen', { availableQuantity: 5 });
    await add(buyer, kept._id, 2);
    await add(buyer, retired._id, 1);
    await add(buyer, sold._id, 4);
    // The rival's order keeps the hinge in the records (so its removal retires it) and leaves
    // 2 screens: fewer than the 4 in the cart.
    await add(rival, retired._id, 1);
    await add(rival, sold._id, 3);
    expect((await checkout(rival)).status).toBe(201);
    expect((await send(app, 'DELETE', `/api/tools/${retired._id}`, admin.token)).status).toBe(200);

    const refused = await checkout(buyer);
    expect(refused.status).toBe(409);
    expect(await errorOf(refused)).toEqual({
      code: 'OUT_OF_STOCK',
      message:
        'Not enough stock for: Retired Hinge, Sold Screen. Change or remove those lines; nothing was ordered.',
      fields: {
        [retired._id]: ['Retired Hinge is no longer available'],
        [sold._id]: [
          'Sold Screen: Minimum Order quantity is 1. Please select a value between 1 and 2',
        ],
      },
    });
    // Nothing was taken, nothing ordered, the cart is as it was.
    expect(await stockOf(app, kept._id)).toBe(50);
    expect(await stockOf(app, sold._id)).toBe(2);
    expect(await ordersOf(buyer)).toEqual([]);
    expect((await cartOf(buyer)).lines.map((line) => line.quantity)).toEqual([2, 1, 4]);

    // Once the lines are fixed, the checkout goes through.
    await send(app, 'DELETE', `/api/cart/lines/${retired._id}`, buyer.token);
    await send(app, 'PATCH', `/api/cart/lines/${sold._id}`, buyer.token, { quantity: 2 });
    expect((await checkout(buyer)).status).toBe(201);
    expect(await stockOf(app, sold._id)).toBe(0);
  });

  it('places one order for a key sent twice, and twice at once; another body with it is refused', async () => {
    const buyer = await signUpWithToken(app);
    const tool = await createTool('Retry Dock');
    await add(buyer, tool._id, 2);
    const first = await checkout(buyer, delivery, 'checkout-1');
    expect(first.status).toBe(201);
    const placed = (await first.json()) as Order;
    const again = await checkout(buyer, delivery, 'checkout-1');
    expect(again.status).toBe(201);
    expect(again.headers.get('Idempotent-Replayed')).toBe('true');
    expect(await again.json()).toEqual(placed);
    const other = await checkout(buyer, { ...delivery, address: '2 Other Road' }, 'checkout-1');
    expect(other.status).toBe(422);
    expect((await errorOf(other)).code).toBe('IDEMPOTENCY_KEY_REUSED');

    await add(buyer, tool._id, 3);
    const together = await Promise.all([
      checkout(buyer, delivery, 'checkout-2'),
      checkout(buyer, delivery, 'checkout-2'),
    ]);
    expect(together.map((response) => response.status)).toEqual([201, 201]);
    const ids = await Promise.all(
      together.map(async (response) => ((await response.json()) as Order)._id),
    );
    expect(ids[0]).toBe(ids[1]);
    expect(await ordersOf(buyer)).toHaveLength(2);
    expect(await stockOf(app, tool._id)).toBe(45);
  });

  it('pays the total once, and a cancel returns every line to stock', async () => {
    const buyer = await signUpWithToken(app);
    const a = await createTool('Paid Part A', { price: 5 });
    const b = await createTool('Paid Part B', { price: 7.5 });
    await add(buyer, a._id, 2);
    await add(buyer, b._id, 2);
    const placed = (await (await checkout(buyer)).json()) as Order;
    const { order: paid } = await payInTestMode(app, buyer, placed._id);
    // The payment is for the order's total: 2 x $5 + 2 x $7.50, and US Ground's $ 6.99.
    const payment = await app.database.db
      .selectFrom('order_payments')
      .select('amount_cents')
      .where('order_id', '=', placed._id)
      .executeTakeFirstOrThrow();
    expect(payment.amount_cents).toBe(2500 + 699);
    expect(paid).toMatchObject({ status: 'paid', price: 31.99, lines: placed.lines });

    await add(buyer, a._id, 3);
    await add(buyer, b._id, 4);
    const unpaid = (await (await checkout(buyer)).json()) as Order;
    expect([await stockOf(app, a._id), await stockOf(app, b._id)]).toEqual([45, 44]);
    const cancelled = await send(app, 'POST', `/api/purchase/${unpaid._id}/cancel`, buyer.token);
    expect(cancelled.status).toBe(200);
    expect(await cancelled.json()).toMatchObject({ status: 'cancelled', lines: unpaid.lines });
    expect([await stockOf(app, a._id), await stockOf(app, b._id)]).toEqual([48, 48]);
  });

  it('200 checkouts of three tools at once: each order whole or refused whole, no stock below zero', async () => {
    const tools = await Promise.all(
      ['Race SSD', 'Race Fan', 'Race Paste'].map((name) =>
        createTool(name, { availableQuantity: 50 }),
      ),
    );
    const buyers = await Promise.all(Array.from({ length: 200 }, () => signUpWithToken(app)));
    // Each cart holds all three tools, 1 to 3 units of each.
    const quantities = buyers.map((_, index) => tools.map((__, line) => ((index + line) % 3) + 1));
    await Promise.all(
      buyers.map(async (buyer, index) => {
        for (const [line, tool] of tools.entries())
          await add(buyer, tool._id, quantities[index]![line]!);
      }),
    );

    const responses = await Promise.all(buyers.map((buyer) => checkout(buyer)));
    const statuses = responses.map((response) => response.status);
    expect(statuses.every((status) => status === 201 || status === 409)).toBe(true);
    const placed = (
      await Promise.all(
        responses.map(async (response) =>
          response.status === 201 ? ((await response.json()) as Order) : undefined,
        ),
      )
    ).filter((order): order is Order => order !== undefined);
    expect(placed.length).toBeGreaterThan(0);
    expect(placed.length).toBeLessThan(200);

    // Every placed order has its three lines; for each tool, the stock taken is exactly the sum
    // of its ordered quantities, and never more than there was.
    const stored = await app.database.db
      .selectFrom('order_lines')
      .select(['tool_id', 'quantity', 'order_id'])
      .where(
        'tool_id',
        'in',
        tools.map((tool) => tool._id),
      )
      .execute();
    for (const order of placed) {
      expect(stored.filter((line) => line.order_id === order._id)).toHaveLength(3);
    }
    expect(new Set(stored.map((line) => line.order_id)).size).toBe(placed.length);
    for (const tool of tools) {
      const ordered = stored
        .filter((line) => line.tool_id === tool._id)
        .reduce((sum, line) => sum + line.quantity, 0);
      const left = await stockOf(app, tool._id);
      expect(left).toBeGreaterThanOrEqual(0);
      expect(50 - left).toBe(ordered);
    }
    // A refused cart is untouched: its three lines are still there.
    const refusedIndex = statuses.indexOf(409);
    expect((await cartOf(buyers[refusedIndex]!)).lines).toHaveLength(3);
  }, 240_000);
});
