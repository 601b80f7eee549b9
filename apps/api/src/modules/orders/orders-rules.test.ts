/**
 * The orders' refusals say why, and an Idempotency-Key stands for one purchase in every field:
 * what the mutation run (docs/testing.md) found checked only by status, or not at all, before.
 */
import type { Order, Tool } from '@shop/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { send, signUpAdmin, signUpWithToken } from '../../test/identity';
import { type Account, errorOf, purchaseBody, stockOf, uncachedTools } from '../../test/shop';
import { type TestApp, createTestApp } from '../../test/test-app';
import type { CurrentUser } from '../../auth/identity';
import { createOrdersService } from './orders.service';

describe('order rules', () => {
  let app: TestApp;
  let admin: Account;

  const createTool = async (overrides: Record<string, unknown> = {}) => {
    const response = await send(app, 'POST', '/api/tools', admin.token, {
      name: 'Rules SSD',
      description: 'A drive for the rules',
      minOrderQuantity: 1,
      availableQuantity: 50,
      price: 20,
      img: '/images/tools/nvme-ssd.svg',
      ...overrides,
    });
    expect(response.status).toBe(201);
    return (await response.json()) as Tool;
  };
  const buy = (buyer: Account, body: unknown, key?: string) =>
    app.request('/api/purchase', {
      method: 'POST',
      headers: {
        Authorization: `Bearer ${buyer.token}`,
        'Content-Type': 'application/json',
        ...(key === undefined ? {} : { 'Idempotency-Key': key }),
      },
      body: JSON.stringify(body),
    });

  beforeAll(async () => {
    // One unpaid order at a time: the limit's message in the singular.
    app = await createTestApp('pglite', { seed: false, env: { MAX_UNPAID_ORDERS: 1 } });
    admin = await signUpAdmin(app);
  });
  afterAll(() => app.close());

  it('holds one unpaid order at a limit of one, and says so in the singular', async () => {
    const buyer = await signUpWithToken(app);
    const tool = await createTool();
    expect((await buy(buyer, purchaseBody(tool._id))).status).toBe(201);
    const second = await buy(buyer, purchaseBody(tool._id));
    expect(second.status).toBe(409);
    expect(await errorOf(second)).toEqual({
      code: 'TOO_MANY_UNPAID_ORDERS',
      message: 'You have 1 unpaid order. Pay or cancel one before placing another.',
    });
    expect(await stockOf(app, tool._id)).toBe(48);
  });

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
      { phone: '+1 555 0199' },
      { address: '2 Market Street, San Francisco' },
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

  it('a buyer removed while buying is asked to sign in again, and no stock is taken', async () => {
    const tool = await createTool();
    const { db } = app.database;
    const orders = createOrdersService(db, {
      tools: uncachedTools(db),
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
      orders.purchase({ ...purchaseBody(tool._id), quantity: 2 }, gone),
    ).rejects.toMatchObject({ code: 'UNAUTHENTICATED', message: 'Please sign in again' });
    expect(await stockOf(app, tool._id)).toBe(50);
  });
});
