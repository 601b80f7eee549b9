import type { Order, Tool } from '@shop/shared';
import { sql } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeEachDatabase } from '../../test/databases';
import { send, signUpAdmin, signUpWithToken } from '../../test/identity';
import { type Account, postPurchase, purchaseBody, stockOf } from '../../test/shop';
import { type TestApp, createTestApp } from '../../test/test-app';

describeEachDatabase('a purchase with an Idempotency-Key', (kind) => {
  let app: TestApp;
  let admin: Account;

  const createTool = async (availableQuantity = 50) => {
    const response = await send(app, 'POST', '/api/tools', admin.token, {
      name: 'Retry SSD',
      description: 'Bought once, however often asked',
      minOrderQuantity: 1,
      availableQuantity,
      price: 20,
      img: '/images/tools/nvme-ssd.svg',
    });
    expect(response.status).toBe(201);
    return (await response.json()) as Tool;
  };
  const buy = (buyer: Account, body: unknown, key?: string) => postPurchase(app, buyer, body, key);
  const ordersOf = async (buyer: Account, toolId: string) =>
    (
      (await (
        await send(app, 'GET', `/api/purchase?userEmail=${buyer.email}`, buyer.token)
      ).json()) as Order[]
    ).filter((order) => order.toolId === toolId);

  beforeAll(async () => {
    app = await createTestApp(kind, { seed: false, env: { MAX_UNPAID_ORDERS: 50 } });
    admin = await signUpAdmin(app);
  });
  afterAll(() => app.close());

  it('places one order for the same key sent twice, and answers the first order again', async () => {
    const buyer = await signUpWithToken(app);
    const tool = await createTool();
    const first = await buy(buyer, purchaseBody(tool._id), 'order-1');
    expect(first.status).toBe(201);
    expect(first.headers.get('Idempotent-Replayed')).toBeNull();
    const placed = (await first.json()) as Order;

    const again = await buy(buyer, purchaseBody(tool._id), 'order-1');
    expect(again.status).toBe(201);
    expect(again.headers.get('Idempotent-Replayed')).toBe('true');
    expect(await again.json()).toEqual(placed);
    expect(await stockOf(app, tool._id)).toBe(48);
    expect(await ordersOf(buyer, tool._id)).toHaveLength(1);

    // Without a key, or with another one, it is another order.
    expect((await buy(buyer, purchaseBody(tool._id))).status).toBe(201);
    expect((await buy(buyer, purchaseBody(tool._id), 'order-2')).status).toBe(201);
    expect(await stockOf(app, tool._id)).toBe(44);
  });

  it('places one order for 10 requests with the same key at once', async () => {
    const buyer = await signUpWithToken(app);
    const tool = await createTool();
    const responses = await Promise.all(
      Array.from({ length: 10 }, () =>
        buy(buyer, purchaseBody(tool._id, { quantity: 3 }), 'burst'),
      ),
    );
    expect(responses.map((response) => response.status)).toEqual(Array(10).fill(201));
    const ids = new Set(
      await Promise.all(responses.map(async (response) => ((await response.json()) as Order)._id)),
    );
    expect(ids.size).toBe(1);
    expect(responses.filter((r) => r.headers.get('Idempotent-Replayed') === 'true')).toHaveLength(
      9,
    );
    expect(await stockOf(app, tool._id)).toBe(47);
    expect(await ordersOf(buyer, tool._id)).toHaveLength(1);
  });

  it('places one order when requests with the same key all started before the first commits', async () => {
    const buyer = await signUpWithToken(app);
    const tool = await createTool();
    const { id: buyerId } = await app.database.db
      .selectFrom('users')
      .select('id')
      .where('email', '=', buyer.email)
      .executeTakeFirstOrThrow();
    // The buyer's row is held while the requests arrive: on PostgreSQL each begins its
    // statement, sees no key yet, and waits; then they run one after another, and all but the
    // first find the key taken only when they write it.
    let responses: Promise<Response>[] = [];
    await app.database.db.transaction().execute(async (trx) => {
      await sql`select id from users where id = ${buyerId} for update`.execute(trx);
      responses = Array.from({ length: 6 }, () => buy(buyer, purchaseBody(tool._id), 'held-up'));
      await new Promise((resolve) => setTimeout(resolve, 500));
    });
    const answers = await Promise.all(responses);
    expect(answers.map((response) => response.status)).toEqual(Array(6).fill(201));
    const ids = await Promise.all(answers.map(async (r) => ((await r.json()) as Order)._id));
    expect(new Set(ids).size).toBe(1);
    expect(await stockOf(app, tool._id)).toBe(48);
    expect(await ordersOf(buyer, tool._id)).toHaveLength(1);
  });

  it('refuses the same key with another purchase (422), and takes no stock', async () => {
    const buyer = await signUpWithToken(app);
    const tool = await createTool();
    expect((await buy(buyer, purchaseBody(tool._id), 'reused')).status).toBe(201);
    for (const changed of [
      purchaseBody(tool._id, { quantity: 3 }),
      purchaseBody(tool._id, { address: '2 Market Street, San Francisco' }),
      purchaseBody(tool._id, { neededBy: '2999-01-01' }),
    ]) {
      const response = await buy(buyer, changed, 'reused');
      expect(response.status).toBe(422);
      expect(((await response.json()) as { error: { code: string } }).error.code).toBe(
        'IDEMPOTENCY_KEY_REUSED',
      );
    }
    expect(await stockOf(app, tool._id)).toBe(48);
    expect(await ordersOf(buyer, tool._id)).toHaveLength(1);
  });

  it("keeps each customer's keys apart", async () => {
    const [alice, bob] = [await signUpWithToken(app), await signUpWithToken(app)];
    const tool = await createTool();
    const a = (await (await buy(alice, purchaseBody(tool._id), 'shared-key')).json()) as Order;
    const b = await buy(bob, purchaseBody(tool._id), 'shared-key');
    expect(b.status).toBe(201);
    expect(b.headers.get('Idempotent-Replayed')).toBeNull();
    const bobs = (await b.json()) as Order;
    expect(bobs._id).not.toBe(a._id);
    expect(bobs.userEmail).toBe(bob.email);
    // Each one's retry answers their own order, never the other's.
    for (const [buyer, own] of [
      [bob, bobs],
      [alice, a],
    ] as const) {
      const retried = await buy(buyer, purchaseBody(tool._id), 'shared-key');
      expect(retried.headers.get('Idempotent-Replayed')).toBe('true');
      expect(((await retried.json()) as Order)._id).toBe(own._id);
    }
    expect(await stockOf(app, tool._id)).toBe(46);
  });

  it('remembers only placed orders: a refused purchase may be retried with its key', async () => {
    const buyer = await signUpWithToken(app);
    const tool = await createTool(1);
    const refused = await buy(buyer, purchaseBody(tool._id, { quantity: 2 }), 'after-restock');
    expect(refused.status).toBe(409);
    await send(app, 'PATCH', `/api/tools/${tool._id}`, admin.token, { availableQuantity: 5 });
    const retried = await buy(buyer, purchaseBody(tool._id, { quantity: 2 }), 'after-restock');
    expect(retried.status).toBe(201);
    expect(retried.headers.get('Idempotent-Replayed')).toBeNull();
    expect(await stockOf(app, tool._id)).toBe(3);
  });

  it('answers the order as it is now, and forgets the key after a day', async () => {
    const buyer = await signUpWithToken(app);
    const tool = await createTool();
    const placed = (await (await buy(buyer, purchaseBody(tool._id), 'a-day')).json()) as Order;
    await send(app, 'POST', `/api/purchase/${placed._id}/cancel`, buyer.token);
    const replay = await buy(buyer, purchaseBody(tool._id), 'a-day');
    expect(await replay.json()).toMatchObject({ _id: placed._id, status: 'cancelled' });
    expect(await stockOf(app, tool._id)).toBe(50);

    await app.jobs.purchaseKeyCleanup.runOnce(new Date(Date.now() + 23 * 3600_000));
    expect(((await (await buy(buyer, purchaseBody(tool._id), 'a-day')).json()) as Order)._id).toBe(
      placed._id,
    );
    await app.jobs.purchaseKeyCleanup.runOnce(new Date(Date.now() + 25 * 3600_000));
    const fresh = await buy(buyer, purchaseBody(tool._id), 'a-day');
    expect(fresh.status).toBe(201);
    expect(((await fresh.json()) as Order)._id).not.toBe(placed._id);
    expect(await stockOf(app, tool._id)).toBe(48);
  });

  it.each([
    ['an empty key', ''],
    ['a key of 256 characters', 'k'.repeat(256)],
    ['a key with a control character', 'order\u0001'],
    ['a key with a non-ASCII character', 'commande-é'],
  ])('refuses %s with 400 and takes no stock', async (_label, key) => {
    const buyer = await signUpWithToken(app);
    const tool = await createTool();
    const response = await buy(buyer, purchaseBody(tool._id), key);
    expect(response.status).toBe(400);
    const { error } = (await response.json()) as { error: { code: string; message: string } };
    expect(error.code).toBe('VALIDATION_FAILED');
    expect(error.message).toBe('Idempotency-Key must be 1 to 255 printable ASCII characters');
    expect(await stockOf(app, tool._id)).toBe(50);
  });

  it('takes a key of 255 printable characters', async () => {
    const buyer = await signUpWithToken(app);
    const tool = await createTool();
    const key = Array.from({ length: 255 }, (_, i) => String.fromCharCode(33 + (i % 94))).join('');
    expect((await buy(buyer, purchaseBody(tool._id), key)).status).toBe(201);
    const again = await buy(buyer, purchaseBody(tool._id), key);
    expect(again.headers.get('Idempotent-Replayed')).toBe('true');
    expect(await stockOf(app, tool._id)).toBe(48);
  });
});
