import { randomUUID } from 'node:crypto';
import type { Order, Tool } from '@shop/shared';
import type { KyselyPlugin } from 'kysely';
import pg from 'pg';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describeEachDatabase } from '../../test/databases';
import { send, signUpAdmin, signUpWithToken } from '../../test/identity';
import { httpClient, runEntry, startServerProcess } from '../../test/processes';
import { type TestApp, createTestApp } from '../../test/test-app';
import { createOrderExpiry } from './order-expiry';
import { DELIVERY } from '../../test/shop';

type Account = Awaited<ReturnType<typeof signUpWithToken>>;

const MINUTE = 60_000;
const purchase = (toolId: string, quantity: number) => ({
  toolId,
  quantity,
  ...DELIVERY,
  address: '1 Market Street, San Francisco',
});

describeEachDatabase('unpaid orders expire', (kind) => {
  let app: TestApp;
  let admin: Account;

  const createTool = async (availableQuantity: number) => {
    const response = await send(app, 'POST', '/api/tools', admin.token, {
      name: 'Expiry SSD',
      description: 'Held, then given back',
      minOrderQuantity: 1,
      availableQuantity,
      price: 10,
      img: '/images/tools/nvme-ssd.svg',
    });
    expect(response.status).toBe(201);
    return (await response.json()) as Tool;
  };
  const stockOf = async (toolId: string) =>
    ((await (await app.request(`/api/tools/${toolId}`)).json()) as Tool).availableQuantity;
  const buy = async (buyer: Account, toolId: string, quantity: number) => {
    const response = await send(
      app,
      'POST',
      '/api/purchase',
      buyer.token,
      purchase(toolId, quantity),
    );
    expect(response.status).toBe(201);
    return (await response.json()) as Order;
  };
  const orderNow = async (buyer: Account, id: string) =>
    (await (await send(app, 'GET', `/api/purchase/${id}`, buyer.token)).json()) as Order;

  beforeAll(async () => {
    app = await createTestApp(kind, { seed: false, env: { UNPAID_ORDER_TTL_MINUTES: 30 } });
    admin = await signUpAdmin(app);
  });
  afterAll(() => app.close());

  it('cancels an unpaid order past its time and returns its stock, once', async () => {
    const buyer = await signUpWithToken(app);
    const tool = await createTool(20);
    const kept = await buy(buyer, tool._id, 1);
    const lapsing = await buy(buyer, tool._id, 3);
    // Paid orders never expire.
    await app.database.db
      .updateTable('orders')
      .set({ status: 'paid' })
      .where('id', '=', kept._id)
      .execute();
    expect(await stockOf(tool._id)).toBe(16);
    const payBy = Date.parse(lapsing.payBy!);

    expect(await app.jobs.orderExpiry.runOnce(new Date(payBy - 1000))).toBe(0);
    expect((await orderNow(buyer, lapsing._id)).status).toBe('unpaid');
    expect(await stockOf(tool._id)).toBe(16);

    expect(await app.jobs.orderExpiry.runOnce(new Date(payBy + 1000))).toBe(1);
    expect(await orderNow(buyer, lapsing._id)).toMatchObject({ status: 'cancelled', payBy: null });
    expect((await orderNow(buyer, kept._id)).status).toBe('paid');
    expect(await stockOf(tool._id)).toBe(19);

    // Again, and later: nothing more comes back.
    expect(await app.jobs.orderExpiry.runOnce(new Date(payBy + 60 * MINUTE))).toBe(0);
    expect(await stockOf(tool._id)).toBe(19);
  });

  it('frees the place an expired order held under MAX_UNPAID_ORDERS', async () => {
    const buyer = await signUpWithToken(app);
    const tool = await createTool(50);
    const orders: Order[] = [];
    for (let i = 0; i < 5; i++) orders.push(await buy(buyer, tool._id, 1));
    const refused = await send(app, 'POST', '/api/purchase', buyer.token, purchase(tool._id, 1));
    expect(refused.status).toBe(409);
    // This customer's first order only is made due: the others still have time.
    await app.database.db
      .updateTable('orders')
      .set({ pay_by: new Date(Date.now() - MINUTE) })
      .where('id', '=', orders[0]!._id)
      .execute();
    expect(await app.jobs.orderExpiry.runOnce()).toBeGreaterThanOrEqual(1);
    expect((await orderNow(buyer, orders[0]!._id)).status).toBe('cancelled');
    expect((await orderNow(buyer, orders[1]!._id)).status).toBe('unpaid');
    await buy(buyer, tool._id, 1);
    expect(await stockOf(tool._id)).toBe(45);
  });

  it('expires each order once when sweeps run at the same time', async () => {
    const buyers = await Promise.all(Array.from({ length: 8 }, () => signUpWithToken(app)));
    const tool = await createTool(1000);
    const orders = (
      await Promise.all(
        buyers.map(async (buyer) => {
          const mine: Order[] = [];
          for (let i = 0; i < 5; i++) mine.push(await buy(buyer, tool._id, 1 + (i % 3)));
          return mine;
        }),
      )
    ).flat();
    const held = orders.reduce((sum, order) => sum + order.quantity, 0);
    expect(await stockOf(tool._id)).toBe(1000 - held);

    const later = new Date(Date.now() + 31 * MINUTE);
    // Other tests' unpaid orders are due by then too.
    const { due } = await app.database.db
      .selectFrom('orders')
      .select((eb) => eb.fn.countAll<number>().as('due'))
      .where('status', '=', 'unpaid')
      .executeTakeFirstOrThrow();
    const expired = await Promise.all([
      app.jobs.orderExpiry.runOnce(later),
      app.jobs.orderExpiry.runOnce(later),
      app.jobs.orderExpiry.runOnce(later),
    ]);
    expect(expired.reduce((sum, count) => sum + count, 0)).toBe(Number(due));
    expect(await stockOf(tool._id)).toBe(1000);
  });

  it('leaves an order whose expiry failed to a later sweep, and goes on with the others', async () => {
    const buyer = await signUpWithToken(app);
    const tool = await createTool(10);
    const [failing, other] = [await buy(buyer, tool._id, 1), await buy(buyer, tool._id, 1)];
    const attempts: string[] = [];
    let down = true;
    // The seam a payment module uses: its own expire, in front of the database's.
    const expiry = createOrderExpiry(app.database.db, {
      logger: pino({ level: 'silent' }),
      intervalMs: 60_000,
      expire: async (orderId) => {
        if (orderId !== failing!._id && orderId !== other!._id) return false; // other tests' orders
        attempts.push(orderId);
        if (orderId === failing!._id && down) throw new Error('provider unreachable');
        const response = await send(app, 'POST', `/api/purchase/${orderId}/cancel`, buyer.token);
        return response.status === 200;
      },
    });
    const due = new Date(Date.parse(failing!.payBy!) + 1000);
    expect(await expiry.runOnce(due)).toBe(1);
    expect((await orderNow(buyer, failing!._id)).status).toBe('unpaid');
    expect((await orderNow(buyer, other!._id)).status).toBe('cancelled');

    // Claimed by the failed attempt: not tried again at once, but after its lease (5 min).
    down = false;
    expect(await expiry.runOnce(due)).toBe(0);
    expect(attempts.filter((id) => id === failing!._id)).toHaveLength(1);
    expect(await expiry.runOnce(new Date(due.getTime() + 6 * MINUTE))).toBe(1);
    expect((await orderNow(buyer, failing!._id)).status).toBe('cancelled');
    expect(await stockOf(tool._id)).toBe(10);
  });
});

describeEachDatabase("the sweep's bounds and its timer", (kind) => {
  let app: TestApp;
  let buyer: Account;
  /** Statements that claim orders (the only updates a sweep with a stub `expire` makes). */
  let claims = 0;
  /** When set, the sweep's claims fail, as with the database gone. */
  let failClaims = false;
  const counting: KyselyPlugin = {
    transformQuery({ node }) {
      if (node.kind === 'UpdateQueryNode') claims += 1;
      if (node.kind === 'UpdateQueryNode' && failClaims) throw new Error('database went away');
      return node;
    },
    transformResult: async ({ result }) => result,
  };
  const logged: string[] = [];
  const logger = pino({ level: 'error' }, { write: (line: string) => logged.push(line) });
  /** A sweep whose `expire` only records (so the orders stay due), on the counting database. */
  const expiryWith = (
    options: { batchSize?: number; maxBatches?: number; intervalMs?: number } = {},
    expire: (orderId: string) => Promise<boolean> = async () => true,
  ) =>
    createOrderExpiry(app.database.db.withPlugin(counting), {
      logger,
      intervalMs: options.intervalMs ?? 60_000,
      batchSize: options.batchSize,
      maxBatches: options.maxBatches,
      expire,
    });
  // Each claim holds its orders for 5 minutes after the time judged by: each test judges by a
  // time 10 minutes after the last, so every order is due and unclaimed again.
  let judgedAt = Date.now() + 60 * MINUTE;
  const nextTime = () => new Date((judgedAt += 10 * MINUTE));
  const waitFor = async (done: () => boolean, what: string) => {
    const deadline = Date.now() + 5_000;
    while (!done()) {
      if (Date.now() > deadline) throw new Error(`waited 5 s for ${what}`);
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  };

  beforeAll(async () => {
    app = await createTestApp(kind, { seed: false, env: { UNPAID_ORDER_TTL_MINUTES: 30 } });
    const admin = await signUpAdmin(app);
    buyer = await signUpWithToken(app);
    const created = await send(app, 'POST', '/api/tools', admin.token, {
      name: 'Batch Fan',
      description: 'Five unpaid orders',
      minOrderQuantity: 1,
      availableQuantity: 100,
      price: 2,
      img: '/images/tools/cooling-fan.svg',
    });
    const tool = (await created.json()) as Tool;
    // Five unpaid orders (MAX_UNPAID_ORDERS), all due after 30 minutes.
    for (let i = 0; i < 5; i++) {
      const response = await send(app, 'POST', '/api/purchase', buyer.token, purchase(tool._id, 1));
      expect(response.status).toBe(201);
    }
  });
  afterAll(() => app.close());

  it('claims at most batchSize orders at a time, and stops after maxBatches', async () => {
    const expired: string[] = [];
    const record = async (id: string) => (expired.push(id), true);
    // 5 due orders, 2 to a batch, 2 batches: 4 now.
    claims = 0;
    expect(await expiryWith({ batchSize: 2, maxBatches: 2 }, record).runOnce(nextTime())).toBe(4);
    expect(claims).toBe(2);
    expect(new Set(expired).size).toBe(4);
    // 3 batches allowed: 2 + 2 + 1, and a short batch ends the sweep.
    claims = 0;
    expect(await expiryWith({ batchSize: 2, maxBatches: 5 }).runOnce(nextTime())).toBe(5);
    expect(claims).toBe(3);
    // A batch of exactly batchSize may not be the last: one more claim finds the end.
    claims = 0;
    expect(await expiryWith({ batchSize: 5, maxBatches: 5 }).runOnce(nextTime())).toBe(5);
    expect(claims).toBe(2);
    // By default, one batch takes all five.
    claims = 0;
    expect(await expiryWith().runOnce(nextTime())).toBe(5);
    expect(claims).toBe(1);
  });

  it('logs a sweep that failed and sweeps again at the next tick', async () => {
    const expiry = expiryWith({ intervalMs: 20 });
    logged.length = 0;
    failClaims = true;
    claims = 0;
    expiry.start();
    await waitFor(() => logged.some((line) => line.includes('order expiry failed')), 'the log');
    failClaims = false;
    const failedAt = claims;
    await waitFor(() => claims > failedAt + 1, 'the next sweeps');
    await expiry.stop();
    expect(JSON.parse(logged[0]!)).toMatchObject({
      msg: 'order expiry failed',
      err: { message: 'database went away' },
    });
  });
});

const serverUrl = process.env.TEST_DATABASE_URL;

describe.skipIf(!serverUrl)('expiry across processes [postgres]', () => {
  const cleanups: (() => Promise<unknown>)[] = [];
  afterAll(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  });

  it('two servers on one database expire every due order once, after a restart', async () => {
    const name = `shop_expiry_${randomUUID().replaceAll('-', '')}`;
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    await admin.query(`create database ${name}`);
    await admin.end();
    cleanups.push(async () => {
      const dropper = new pg.Client({ connectionString: serverUrl });
      await dropper.connect();
      await dropper.query(`drop database if exists ${name} with (force)`);
      await dropper.end();
    });
    const url = new URL(serverUrl!);
    url.pathname = `/${name}`;
    const env = {
      DATABASE_URL: url.toString(),
      AUTH_SECRET: 'expiry-test-secret-expiry-test-secret-0123',
      ADMIN_EMAIL: 'admin@partsshop.com',
      SEED_DEMO: 'false',
      AUTH_RATE_LIMIT_PER_MINUTE: '1000',
      MAX_UNPAID_ORDERS: '1000',
      ORDER_EXPIRY_INTERVAL_SECONDS: '1',
      LOG_LEVEL: 'info',
    };
    const stop = async (server: Awaited<ReturnType<typeof startServerProcess>>) => {
      server.child.kill('SIGTERM');
      return server.exited;
    };

    // One server takes the orders, then goes away.
    const first = await startServerProcess(env);
    cleanups.push(() => stop(first));
    const { call, account } = httpClient(first.url);
    // The first admin is made on the server (decision 012); on PostgreSQL it may run alongside.
    const adminToken = await account('admin@partsshop.com');
    const promoted = await runEntry('src/cli/make-admin.ts', ['admin@partsshop.com'], env).exited;
    expect(promoted.code, promoted.stderr).toBe(0);
    const STOCK = 10_000;
    const tool = (await (
      await call('POST', '/api/tools', adminToken, {
        name: 'Two Process Fan',
        description: 'Expired twice? Never.',
        minOrderQuantity: 1,
        availableQuantity: STOCK,
        price: 3,
        img: '/images/tools/cooling-fan.svg',
      })
    ).json()) as Tool;
    const buyers = await Promise.all(
      Array.from({ length: 10 }, (_, i) => account(`expiry-buyer${i}@example.com`)),
    );
    let held = 0;
    await Promise.all(
      buyers.map(async (token, index) => {
        for (let round = 0; round < 30; round++) {
          const quantity = ((index + round) % 3) + 1;
          const response = await call('POST', '/api/purchase', token, purchase(tool._id, quantity));
          expect(response.status).toBe(201);
          held += quantity;
        }
      }),
    );
    // The first server stops; the orders' state is the database's alone.
    expect((await stop(first)).code).toBe(0);

    // Two servers start on the database at once; both sweep at start and every second.
    const servers = await Promise.all([startServerProcess(env), startServerProcess(env)]);
    for (const server of servers) cleanups.push(() => stop(server));

    // The clock moves: the orders' time passes in waves, so both servers find due orders.
    const db = new pg.Client({ connectionString: url.toString() });
    await db.connect();
    cleanups.push(() => db.end());
    let moved = 0;
    for (let wave = 0; wave < 6; wave++) {
      const { rowCount } = await db.query(
        `update orders set pay_by = now() - interval '1 minute' where id in (
           select id from orders where status = 'unpaid' and pay_by > now() limit 50)`,
      );
      moved += rowCount ?? 0;
      await new Promise((resolve) => setTimeout(resolve, 300));
    }
    expect(moved).toBe(300);
    const deadline = Date.now() + 30_000;
    for (;;) {
      const { rows } = await db.query<{ unpaid: number }>(
        `select count(*)::int as unpaid from orders where status = 'unpaid'`,
      );
      if (rows[0]!.unpaid === 0 || Date.now() > deadline) break;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    // One more sweep each after the last order went, to show nothing more comes back.
    await new Promise((resolve) => setTimeout(resolve, 1500));
    const exits = await Promise.all(servers.map(stop));

    const { rows: statuses } = await db.query<{ status: string; count: number }>(
      `select status, count(*)::int as count from orders group by status`,
    );
    expect(statuses).toEqual([{ status: 'cancelled', count: 300 }]);
    const { rows: tools } = await db.query<{ available_quantity: number }>(
      'select available_quantity from tools where id = $1',
      [tool._id],
    );
    expect(held).toBeGreaterThan(0);
    expect(tools[0]!.available_quantity).toBe(STOCK);
    // What each server says it expired adds up to the orders, once.
    const expiredBy = exits.map((exit) =>
      exit.stdout
        .split('\n')
        .filter((line) => line.includes('"expired unpaid orders"'))
        .reduce((sum, line) => sum + (JSON.parse(line) as { expired: number }).expired, 0),
    );
    expect(expiredBy[0]! + expiredBy[1]!).toBe(300);
    console.log(`expiry across two processes: ${expiredBy.join(' + ')} of 300 orders`);
  }, 90_000);
});
