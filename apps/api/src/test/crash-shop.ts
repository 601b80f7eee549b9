import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { type Order, TOTAL_COUNT_HEADER } from '@shop/shared';
import pg from 'pg';
import type { TestDatabaseKind } from './databases';
import { freePort, groupGone, httpClient, killGroup, runEntry, startWithNpm } from './processes';

/** `npm start` as a user runs it (the test runner's environment, quieter). */
const startShop = (env: Record<string, string>) =>
  startWithNpm({ ...process.env, LOG_LEVEL: 'warn', ...env });

export const CRASH_ADMIN_EMAIL = 'admin@partsshop.com';

/**
 * The real shop for a crash test: `npm start` on a fresh database of `kind` (a data folder, or
 * a new database on TEST_DATABASE_URL's server), with an admin made by `npm run make-admin` as
 * an operator makes one. `kill9` kills it as a crash would and waits until every process of it
 * is gone; `start` starts it again on the same data. `cleanups` undo it all, last made first.
 */
export async function crashShop(kind: TestDatabaseKind, cleanups: (() => Promise<void>)[]) {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const env: Record<string, string> = {
    PORT: String(port),
    HOST: '127.0.0.1',
    PUBLIC_URL: base,
    ADMIN_EMAIL: CRASH_ADMIN_EMAIL,
    SEED_DEMO: 'false',
    AUTH_RATE_LIMIT_PER_MINUTE: '1000',
    // Clients keep buying until the kill: the unpaid-orders limit is not under test.
    MAX_UNPAID_ORDERS: '1000000',
  };
  if (kind === 'pglite') {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-crash-'));
    env.DATA_DIR = dataDir;
    cleanups.push(async () => fs.rmSync(dataDir, { recursive: true, force: true }));
  } else {
    const server = process.env.TEST_DATABASE_URL!;
    const name = `shop_crash_${randomUUID().replaceAll('-', '')}`;
    const admin = new pg.Client({ connectionString: server });
    await admin.connect();
    await admin.query(`create database ${name}`);
    await admin.end();
    const url = new URL(server);
    url.pathname = `/${name}`;
    env.DATABASE_URL = url.toString();
    env.AUTH_SECRET = 'crash-test-secret-crash-test-secret-0123';
    cleanups.push(async () => {
      const dropper = new pg.Client({ connectionString: server });
      await dropper.connect();
      await dropper.query(`drop database if exists ${name} with (force)`);
      await dropper.end();
    });
  }

  const { call, account } = httpClient(base);
  let shop = await startShop(env);
  cleanups.push(async () => {
    killGroup(shop.child, 'SIGKILL');
    await groupGone(shop.child);
  });
  const adminToken = await account(CRASH_ADMIN_EMAIL);
  // A password sign-up of ADMIN_EMAIL is a customer until `npm run make-admin` runs on the
  // server; the embedded database's folder is free for it only while the shop is stopped.
  if (kind === 'pglite') {
    killGroup(shop.child, 'SIGTERM');
    await shop.exited;
    await groupGone(shop.child);
  }
  const promoted = await runEntry('src/cli/make-admin.ts', [CRASH_ADMIN_EMAIL], env).exited;
  if (promoted.code !== 0) throw new Error(`make-admin failed: ${promoted.stderr}`);
  if (kind === 'pglite') shop = await startShop(env);

  return {
    base,
    call,
    account,
    adminToken,
    async kill9() {
      killGroup(shop.child, 'SIGKILL');
      await shop.exited;
      await groupGone(shop.child);
    },
    async start() {
      shop = await startShop(env);
    },
    /** Every order, as an admin lists them, a page of the largest size at a time. */
    async allOrders(): Promise<Order[]> {
      const all: Order[] = [];
      for (let page = 1; ; page++) {
        const answer = await call('GET', `/api/allPurchase?limit=100&page=${page}`, adminToken);
        const orders = (await answer.json()) as Order[];
        all.push(...orders);
        if (orders.length === 0 || all.length >= Number(answer.headers.get(TOTAL_COUNT_HEADER))) {
          return all;
        }
      }
    },
    async stop() {
      killGroup(shop.child, 'SIGTERM');
      await shop.exited;
    },
  };
}
