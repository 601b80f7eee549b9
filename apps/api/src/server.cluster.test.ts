import type { ChildProcess } from 'node:child_process';
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import type { Tool } from '@shop/shared';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrations } from './db/migrations';
import { demoTools } from './db/seed';
import { createEmptyPostgresDatabase } from './test/databases';
import { type Exited, freePort, runEntry, startServerProcess } from './test/processes';
import { samplesOf } from './test/metrics-text';
import { startRoundRobinProxy } from './test/round-robin-proxy';
import { DELIVERY } from './test/shop';

/**
 * Several shop processes on one PostgreSQL (issue 15): they start together and migrate once,
 * sell no more than the stock between them, and each hears the others' changes at once
 * (LISTEN/NOTIFY, migration 0011) although its caches would keep the old answers for a minute.
 */
const serverUrl = process.env.TEST_DATABASE_URL;

/**
 * Announcements arrive in a few milliseconds on a quiet machine. The bound is a second because CI
 * runs this file beside another that loads both cores (115 ms was seen there), and it still
 * proves the announcement: the caches below would keep the old answer for a minute.
 */
const ANNOUNCED_WITHIN_MS = 1000;

/**
 * Caches far longer than the test: a change seen within ANNOUNCED_WITHIN_MS was announced, not
 * expired.
 * The database timeout is long because 300 purchases of one tool queue on its row lock, three
 * processes deep, while other test files load the 2 cores: a wait over the default 1 s is a
 * 503 (try again), which is correct but not what this test counts (CI saw 5 of 300 so).
 */
const shopEnv = (databaseUrl: string) => ({
  DATABASE_URL: databaseUrl,
  DATABASE_TIMEOUT_MS: '10000',
  LOG_LEVEL: 'info',
  TOKEN_CACHE_MS: '60000',
  CATALOGUE_CACHE_MS: '60000',
  AUTH_SECRET: 'cluster-test-secret-of-at-least-32-characters',
  AUTH_RATE_LIMIT_PER_MINUTE: '100000',
  MAX_UNPAID_ORDERS: '1000',
});

type ShopProcess = Awaited<ReturnType<typeof startServerProcess>>;

interface LogLine {
  level: number;
  time: number;
  pid?: number;
  msg: string;
  [field: string]: unknown;
}
const logLines = (stdout: string): LogLine[] =>
  stdout
    .split('\n')
    .filter((line) => line.startsWith('{'))
    .map((line) => JSON.parse(line) as LogLine);

const stop = async (shop: { child: ChildProcess; exited: Promise<Exited> }) => {
  shop.child.kill('SIGTERM');
  return shop.exited;
};

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A request on a connection of its own, as a new visitor's (so node:cluster may pick anyone). */
const freshGet = (url: string) =>
  new Promise<number>((resolve, reject) => {
    const request = http
      .get(url, { agent: false, timeout: 5000 }, (response) => {
        response.resume();
        response.on('end', () => resolve(response.statusCode ?? 0));
      })
      .on('error', reject);
    request.on('timeout', () => request.destroy(new Error(`no answer from ${url} within 5 s`)));
  });

/** Accounts made straight in the database: hundreds of sign-ups would cost minutes of CPU. */
async function insertAccounts(client: pg.Client, count: number, role: 'user' | 'admin' = 'user') {
  const accounts: { email: string; token: string }[] = [];
  for (let i = 0; i < count; i++) {
    accounts.push({
      email: `${role}-${randomUUID()}@example.com`,
      token: randomBytes(32).toString('base64url'),
    });
  }
  const { rows } = await client.query<{ id: string; email: string }>(
    `insert into users (auth_user_id, email, name, role)
     select 'test-' || email, email, 'Buyer', $2 from unnest($1::text[]) as email
     returning id, email`,
    [accounts.map((account) => account.email), role],
  );
  const idOf = new Map(rows.map((row) => [row.email, row.id]));
  await client.query(
    `insert into access_tokens (token_hash, user_id, expires_at)
     select hash, user_id::uuid, now() + interval '1 hour'
     from unnest($1::text[], $2::text[]) as t(hash, user_id)`,
    [
      accounts.map((account) => createHash('sha256').update(account.token).digest('base64url')),
      accounts.map((account) => idOf.get(account.email)!),
    ],
  );
  return accounts;
}

const call = (base: string, method: string, route: string, token?: string, body?: unknown) =>
  fetch(`${base}${route}`, {
    method,
    headers: {
      ...(token ? { Authorization: `Bearer ${token}` } : {}),
      ...(body !== undefined ? { 'Content-Type': 'application/json' } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });

/** The catalogue as a browser reads it: a plain GET, replayed from memory when cached. */
const catalogue = async (base: string) =>
  (await (await fetch(`${base}/api/tools?limit=100`)).json()) as Tool[];

/** Polls `probe` every few ms until it answers true: the milliseconds it took, or Infinity. */
async function msUntil(probe: () => Promise<boolean>, limitMs = 2000) {
  const started = performance.now();
  while (performance.now() - started < limitMs) {
    if (await probe()) return performance.now() - started;
    await sleep(2);
  }
  return Infinity;
}

describe.skipIf(!serverUrl)('three shop processes on one PostgreSQL', () => {
  let database: Awaited<ReturnType<typeof createEmptyPostgresDatabase>>;
  let shops: ShopProcess[] = [];
  let client: pg.Client;
  let proxy: Awaited<ReturnType<typeof startRoundRobinProxy>>;
  let admin: { email: string; token: string };

  beforeAll(async () => {
    database = await createEmptyPostgresDatabase();
    // Started at the same instant on a database without a single table.
    const started = await Promise.allSettled(
      [1, 2, 3].map(() => startServerProcess(shopEnv(database.url))),
    );
    shops = started.flatMap((result) => (result.status === 'fulfilled' ? [result.value] : []));
    client = new pg.Client({ connectionString: database.url });
    await client.connect();
    proxy = await startRoundRobinProxy(shops.map((shop) => shop.url));
    const failed = started.find((result) => result.status === 'rejected');
    if (failed) throw (failed as PromiseRejectedResult).reason;
    admin = (await insertAccounts(client, 1, 'admin'))[0]!;
  }, 120_000);

  afterAll(async () => {
    await proxy?.close();
    await Promise.all(shops.map(stop));
    await client?.end();
    await database?.drop();
  }, 60_000);

  it('all come up, and the migrations and the seed ran once between them', async () => {
    expect(shops).toHaveLength(3);
    const { rows: applied } = await client.query<{ name: string }>(
      'select name from kysely_migration order by name',
    );
    expect(applied.map((row) => row.name)).toEqual(Object.keys(migrations));
    const { rows: signInTables } = await client.query<{ count: number }>(
      `select count(*)::int as count from information_schema.tables where table_schema = 'public'
       and table_name in ('user', 'session', 'account', 'verification', 'rateLimit')`,
    );
    expect(signInTables[0]!.count).toBe(5);
    const { rows: tools } = await client.query<{ count: number }>(
      'select count(*)::int as count from tools',
    );
    expect(tools[0]!.count).toBe(demoTools.length); // the demo catalogue, once

    // Each process logs what it migrated: every step appears once, in one process.
    const lines = () => shops.flatMap((shop) => logLines(shop.output().stdout));
    // Log lines are written within 250 ms.
    await msUntil(async () => lines().some((line) => line.msg === 'seeded demo data'), 2000);
    const migrated = lines().filter((line) => line.msg === 'database migrated');
    expect(migrated).toHaveLength(1);
    expect(migrated[0]!.migrations).toEqual(Object.keys(migrations));
    expect(lines().filter((line) => line.msg === 'sign-in tables migrated')).toHaveLength(1);
    expect(lines().filter((line) => line.msg === 'seeded demo data')).toHaveLength(1);
    expect(lines().filter((line) => line.level >= 50)).toEqual([]);
    for (const shop of shops) expect(shop.output().stderr).not.toMatch(/error/i);
  });

  it('300 buyers at once through the round-robin proxy: exactly the 100 in stock are sold', async () => {
    const created = await call(proxy.url, 'POST', '/api/tools', admin.token, {
      name: 'Cluster Fan',
      description: 'One hundred of them',
      minOrderQuantity: 1,
      availableQuantity: 100,
      price: 10,
      img: '/images/tools/cooling-fan.svg',
    });
    expect(created.status).toBe(201);
    const tool = (await created.json()) as Tool;
    const buyers = await insertAccounts(client, 300);
    const connectionsBefore = proxy.connections();

    const answers = await Promise.all(
      buyers.map(async (buyer) => {
        const response = await call(proxy.url, 'POST', '/api/purchase', buyer.token, {
          toolId: tool._id,
          quantity: 1,
          ...DELIVERY,
          address: '1 Cluster Street, Springfield',
        });
        const body = (await response.json()) as { error?: { code: string } };
        return { status: response.status, code: body.error?.code };
      }),
    );
    const count = (status: number) => answers.filter((answer) => answer.status === status).length;
    // Any other answer is named whole, so a failure says what it was.
    expect(answers.filter((answer) => answer.status !== 201 && answer.status !== 409)).toEqual([]);
    expect(count(201)).toBe(100);
    expect(count(409)).toBe(200);
    expect(answers.filter((answer) => answer.status === 409).map((a) => a.code)).toEqual(
      Array(200).fill('OUT_OF_STOCK'),
    );
    // Every process served some: the buyers were spread over all three.
    expect(proxy.connections() - connectionsBefore).toBeGreaterThanOrEqual(3);

    const { rows } = await client.query<{ stock: number; sold: number }>(
      `select available_quantity as stock,
         (select count(*)::int from orders where tool_id = $1) as sold
       from tools where id = $1`,
      [tool._id],
    );
    expect(rows[0]).toEqual({ stock: 0, sold: 100 });
    // And each process's catalogue says so, although it caches pages for a minute.
    for (const shop of shops) {
      const shown = (await catalogue(shop.url)).find((item) => item._id === tool._id);
      expect(shown?.availableQuantity).toBe(0);
    }
  }, 60_000);

  it('a sign-out through process A gives 401 on B and C within a second', async () => {
    const [a, b, c] = shops as [ShopProcess, ShopProcess, ShopProcess];
    const [buyer] = await insertAccounts(client, 1);
    const check = (shop: ShopProcess) =>
      call(shop.url, 'GET', `/api/admin/${buyer!.email}`, buyer!.token);
    // Each process now remembers the token's caller (TOKEN_CACHE_MS: a minute).
    for (const shop of [a, b, c, a, b, c]) expect((await check(shop)).status).toBe(200);

    expect((await call(a.url, 'DELETE', '/api/token', buyer!.token)).status).toBe(204);
    const [onB = Infinity, onC = Infinity] = await Promise.all(
      [b, c].map((shop) => msUntil(async () => (await check(shop)).status === 401)),
    );
    console.log(`sign-out seen on B after ${onB.toFixed(1)} ms, on C after ${onC.toFixed(1)} ms`);
    expect(onB).toBeLessThan(ANNOUNCED_WITHIN_MS);
    expect(onC).toBeLessThan(ANNOUNCED_WITHIN_MS);
  });

  it("an admin's price change through B shows in A's catalogue within a second", async () => {
    const [a, b] = shops as [ShopProcess, ShopProcess];
    const [tool] = await catalogue(a.url);
    expect(await catalogue(a.url)).toContainEqual(tool); // replayed from A's memory now
    const price = tool!.price + 1;

    expect(
      (await call(b.url, 'PATCH', `/api/tools/${tool!._id}`, admin.token, { price })).status,
    ).toBe(200);
    const onA = await msUntil(async () =>
      (await catalogue(a.url)).some((item) => item._id === tool!._id && item.price === price),
    );
    console.log(`price change seen on A after ${onA.toFixed(1)} ms`);
    expect(onA).toBeLessThan(ANNOUNCED_WITHIN_MS);
  });

  it("a buyer's cancel through C gives the stock back in A's catalogue within a second", async () => {
    const [a, , c] = shops as [ShopProcess, ShopProcess, ShopProcess];
    const [buyer] = await insertAccounts(client, 1);
    const [tool] = await catalogue(a.url);
    const bought = await call(c.url, 'POST', '/api/purchase', buyer!.token, {
      toolId: tool!._id,
      quantity: tool!.minOrderQuantity,
      ...DELIVERY,
      address: '1 Cluster Street, Springfield',
    });
    expect(bought.status).toBe(201);
    const { _id: orderId } = (await bought.json()) as { _id: string };
    const stockOnA = async () =>
      (await catalogue(a.url)).find((item) => item._id === tool!._id)!.availableQuantity;
    expect(
      await msUntil(
        async () => (await stockOnA()) === tool!.availableQuantity - tool!.minOrderQuantity,
      ),
    ).toBeLessThan(ANNOUNCED_WITHIN_MS);
    expect(await stockOnA()).toBe(tool!.availableQuantity - tool!.minOrderQuantity); // cached

    const cancelled = await call(c.url, 'POST', `/api/purchase/${orderId}/cancel`, buyer!.token);
    expect(cancelled.status).toBe(200);
    const onA = await msUntil(async () => (await stockOnA()) === tool!.availableQuantity);
    console.log(`cancel seen on A after ${onA.toFixed(1)} ms`);
    expect(onA).toBeLessThan(ANNOUNCED_WITHIN_MS);
  });

  it("an admin's promotion and removal through A apply on B and C within a second", async () => {
    const [a, b, c] = shops as [ShopProcess, ShopProcess, ShopProcess];
    const [member] = await insertAccounts(client, 1);
    const isAdmin = async (shop: ShopProcess) => {
      const response = await call(shop.url, 'GET', `/api/admin/${member!.email}`, member!.token);
      return response.status === 200
        ? ((await response.json()) as { admin: boolean }).admin
        : response.status;
    };
    // B and C remember the member as a customer (TOKEN_CACHE_MS: a minute).
    for (const shop of [b, c, b, c]) expect(await isAdmin(shop)).toBe(false);

    const promoted = await call(a.url, 'PUT', `/api/user/admin/${member!.email}`, admin.token);
    expect(promoted.status).toBe(200);
    const [promotedOnB = Infinity, promotedOnC = Infinity] = await Promise.all(
      [b, c].map((shop) => msUntil(async () => (await isAdmin(shop)) === true)),
    );
    console.log(
      `promotion seen on B after ${promotedOnB.toFixed(1)} ms, on C after ${promotedOnC.toFixed(1)} ms`,
    );
    expect(promotedOnB).toBeLessThan(ANNOUNCED_WITHIN_MS);
    expect(promotedOnC).toBeLessThan(ANNOUNCED_WITHIN_MS);

    const removed = await call(a.url, 'DELETE', `/api/user/${member!.email}`, admin.token);
    expect(removed.status).toBe(200);
    const [removedOnB = Infinity, removedOnC = Infinity] = await Promise.all(
      [b, c].map((shop) => msUntil(async () => (await isAdmin(shop)) === 401)),
    );
    console.log(
      `removal seen on B after ${removedOnB.toFixed(1)} ms, on C after ${removedOnC.toFixed(1)} ms`,
    );
    expect(removedOnB).toBeLessThan(ANNOUNCED_WITHIN_MS);
    expect(removedOnC).toBeLessThan(ANNOUNCED_WITHIN_MS);
  });
});

describe.skipIf(!serverUrl)('a process whose listener connection is lost', () => {
  it('serves without caches until the listener is back, then caches and hears changes again', async () => {
    const database = await createEmptyPostgresDatabase();
    const client = new pg.Client({ connectionString: database.url });
    let shops: ShopProcess[] = [];
    try {
      shops = await Promise.all([1, 2].map(() => startServerProcess(shopEnv(database.url))));
      const [a, b] = shops as [ShopProcess, ShopProcess];
      await client.connect();
      const [admin] = await insertAccounts(client, 1, 'admin');
      const [tool] = await catalogue(a.url);
      const priceOnA = async () =>
        (await catalogue(a.url)).find((item) => item._id === tool!._id)!.price;
      // A change no process hears of: made with the database's triggers off (migration 0011).
      const silentPrice = async (price: number) => {
        await client.query('set session_replication_role = replica');
        await client.query('update tools set price_cents = $1 where id = $2', [
          Math.round(price * 100),
          tool!._id,
        ]);
        await client.query('set session_replication_role = origin');
      };
      const listenerOfA = async () =>
        (
          await client.query<{ pid: number }>(
            'select pid from pg_stat_activity where application_name = $1',
            [`shop-cache-listener ${a.child.pid}`],
          )
        ).rows;
      const logOfA = () => logLines(a.output().stdout);
      expect(await listenerOfA()).toHaveLength(1);

      // With its listener, A caches: a silent change stays unseen there.
      await priceOnA();
      await silentPrice(tool!.price + 1);
      expect(await priceOnA()).toBe(tool!.price);

      // Without it, every answer comes from the database. Only a try made entirely before the
      // listener came back counts, so a slow machine repeats it rather than pass by chance.
      let price = tool!.price + 1;
      let triedWhileLost = false;
      for (let attempt = 0; attempt < 5 && !triedWhileLost; attempt++) {
        const lostBefore = logOfA().filter((line) => /listener lost/.test(line.msg)).length;
        const backBefore = logOfA().filter((line) => /listener back/.test(line.msg)).length;
        const [listener] = await listenerOfA();
        await client.query('select pg_terminate_backend($1)', [listener!.pid]);
        await sleep(20);
        const began = Date.now();
        await priceOnA(); // would fill A's cache, were it on
        price += 1;
        await silentPrice(price);
        const seen = await priceOnA();
        const ended = Date.now();
        expect(seen).toBe(price);

        // The log says when the listener went and came back (lines are flushed within 250 ms).
        expect(
          await msUntil(
            async () => logOfA().filter((l) => /listener back/.test(l.msg)).length > backBefore,
            15_000,
          ),
        ).toBeLessThan(Infinity);
        const lost = logOfA().filter((line) => /listener lost/.test(line.msg))[lostBefore]!;
        const back = logOfA().filter((line) => /listener back/.test(line.msg))[backBefore]!;
        triedWhileLost = lost.time <= began && back.time >= ended;
      }
      expect(triedWhileLost).toBe(true);
      expect(await listenerOfA()).toHaveLength(1);

      // Back: A caches again (a silent change stays unseen) and hears B's changes at once.
      await priceOnA();
      const cached = await priceOnA();
      await silentPrice(price + 1);
      expect(await priceOnA()).toBe(cached);
      const announced = price + 2;
      const patched = await call(b.url, 'PATCH', `/api/tools/${tool!._id}`, admin!.token, {
        price: announced,
      });
      expect(patched.status).toBe(200);
      const onA = await msUntil(async () => (await priceOnA()) === announced);
      console.log(
        `after the listener's reconnection, a change seen on A after ${onA.toFixed(1)} ms`,
      );
      expect(onA).toBeLessThan(ANNOUNCED_WITHIN_MS);
    } finally {
      await Promise.all(shops.map(stop));
      await client.end().catch(() => {});
      await database.drop();
    }
  }, 120_000);
});

const parentOf = (pid: number) =>
  Number(fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ')[1]);
/** Running: neither gone nor a zombie (an orphan waits for whoever reaps it, maybe forever). */
const alive = (pid: number) => {
  try {
    return fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]![0] !== 'Z';
  } catch {
    return false;
  }
};
const childrenOf = (pid: number) =>
  fs
    .readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8')
    .trim()
    .split(' ')
    .filter(Boolean)
    .map(Number);

/**
 * Runs `use` against a `WORKERS=2` shop on a new database. Afterwards every process is gone,
 * the workers `use` added to `workers` (a restarted one) included, and the database dropped.
 */
async function withTwoWorkers(
  env: Record<string, string>,
  use: (shop: ShopProcess, workers: Set<number>) => Promise<void>,
) {
  const database = await createEmptyPostgresDatabase();
  const shop = await startServerProcess({ ...shopEnv(database.url), WORKERS: '2', ...env }).catch(
    async (error: unknown) => {
      await database.drop();
      throw error;
    },
  );
  const workers = new Set(childrenOf(shop.child.pid!));
  try {
    await use(shop, workers);
  } finally {
    shop.child.kill('SIGKILL');
    for (const pid of workers) if (alive(pid)) process.kill(pid, 'SIGKILL');
    await shop.exited;
    await database.drop();
  }
}

describe.skipIf(!serverUrl)('WORKERS=2', () => {
  it('one command serves from two worker processes, restarts one that dies, and SIGTERM stops all', async () => {
    await withTwoWorkers({}, async (shop, workers) => {
      const primary = shop.child.pid!;
      /** The worker pids that logged a health request since `from` lines of output. */
      const answeringPids = async (count: number) => {
        const from = shop.output().stdout.length;
        for (let i = 0; i < count; i++) expect(await freshGet(`${shop.url}/api/health`)).toBe(200);
        await sleep(400); // log lines are written within 250 ms
        return new Set(
          logLines(shop.output().stdout.slice(from))
            .filter((line) => line.path === '/api/health')
            .map((line) => line.pid!),
        );
      };
      expect(shop.output().stdout).toMatch(/ready in \d+ ms: open http.*2 worker processes\)/);
      const first = [...(await answeringPids(20))];
      expect(first).toHaveLength(2);
      expect(new Set(first)).toEqual(workers);
      for (const pid of first) expect(parentOf(pid)).toBe(primary);

      // A worker killed outright is replaced; once the primary knows, the other one answers.
      process.kill(first[0]!, 'SIGKILL');
      const died = new RegExp(`worker ${first[0]} died \\(SIGKILL\\)`);
      expect(await msUntil(async () => died.test(shop.output().stderr), 5000)).toBeLessThan(
        Infinity,
      );
      expect(await freshGet(`${shop.url}/api/health`)).toBe(200);
      expect(
        await msUntil(async () => /worker \d+ started/.test(shop.output().stdout), 10_000),
      ).toBeLessThan(Infinity);
      const now = [...(await answeringPids(20))];
      expect(now).toHaveLength(2);
      expect(now).toContain(first[1]);
      for (const pid of now) workers.add(pid);

      const exited = await stop(shop);
      expect(exited.code).toBe(0);
      for (const pid of workers) expect(alive(pid)).toBe(false);
    });
  }, 120_000);
});

describe.skipIf(!serverUrl)('WORKERS=2 stopping', () => {
  it('waits for a worker finishing a request, and a second SIGTERM ends every process at once', async () => {
    await withTwoWorkers({ SHUTDOWN_TIMEOUT_MS: '30000' }, async (shop, workers) => {
      const port = Number(new URL(shop.url).port);
      const halfSent = net.connect(port, '127.0.0.1');
      try {
        expect(workers.size).toBe(2);
        // Headers without their closing blank line: the worker that took it waits for the rest.
        await new Promise<void>((resolve) => halfSent.once('connect', resolve));
        halfSent.on('error', () => {});
        halfSent.write('GET /api/health HTTP/1.1\r\nHost: 127.0.0.1\r\n');
        await sleep(200);

        shop.child.kill('SIGTERM');
        await sleep(1500);
        expect(shop.child.exitCode).toBeNull(); // still stopping, within its 30 s
        const began = performance.now();
        shop.child.kill('SIGTERM');
        const exited = await shop.exited;
        // "At once" against the 30 s the first SIGTERM allows: a bound well under it proves the
        // second one cut the wait short, and leaves room for a loaded CI machine (1.1 s seen).
        expect(performance.now() - began).toBeLessThan(5000);
        expect(exited.code).toBe(1);
        await sleep(100);
        for (const pid of workers) expect(alive(pid)).toBe(false);
      } finally {
        halfSent.destroy();
      }
    });
  }, 120_000);
});

/** A GET on a connection of its own: its status and body. */
const freshText = (url: string, headers: Record<string, string> = {}) =>
  new Promise<{ status: number; text: string }>((resolve, reject) => {
    const request = http
      .get(url, { agent: false, timeout: 10_000, headers }, (response) => {
        let text = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => (text += chunk));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, text }));
      })
      .on('error', reject);
    request.on('timeout', () => request.destroy(new Error(`no answer from ${url} within 10 s`)));
  });

describe.skipIf(!serverUrl)('WORKERS=2 metrics', () => {
  it('every scrape, whichever worker or port answers it, counts the requests of both workers', async () => {
    const metricsPort = await freePort();
    const token = 'cluster-metrics-token-0123456789';
    const healthAnswers = (text: string) =>
      samplesOf(text, 'http_requests_total', { route: '/api/health', status: '200' }).reduce(
        (sum, sample) => sum + sample.value,
        0,
      );
    const env = { METRICS_TOKEN: token, METRICS_PORT: String(metricsPort) };
    await withTwoWorkers(env, async (shop) => {
      const requests = 30;
      for (let i = 0; i < requests; i++) {
        expect(await freshGet(`${shop.url}/api/health`)).toBe(200);
      }
      await sleep(400); // log lines are written within 250 ms
      const answeredBy = new Set(
        logLines(shop.output().stdout)
          .filter((line) => line.path === '/api/health')
          .map((line) => line.pid),
      );
      expect(answeredBy.size).toBe(2);

      // Connections are handed to the workers in turn: these scrapes reach both.
      for (let scrape = 0; scrape < 4; scrape++) {
        const viaShop = await freshText(`${shop.url}/metrics`, {
          authorization: `Bearer ${token}`,
        });
        expect(viaShop.status).toBe(200);
        expect(healthAnswers(viaShop.text)).toBe(requests);
      }
      const viaPort = await freshText(`http://127.0.0.1:${metricsPort}/metrics`);
      expect(viaPort.status).toBe(200);
      expect(healthAnswers(viaPort.text)).toBe(requests);
      // Each worker's process figures are summed, not one worker's shown.
      expect(samplesOf(viaPort.text, 'process_cpu_seconds_total')).toHaveLength(1);
      expect((await freshText(`${shop.url}/metrics`)).status).toBe(401);

      const exited = await stop(shop);
      expect(exited.code).toBe(0);
    });
  }, 120_000);
});

describe.skipIf(!serverUrl)('WORKERS=2 metrics with a worker stuck', () => {
  it("answers 200 with the other worker's figures and counts the silent one", async () => {
    const metricsPort = await freePort();
    const scrape = () => freshText(`http://127.0.0.1:${metricsPort}/metrics`);
    await withTwoWorkers({ METRICS_PORT: String(metricsPort) }, async (shop, workers) => {
      const healthy = await scrape();
      expect(healthy.status).toBe(200);
      expect(samplesOf(healthy.text, 'shop_cluster_workers', { state: 'answering' })).toEqual([
        expect.objectContaining({ value: 2 }),
      ]);
      // A worker frozen (SIGSTOP): it cannot answer the primary, as one stuck would not.
      const [frozen] = [...workers];
      process.kill(frozen!, 'SIGSTOP');
      try {
        const began = performance.now();
        const stuck = await scrape();
        expect(stuck.status).toBe(200);
        // Within the wait for a silent worker (2 s), and some room for a loaded machine.
        expect(performance.now() - began).toBeLessThan(5000);
        for (const [state, value] of [
          ['answering', 1],
          ['silent', 1],
        ] as const) {
          expect(samplesOf(stuck.text, 'shop_cluster_workers', { state })).toEqual([
            expect.objectContaining({ value }),
          ]);
        }
        // The answering worker's own figures are there.
        expect(samplesOf(stuck.text, 'process_cpu_seconds_total')).toHaveLength(1);
      } finally {
        process.kill(frozen!, 'SIGCONT');
      }
      const thawed = await scrape();
      expect(samplesOf(thawed.text, 'shop_cluster_workers', { state: 'silent' })).toEqual([
        expect.objectContaining({ value: 0 }),
      ]);
      expect((await stop(shop)).code).toBe(0);
    });
  }, 120_000);
});

describe('WORKERS=2 on the embedded database', () => {
  it('is refused at the start, with the reason', async () => {
    const refused = await runEntry('src/index.ts', [], { WORKERS: '2', PORT: '0' }).exited;
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain('WORKERS: 2 processes need DATABASE_URL');
  }, 60_000);
});
