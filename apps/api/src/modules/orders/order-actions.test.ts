import {
  type Order,
  type OrderAction,
  type OrderStatus,
  can,
  orderActions,
  orderStatuses,
  statusAfter,
} from '@shop/shared';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeEachDatabase } from '../../test/databases';
import { send, signUpAdmin, signUpWithToken } from '../../test/identity';
import { type Account, DELIVERY, createTool, orderNow, payInTestMode } from '../../test/shop';
import { type TestApp, createTestApp } from '../../test/test-app';

/**
 * The API against the shared state machine: every action, by every caller, on an order in every
 * status. What `can` allows succeeds and leads where the machine says; everything else is
 * refused with a 4xx and leaves the order as it was. The web app's buttons ask the same `can`.
 */
describeEachDatabase('every order action through the API, as the state machine says', (kind) => {
  let app: TestApp;
  let admin: Account;
  let buyer: Account;
  let stranger: Account;
  let tools: [string, string];

  /** A two-line order of the buyer's, by the cart, brought to `status` by the API's own steps. */
  async function orderIn(status: OrderStatus): Promise<Order> {
    for (const toolId of tools) {
      const added = await send(app, 'POST', '/api/cart/lines', buyer.token, {
        toolId,
        quantity: 1,
      });
      expect(added.status).toBe(200);
    }
    const placed = await send(app, 'POST', '/api/checkout', buyer.token, DELIVERY);
    expect(placed.status).toBe(201);
    const { _id: id } = (await placed.json()) as Order;
    const step = async (who: Account, path: string, body?: unknown) =>
      expect((await send(app, 'POST', `/api/purchase/${id}/${path}`, who.token, body)).status).toBe(
        200,
      );
    if (status === 'cancelled') await step(buyer, 'cancel');
    if (status !== 'unpaid' && status !== 'cancelled') await payInTestMode(app, buyer, id);
    if (status === 'shipped' || status === 'delivered') await step(admin, 'ship', {});
    if (status === 'delivered') await step(admin, 'deliver');
    if (status === 'refunded') await step(admin, 'refund', { reason: 'Test', restock: false });
    const now = await orderNow(app, buyer, id);
    expect(now.status).toBe(status);
    return now;
  }

  /** The request each action is, made by `who`; `pay` is the payment page's first call. */
  function attempt(action: OrderAction, order: Order, who: Account) {
    const at = (path: string, body?: unknown) =>
      send(app, 'POST', `/api/purchase/${order._id}/${path}`, who.token, body);
    const line = order.lines[0]!.toolId;
    switch (action) {
      case 'pay':
        return send(app, 'POST', '/api/create-payment-intent', who.token, { orderId: order._id });
      case 'cancel':
        return at('cancel');
      case 'ship':
        return at('ship', {});
      case 'deliver':
        return at('deliver');
      case 'refund':
        return at('refund', { reason: 'Asked', restock: false });
      case 'refundLines':
        return at('refund', { reason: 'Asked', restock: false, lines: [line] });
      case 'requestReturn':
        return at('returns', { lines: [line], reason: 'does_not_fit' });
    }
  }

  beforeAll(async () => {
    app = await createTestApp(kind, { seed: false, env: { MAX_UNPAID_ORDERS: 50 } });
    admin = await signUpAdmin(app);
    buyer = await signUpWithToken(app);
    stranger = await signUpWithToken(app);
    const made = await Promise.all(
      ['State Fan', 'State Board'].map((name) =>
        createTool(app, admin, { name, description: 'A part of an order in every status' }),
      ),
    );
    tools = [made[0]!._id, made[1]!._id];
  });
  afterAll(() => app.close());

  it('refuses each step the machine refuses, and changes nothing', async () => {
    const callers = { buyer: () => buyer, admin: () => admin } as const;
    let refused = 0;
    for (const status of orderStatuses) {
      const order = await orderIn(status);
      for (const action of orderActions) {
        for (const [actor, who] of Object.entries(callers)) {
          if (can(order, action, actor as keyof typeof callers)) continue;
          const response = await attempt(action, order, who());
          const what = `${actor} ${action} ${status}`;
          // A refund asked again of a refunded order is answered as it is (idempotent).
          const repeat = actor === 'admin' && action === 'refund' && status === 'refunded';
          if (repeat) expect(response.status, what).toBe(200);
          else expect(response.status, what).toBeOneOf([403, 404, 409]);
          refused += 1;
        }
        // Another customer may do nothing to it, and learns nothing of it.
        expect((await attempt(action, order, stranger)).status).toBeOneOf([403, 404]);
      }
      const after = await orderNow(app, buyer, order._id);
      expect(after.status).toBe(status);
      expect(after.lines.map((line) => line.refunded)).toEqual(order.lines.map((l) => l.refunded));
    }
    // 6 statuses x 7 actions x 2 callers, less the 11 steps they may take.
    expect(refused).toBe(6 * 7 * 2 - 11);
  });

  it('takes each step the machine allows, and leads where it says', async () => {
    const allowed: [OrderStatus, OrderAction, 'buyer' | 'admin'][] = [];
    for (const status of orderStatuses)
      for (const action of orderActions)
        for (const actor of ['buyer', 'admin'] as const)
          if (can({ status }, action, actor)) allowed.push([status, action, actor]);
    expect(allowed).toHaveLength(11);

    for (const [status, action, actor] of allowed) {
      const order = await orderIn(status);
      const who = actor === 'admin' ? admin : buyer;
      const response = await attempt(action, order, who);
      expect(response.status, `${actor} ${action} ${status}`).toBeLessThan(300);
      if (action === 'pay') await payInTestMode(app, buyer, order._id);
      const after = await orderNow(app, buyer, order._id);
      // A refund of one line of two, and a return's request, keep the status.
      expect(after.status, `${actor} ${action} ${status}`).toBe(statusAfter(action) ?? status);
    }
  });
});
