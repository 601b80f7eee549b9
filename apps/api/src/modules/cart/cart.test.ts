import { type Cart, type Tool, messages } from '@shop/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describeEachDatabase } from '../../test/databases';
import { send, signUpAdmin, signUpWithToken } from '../../test/identity';
import { type Account, errorOf, DELIVERY } from '../../test/shop';
import { type TestApp, createTestApp } from '../../test/test-app';
import { createCartService } from './cart.service';

describeEachDatabase('the cart', (kind) => {
  let app: TestApp;
  let admin: Account;

  const createTool = async (input: Partial<Tool> = {}) => {
    const response = await send(app, 'POST', '/api/tools', admin.token, {
      name: 'Cart SSD',
      description: 'Kept in a cart',
      minOrderQuantity: 2,
      availableQuantity: 10,
      price: 12.5,
      img: '/images/tools/nvme-ssd.svg',
      ...input,
    });
    expect(response.status).toBe(201);
    return (await response.json()) as Tool;
  };
  const cartOf = async (buyer: Account) => {
    const response = await send(app, 'GET', '/api/cart', buyer.token);
    expect(response.status).toBe(200);
    return (await response.json()) as Cart;
  };
  const add = (buyer: Account, body: unknown) =>
    send(app, 'POST', '/api/cart/lines', buyer.token, body);
  const change = (buyer: Account, toolId: string, body: unknown) =>
    send(app, 'PATCH', `/api/cart/lines/${toolId}`, buyer.token, body);

  beforeAll(async () => {
    app = await createTestApp(kind, { seed: false });
    admin = await signUpAdmin(app);
  });
  afterAll(() => app.close());

  it('starts empty, and answers 401 to a caller with no token', async () => {
    const buyer = await signUpWithToken(app);
    expect(await cartOf(buyer)).toEqual({ lines: [], itemCount: 0, subtotal: 0 });
    expect((await send(app, 'GET', '/api/cart')).status).toBe(401);
    expect((await send(app, 'POST', '/api/cart/lines', undefined, {})).status).toBe(401);
  });

  it('adds units to a line, priced by the server, and keeps it across requests', async () => {
    const buyer = await signUpWithToken(app);
    const ssd = await createTool();
    const fan = await createTool({ name: 'Cart Fan', price: 3.25, minOrderQuantity: 1 });
    const first = await add(buyer, { toolId: ssd._id, quantity: 2 });
    expect(first.status).toBe(200);
    await add(buyer, { toolId: fan._id, quantity: 1 });
    // A second add of the same tool adds to its line.
    await add(buyer, { toolId: ssd._id, quantity: 3 });
    expect(await cartOf(buyer)).toEqual({
      lines: [
        {
          toolId: ssd._id,
          name: 'Cart SSD',
          // No title of its own: the name stands in.
          title: 'Cart SSD',
          img: '/images/tools/nvme-ssd.svg',
          quantity: 5,
          unitPrice: 12.5,
          addedUnitPrice: 12.5,
          price: 62.5,
          minOrderQuantity: 2,
          availableQuantity: 10,
          onSale: true,
        },
        expect.objectContaining({ toolId: fan._id, quantity: 1, price: 3.25 }),
      ],
      itemCount: 6,
      subtotal: 65.75,
    });
    // Adding takes no stock: only a checkout does.
    expect(
      ((await (await app.request(`/api/tools/${ssd._id}`)).json()) as Tool).availableQuantity,
    ).toBe(10);
    // Another customer's cart is their own.
    expect((await cartOf(await signUpWithToken(app))).lines).toEqual([]);
  });

  it("keeps each line within the tool's minimum and its stock, at the limits", async () => {
    const buyer = await signUpWithToken(app);
    const tool = await createTool({ minOrderQuantity: 2, availableQuantity: 10 });
    const notice = messages.quantityNotice(2, 10);

    const below = await add(buyer, { toolId: tool._id, quantity: 1 });
    expect(below.status).toBe(400);
    expect(await errorOf(below)).toEqual({
      code: 'VALIDATION_FAILED',
      message: notice,
      fields: { quantity: [notice] },
    });
    expect((await add(buyer, { toolId: tool._id, quantity: 2 })).status).toBe(200);
    expect((await change(buyer, tool._id, { quantity: 10 })).status).toBe(200);
    const above = await change(buyer, tool._id, { quantity: 11 });
    expect(above.status).toBe(409);
    expect(await errorOf(above)).toEqual({
      code: 'OUT_OF_STOCK',
      message: `Not enough stock left. ${notice}`,
      fields: { quantity: [notice] },
    });
    // Adding one more to a line of 10 goes past the stock too; the line stays as it was.
    expect((await add(buyer, { toolId: tool._id, quantity: 1 })).status).toBe(409);
    expect((await change(buyer, tool._id, { quantity: 1 })).status).toBe(400);
    expect((await cartOf(buyer)).lines[0]?.quantity).toBe(10);
  });

  it('changes and removes lines; a line it does not hold is not found, its removal a no-op', async () => {
    const buyer = await signUpWithToken(app);
    const tool = await createTool();
    await add(buyer, { toolId: tool._id, quantity: 2 });
    const changed = await change(buyer, tool._id, { quantity: 4 });
    expect(((await changed.json()) as Cart).lines[0]).toMatchObject({ quantity: 4, price: 50 });

    const other = await createTool();
    expect((await change(buyer, other._id, { quantity: 4 })).status).toBe(404);
    expect((await change(buyer, 'not-an-id', { quantity: 4 })).status).toBe(404);
    const removed = await send(app, 'DELETE', `/api/cart/lines/${tool._id}`, buyer.token);
    expect(removed.status).toBe(200);
    expect(((await removed.json()) as Cart).lines).toEqual([]);
    expect((await send(app, 'DELETE', `/api/cart/lines/${tool._id}`, buyer.token)).status).toBe(
      200,
    );
  });

  it('refuses a tool that is not on sale, and fields the server decides', async () => {
    const buyer = await signUpWithToken(app);
    const tool = await createTool();
    const missing = await add(buyer, {
      toolId: '7c9e6679-7425-40de-944b-e07fc1f90ae7',
      quantity: 2,
    });
    expect(missing.status).toBe(404);
    for (const extra of [{ price: 0.01 }, { userId: admin.email }, { paid: true }]) {
      const refused = await add(buyer, { toolId: tool._id, quantity: 2, ...extra });
      expect(refused.status).toBe(400);
      expect((await errorOf(refused)).code).toBe('VALIDATION_FAILED');
      expect((await change(buyer, tool._id, { quantity: 2, ...extra })).status).toBe(400);
    }
    expect((await cartOf(buyer)).lines).toEqual([]);
  });

  it('says when a price moved since the line was added, and when a tool left the shop', async () => {
    const buyer = await signUpWithToken(app);
    const dearer = await createTool({ price: 10 });
    const retired = await createTool({ name: 'Retired Fan' });
    await add(buyer, { toolId: dearer._id, quantity: 2 });
    await add(buyer, { toolId: retired._id, quantity: 2 });
    await send(app, 'PATCH', `/api/tools/${dearer._id}`, admin.token, { price: 11 });
    await send(app, 'DELETE', `/api/tools/${retired._id}`, admin.token);

    const cart = await cartOf(buyer);
    expect(cart.lines[0]).toMatchObject({ unitPrice: 11, addedUnitPrice: 10, price: 22 });
    // A tool without orders is erased, and its line with it.
    expect(cart.lines).toHaveLength(1);
    expect(cart.subtotal).toBe(22);
    // Changing the quantity takes the price as it is now.
    const changed = (await (await change(buyer, dearer._id, { quantity: 3 })).json()) as Cart;
    expect(changed.lines[0]).toMatchObject({ unitPrice: 11, addedUnitPrice: 11 });
  });

  it('holds a retired tool as not on sale, out of the subtotal, and refuses to change it', async () => {
    const buyer = await signUpWithToken(app);
    const other = await signUpWithToken(app);
    const tool = await createTool();
    await add(buyer, { toolId: tool._id, quantity: 2 });
    // An order keeps the tool in the records: its removal retires it.
    const placed = await send(app, 'POST', '/api/purchase', other.token, {
      toolId: tool._id,
      quantity: 2,
      ...DELIVERY,
      address: '1 Elm Street',
    });
    expect(placed.status).toBe(201);
    await send(app, 'DELETE', `/api/tools/${tool._id}`, admin.token);

    const cart = await cartOf(buyer);
    expect(cart.lines[0]).toMatchObject({ onSale: false, quantity: 2 });
    expect(cart.subtotal).toBe(0);
    expect((await change(buyer, tool._id, { quantity: 3 })).status).toBe(409);
    expect((await add(buyer, { toolId: tool._id, quantity: 2 })).status).toBe(404);
  });
});

describe('a cart at its limit of tools', () => {
  it('holds the limit and refuses one more tool, not more units of one it holds', async () => {
    const app = await createTestApp('pglite', { seed: false });
    try {
      const admin = await signUpAdmin(app);
      const buyer = await signUpWithToken(app);
      const tools = [];
      for (let index = 0; index < 3; index++) {
        const response = await send(app, 'POST', '/api/tools', admin.token, {
          name: `Limit Tool ${index}`,
          description: 'One of three',
          minOrderQuantity: 1,
          availableQuantity: 10,
          price: 1,
          img: '/images/tools/nvme-ssd.svg',
        });
        tools.push((await response.json()) as Tool);
      }
      const cart = createCartService(app.database.db, 2);
      const userId = (
        await app.database.db
          .selectFrom('users')
          .select('id')
          .where('email', '=', buyer.email)
          .executeTakeFirstOrThrow()
      ).id;
      await cart.add(userId, { toolId: tools[0]!._id, quantity: 1 });
      await cart.add(userId, { toolId: tools[1]!._id, quantity: 1 });
      await expect(cart.add(userId, { toolId: tools[2]!._id, quantity: 1 })).rejects.toMatchObject({
        code: 'CONFLICT',
        message:
          'Your cart holds 2 different tools, the most it can. Check out or remove one first.',
      });
      expect((await cart.add(userId, { toolId: tools[1]!._id, quantity: 1 })).itemCount).toBe(3);
    } finally {
      await app.close();
    }
  });
});
