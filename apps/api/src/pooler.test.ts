/**
 * The shop behind pgbouncer in transaction mode (issue 37), with only DATABASE_URL set and with
 * DATABASE_DIRECT_URL too: it starts, migrates once whatever starts at the same instant, leaves
 * no advisory lock behind, its statement timeout holds through the pooler, and it knows whether
 * it hears its announcements.
 */
import type { Tool } from '@shop/shared';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrations } from './db/migrations';
import { createEmptyPostgresDatabase } from './test/databases';
import { type Pgbouncer, pgbouncerUnavailable, startPgbouncer } from './test/pgbouncer';
import { httpClient, runEntry, startServerProcess } from './test/processes';
import { DELIVERY, toolInput } from './test/shop';

const unavailable = pgbouncerUnavailable();
const SECRET = 'pooler-test-secret-pooler-test-secret-01';

/** The log lines a process wrote as JSON. */
const logLines = (stdout: string) =>
  stdout
    .split('\n')
    .filter((line) => line.startsWith('{'))
    .map((line) => JSON.parse(line) as { msg: string });

/** One query on the server itself, never through the pooler. */
async function direct<T extends pg.QueryResultRow>(url: string, text: string, values?: unknown[]) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query<T>(text, values)).rows;
  } finally {
    await client.end();
  }
}

describe.skipIf(unavailable)('behind pgbouncer in transaction mode', () => {
  let pooler: Pgbouncer;
  beforeAll(async () => {
    pooler = await startPgbouncer();
  });
  afterAll(() => pooler?.stop());

  /**
   * An empty database, and the settings of a shop that reaches it through the pooler (and
   * directly too, `withDirect`).
   */
  async function pooledDatabase(withDirect: boolean, settings: Record<string, string> = {}) {
    const database = await createEmptyPostgresDatabase();
    const name = new URL(database.url).pathname.slice(1);
    const env = {
      DATABASE_URL: pooler.urlOf(name),
      ...(withDirect ? { DATABASE_DIRECT_URL: database.url } : {}),
      AUTH_SECRET: SECRET,
      SEED_DEMO: 'false',
      ...settings,
    };
    return { database, env };
  }

  it.each([
    ['DATABASE_URL only', false],
    ['DATABASE_DIRECT_URL too', true],
  ])(
    'three processes (one with WORKERS=2) started at once on an empty database, %s: all ready, migrated once, no lock left; make-admin finishes',
    async (_name, withDirect) => {
      for (let round = 0; round < 3; round++) {
        const { database, env } = await pooledDatabase(withDirect, { LOG_LEVEL: 'info' });
        const shops = await Promise.all([
          startServerProcess(env),
          startServerProcess(env),
          startServerProcess({ ...env, WORKERS: '2' }),
        ]).catch(async (error: unknown) => {
          await database.drop();
          throw error;
        });
        try {
          for (const shop of shops) expect((await fetch(`${shop.url}/api/ready`)).status).toBe(200);
          const migrated = shops.flatMap((shop) =>
            logLines(shop.output().stdout).filter((line) => line.msg === 'database migrated'),
          );
          expect(migrated, `round ${round}`).toHaveLength(1);
          const applied = await direct(database.url, 'select name from kysely_migration');
          expect(applied).toHaveLength(Object.keys(migrations).length);
          const locks = await direct<{ n: number }>(
            database.url,
            "select count(*)::int as n from pg_locks where locktype = 'advisory'",
          );
          expect(locks[0]!.n, `round ${round}`).toBe(0);

          const made = runEntry('src/cli/make-admin.ts', ['owner@example.com'], env);
          const timer = setTimeout(() => made.child.kill('SIGKILL'), 60_000);
          const exited = await made.exited;
          clearTimeout(timer);
          expect(exited.signal, exited.stderr).toBeNull();
        } finally {
          for (const shop of shops) shop.child.kill('SIGKILL');
          await Promise.all(shops.map((shop) => shop.exited));
          await database.drop();
        }
      }
    },
    300_000,
  );

  it('says once, in the log and in /api/ready, that it hears no announcements through the pooler; with DATABASE_DIRECT_URL it hears them', async () => {
    const { database, env } = await pooledDatabase(false);
    const deaf = await startServerProcess(env);
    const hearing = await startServerProcess({ ...env, DATABASE_DIRECT_URL: database.url });
    try {
      const readyOf = async (url: string) =>
        (await (await fetch(`${url}/api/ready`)).json()) as { announcements?: string };
      expect(await readyOf(deaf.url)).toEqual({ status: 'ready', announcements: 'not heard' });
      expect(await readyOf(hearing.url)).toEqual({ status: 'ready', announcements: 'heard' });
      const warned = (stdout: string) =>
        logLines(stdout).filter((line) => line.msg.startsWith('cache announcements are not heard'));
      expect(warned(deaf.output().stdout)).toHaveLength(1);
      expect(warned(hearing.output().stdout)).toHaveLength(0);
    } finally {
      for (const shop of [deaf, hearing]) shop.child.kill('SIGKILL');
      await Promise.all([deaf.exited, hearing.exited]);
      await database.drop();
    }
  }, 120_000);

  it.each([
    ['with DATABASE_DIRECT_URL, announced within 100 ms', true],
    ['with DATABASE_URL only, at once: no token is cached', false],
  ])(
    'a sign-out through one process is refused by another, %s',
    async (_name, withDirect) => {
      const { database, env } = await pooledDatabase(withDirect, {
        AUTH_RATE_LIMIT_PER_MINUTE: '1000',
      });
      const first = await startServerProcess(env);
      const second = await startServerProcess(env);
      try {
        const email = 'pool-signout@example.com';
        const token = await httpClient(first.url).account(email);
        const check = async () =>
          (await httpClient(second.url).call('GET', `/api/admin/${email}`, token)).status;
        // The second process has now seen the token (and caches its caller when it may).
        for (let i = 0; i < 3; i++) expect(await check()).toBe(200);
        expect((await httpClient(first.url).call('DELETE', '/api/token', token)).status).toBe(204);
        const started = performance.now();
        let status = await check();
        while (status !== 401 && performance.now() - started < 5000) status = await check();
        const ms = performance.now() - started;
        expect(status).toBe(401);
        if (withDirect) expect(ms).toBeLessThan(100);
        else expect(ms).toBeLessThan(50); // the first check after the sign-out: nothing cached
      } finally {
        for (const shop of [first, second]) shop.child.kill('SIGKILL');
        await Promise.all([first.exited, second.exited]);
        await database.drop();
      }
    },
    120_000,
  );

  it('a purchase behind a row lock is cut at the timeout (503), PostgreSQL stops waiting; 100 buyers at once for 20 buy 20', async () => {
    const admin = 'pool-admin@example.com';
    const { database, env } = await pooledDatabase(false, {
      ADMIN_EMAIL: admin,
      MAX_UNPAID_ORDERS: '100',
      AUTH_RATE_LIMIT_PER_MINUTE: '1000',
    });
    const shop = await startServerProcess(env);
    const locker = new pg.Client({ connectionString: database.url });
    try {
      const { call, account } = httpClient(shop.url);
      const adminToken = await account(admin);
      const made = await runEntry('src/cli/make-admin.ts', [admin], env).exited;
      expect(made.code, made.stderr).toBe(0);
      const tool = (await (
        await call(
          'POST',
          '/api/tools',
          adminToken,
          toolInput({ name: 'Pooled Fan', minOrderQuantity: 1, availableQuantity: 20 }),
        )
      ).json()) as Tool;
      const buyer = await account('pool-buyer@example.com');

      await locker.connect();
      await locker.query('begin');
      await locker.query('select id from tools where id = $1 for update', [tool._id]);
      const started = performance.now();
      const held = await call('POST', '/api/purchase', buyer, {
        toolId: tool._id,
        quantity: 1,
        ...DELIVERY,
      });
      expect(held.status).toBe(503);
      expect(performance.now() - started).toBeLessThan(3000);
      const waiting = async () =>
        (
          await locker.query<{ n: number }>(
            "select count(*)::int as n from pg_stat_activity where wait_event_type = 'Lock'",
          )
        ).rows[0]!.n;
      await expect.poll(waiting, { timeout: 500, interval: 20 }).toBe(0);
      await locker.query('rollback');

      // 100 buyers at once for the 20 in stock: exactly 20 sold, the rest told it is gone.
      const buyers = await Promise.all(
        Array.from({ length: 10 }, (_, i) => account(`pool-buyer-${i}@example.com`)),
      );
      const answers = await Promise.all(
        Array.from({ length: 100 }, (_, i) =>
          call('POST', '/api/purchase', buyers[i % buyers.length], {
            toolId: tool._id,
            quantity: 1,
            ...DELIVERY,
          }),
        ),
      );
      const statuses = answers.map((answer) => answer.status);
      expect(statuses.filter((status) => status === 201)).toHaveLength(20);
      expect(statuses.filter((status) => status !== 201 && status !== 409)).toEqual([]);
      const [left] = await direct<{ available_quantity: number }>(
        database.url,
        'select available_quantity from tools where id = $1',
        [tool._id],
      );
      expect(left!.available_quantity).toBe(0);
    } finally {
      await locker.end().catch(() => {});
      shop.child.kill('SIGKILL');
      await shop.exited;
      await database.drop();
    }
  }, 120_000);
});
