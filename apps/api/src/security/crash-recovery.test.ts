/**
 * Crash recovery (issue 8): the real server, started with `npm start` as a user would, takes
 * purchases from many clients, is killed with SIGKILL mid-load, and restarts. Every purchase
 * that got a 201 must be there once, and stock plus units sold must equal the starting stock.
 * Each purchase carries an Idempotency-Key (issue 13): a purchase the kill left unanswered is
 * retried after the restart with its key, and gives exactly one order, whether or not it was
 * committed before the kill.
 */
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { type Order, type Tool, TOTAL_COUNT_HEADER } from '@shop/shared';
import pg from 'pg';
import { afterAll, expect, it } from 'vitest';
import { describeEachDatabase } from '../test/databases';
import {
  freePort,
  groupGone,
  httpClient,
  killGroup,
  runEntry,
  startWithNpm,
} from '../test/processes';
import { DELIVERY } from '../test/shop';

const STARTING_STOCK = 100_000;
const CLIENTS = 16;
const cleanups: (() => Promise<void>)[] = [];
// Last made, first undone: the shop stops before its data folder is removed (a shop still
// running writes its outbox there while the folder is being removed: ENOTEMPTY).
afterAll(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/** `npm start` as a user runs it (the test runner's environment, quieter). */
const startShop = (env: Record<string, string>) =>
  startWithNpm({ ...process.env, LOG_LEVEL: 'warn', ...env });

describeEachDatabase('a crash mid-load loses nothing', (kind) => {
  it('keeps every acknowledged purchase, once, and the stock adds up', async () => {
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    const env: Record<string, string> = {
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: base,
      ADMIN_EMAIL: 'admin@partsshop.com',
      SEED_DEMO: 'false',
      AUTH_RATE_LIMIT_PER_MINUTE: '1000',
      // Each client keeps buying until the kill: the unpaid-orders limit is not under test.
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
    const purchaseWithKey = (token: string, key: string, body: unknown) =>
      fetch(`${base}/api/purchase`, {
        method: 'POST',
        headers: {
          Origin: base,
          Authorization: `Bearer ${token}`,
          'Content-Type': 'application/json',
          'Idempotency-Key': key,
        },
        body: JSON.stringify(body),
      });
    const purchaseBody = (quantity: number) => ({
      toolId: tool._id,
      quantity,
      ...DELIVERY,
      address: 'Crash Lane 1',
    });

    let shop = await startShop(env);
    cleanups.push(async () => {
      killGroup(shop.child, 'SIGKILL');
      await groupGone(shop.child);
    });
    const adminToken = await account('admin@partsshop.com');
    // A password sign-up of ADMIN_EMAIL is a customer until `npm run make-admin` runs on the
    // server; the embedded database's folder is free for it only while the shop is stopped.
    if (kind === 'pglite') {
      killGroup(shop.child, 'SIGTERM');
      await shop.exited;
      await groupGone(shop.child);
    }
    const promoted = await runEntry('src/cli/make-admin.ts', ['admin@partsshop.com'], env).exited;
    expect(promoted.code, promoted.stderr).toBe(0);
    if (kind === 'pglite') shop = await startShop(env);
    const tool = (await (
      await call('POST', '/api/tools', adminToken, {
        name: 'Crash Test Fan',
        description: 'Bought under fire',
        minOrderQuantity: 1,
        availableQuantity: STARTING_STOCK,
        price: 3,
        img: '/images/tools/cooling-fan.svg',
      })
    ).json()) as Tool;
    const buyers = await Promise.all(
      Array.from({ length: CLIENTS }, (_, i) => account(`buyer${i}x${port}@example.com`)),
    );

    // One purchase answered before the kill: its retry after the restart must answer it again.
    const answeredBefore = (await (
      await purchaseWithKey(buyers[0]!, 'before-the-kill', purchaseBody(1))
    ).json()) as Order;

    // Many clients buy until the server dies under them.
    const acknowledged: { id: string; quantity: number }[] = [
      { id: answeredBefore._id, quantity: 1 },
    ];
    const unanswered: { token: string; key: string; quantity: number }[] = [];
    let dead = false;
    const clients = buyers.map(async (token, index) => {
      let round = 0;
      while (!dead) {
        const quantity = ((index + round) % 3) + 1;
        const key = `client-${index}-round-${round++}`;
        try {
          const response = await purchaseWithKey(token, key, purchaseBody(quantity));
          if (response.status === 201)
            acknowledged.push({ id: ((await response.json()) as Order)._id, quantity });
        } catch {
          unanswered.push({ token, key, quantity });
          return; // the connection died with the server
        }
      }
    });
    await new Promise((resolve) => setTimeout(resolve, 1500));
    killGroup(shop.child, 'SIGKILL');
    dead = true;
    await Promise.all(clients);
    await shop.exited;
    await groupGone(shop.child);
    expect(acknowledged.length).toBeGreaterThan(10);

    shop = await startShop(env);
    // The client retries what got no answer, with the same key and purchase.
    const replayedBefore = await purchaseWithKey(buyers[0]!, 'before-the-kill', purchaseBody(1));
    expect(replayedBefore.status).toBe(201);
    expect(replayedBefore.headers.get('Idempotent-Replayed')).toBe('true');
    expect(((await replayedBefore.json()) as Order)._id).toBe(answeredBefore._id);
    let committedUnanswered = 0;
    for (const { token, key, quantity } of unanswered) {
      const retried = await purchaseWithKey(token, key, purchaseBody(quantity));
      expect(retried.status).toBe(201);
      if (retried.headers.get('Idempotent-Replayed') === 'true') committedUnanswered += 1;
      acknowledged.push({ id: ((await retried.json()) as Order)._id, quantity });
    }
    // Every order, a page of the largest size at a time.
    const all: Order[] = [];
    for (let page = 1; ; page++) {
      const answer = await call('GET', `/api/allPurchase?limit=100&page=${page}`, adminToken);
      const orders = (await answer.json()) as Order[];
      all.push(...orders);
      if (orders.length === 0 || all.length >= Number(answer.headers.get(TOTAL_COUNT_HEADER))) {
        break;
      }
    }
    // One order per key: none lost, none doubled by a retry.
    expect(all.length).toBe(acknowledged.length);
    const ids = all.map((order) => order._id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const { id, quantity } of acknowledged) {
      expect(all.filter((order) => order._id === id).map((order) => order.quantity)).toEqual([
        quantity,
      ]);
    }
    const stock = ((await (await call('GET', `/api/tools/${tool._id}`)).json()) as Tool)
      .availableQuantity;
    const sold = all
      .filter((order) => order.toolId === tool._id)
      .reduce((sum, order) => sum + order.quantity, 0);
    expect(stock + sold).toBe(STARTING_STOCK);
    console.log(
      `crash recovery [${kind}]: ${acknowledged.length - unanswered.length} acknowledged, ` +
        `${unanswered.length} retried after the restart (${committedUnanswered} had been ` +
        `committed before the kill), ${all.length} found after restart`,
    );

    killGroup(shop.child, 'SIGTERM');
    await shop.exited;
  }, 300_000);
});
