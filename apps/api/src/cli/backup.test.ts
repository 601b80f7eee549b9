/**
 * `npm run backup` and `npm run restore` as an operator runs them: a backup of the running
 * shop while customers keep buying, restored into a new folder on which the shop starts again;
 * a backup with the shop stopped; and every refusal, with its message and exit code.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Order } from '@shop/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUTH_SECRET_FILE, encodeBackup, IMAGES_FOLDER } from '../db/backup';
import { migrateToLatest, openDatabase } from '../db/database';
import { httpClient, runEntry, startServerProcess } from '../test/processes';
import { DELIVERY } from '../test/shop';

const root = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-backup-cli-'));
const dataDir = path.join(root, 'data');
const cleanups: (() => Promise<unknown>)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  fs.rmSync(root, { recursive: true, force: true });
});

const STOCK = { 'Backup Fan': 100_000, 'Backup Paste': 50_000 };
const BUYERS = 8;
/** A product image's file in the shop's images folder (DATA_DIR/images). */
const IMAGE_NAME = `${'c'.repeat(64)}-800.webp`;
const IMAGE_BYTES = Buffer.from('RIFF\x00\x00\x00\x00WEBPVP8 a picture of a fan', 'latin1');
const shopEnv = {
  DATA_DIR: dataDir,
  SEED_DEMO: 'false',
  AUTH_RATE_LIMIT_PER_MINUTE: '1000',
  // Buyers keep buying through the backup: the unpaid-orders limit is not under test.
  MAX_UNPAID_ORDERS: '1000000',
};

const backup = (file: string, env: Record<string, string> = { DATA_DIR: dataDir }) =>
  runEntry('src/cli/backup.ts', [file], env).exited;
const restore = (args: string[], env: Record<string, string> = {}) =>
  runEntry('src/cli/restore.ts', args, { DATA_DIR: path.join(root, 'unused'), ...env }).exited;

/** What a restored folder holds: its orders, and each tool's stock. */
async function readFolder(folder: string) {
  const database = await openDatabase({ dataDir: folder });
  try {
    const orders = await database.db
      .selectFrom('orders')
      .select(['id', 'tool_name', 'quantity', 'status'])
      .execute();
    const tools = await database.db
      .selectFrom('tools')
      .select(['name', 'available_quantity'])
      .execute();
    return { orders, tools };
  } finally {
    await database.close();
  }
}

/** For every tool: its starting stock less what its standing orders hold is its stock now. */
function expectStockAgreesWithOrders({ orders, tools }: Awaited<ReturnType<typeof readFolder>>) {
  expect(tools.map((tool) => tool.name).sort()).toEqual(Object.keys(STOCK).sort());
  for (const tool of tools) {
    const held = orders
      .filter((order) => order.tool_name === tool.name && order.status !== 'cancelled')
      .reduce((sum, order) => sum + order.quantity, 0);
    expect(tool.available_quantity, tool.name).toBe(STOCK[tool.name as keyof typeof STOCK] - held);
  }
}

beforeAll(async () => {
  // The catalogue, made before the shop starts: plenty of stock, so no purchase is refused.
  const database = await openDatabase({ dataDir });
  await migrateToLatest(database.db);
  await database.db
    .insertInto('tools')
    .values(
      Object.entries(STOCK).map(([name, stock]) => ({
        name,
        img: '/images/tools/cooling-fan.svg',
        description: 'bought during a backup',
        min_order_quantity: 1,
        available_quantity: stock,
        price_cents: 250,
      })),
    )
    .execute();
  await database.close();
  fs.mkdirSync(path.join(dataDir, IMAGES_FOLDER));
  fs.writeFileSync(path.join(dataDir, IMAGES_FOLDER, IMAGE_NAME), IMAGE_BYTES);
}, 60_000);

describe('npm run backup while the shop runs, then npm run restore', () => {
  it('keeps every purchase acknowledged before the backup began, and stock agrees with orders', async () => {
    const shop = await startServerProcess(shopEnv);
    cleanups.push(async () => {
      shop.child.kill('SIGKILL');
      await shop.exited;
    });
    const { call, account } = httpClient(shop.url);
    const tools = (await (await call('GET', '/api/tools')).json()) as { _id: string }[];
    const toolIds = tools.map((tool) => tool._id);
    expect(toolIds).toHaveLength(2);
    const buyers = await Promise.all(
      Array.from({ length: BUYERS }, (_, i) => account(`buyer${i}@example.com`)),
    );

    // Buyers buy without pause until told to stop; each 201 is noted with its time.
    const acknowledged: { id: string; at: number }[] = [];
    let buying = true;
    const load = buyers.map(async (token, index) => {
      for (let round = 0; buying; round++) {
        const response = await call('POST', '/api/purchase', token, {
          toolId: toolIds[(index + round) % 2],
          quantity: (round % 3) + 1,
          ...DELIVERY,
          address: 'Backup Street 1',
        });
        if (response.status === 201) {
          acknowledged.push({ id: ((await response.json()) as Order)._id, at: performance.now() });
        } else {
          throw new Error(`purchase answered ${response.status}: ${await response.text()}`);
        }
      }
    });
    await new Promise((resolve) => setTimeout(resolve, 1500));
    // Only the owner of the data (and root) may reach the socket that hands out copies.
    expect(fs.statSync(path.join(dataDir, 'control')).mode & 0o777).toBe(0o700);

    const file = path.join(root, 'running.backup');
    const backupAsked = performance.now();
    const backedUp = await backup(file);
    const backupDone = performance.now();
    const duringBackup = acknowledged.filter(
      (order) => order.at > backupAsked && order.at < backupDone,
    ).length;
    // Purchases go on for a moment after the copy, then stop.
    await new Promise((resolve) => setTimeout(resolve, 300));
    buying = false;
    await Promise.all(load);

    expect(backedUp.code, backedUp.stderr).toBe(0);
    expect(backedUp.stdout).toMatch(
      /^Backup written to .*running\.backup \(from the running shop\) in \d+ ms: [\d.]+ MB, 2 tools, (\d+) orders, 8 users \(schema \d{4}-[\w-]+\)\.\n$/,
    );
    const before = acknowledged.filter((order) => order.at < backupAsked);
    expect(before.length).toBeGreaterThan(20);
    // The shop kept selling while the backup was taken.
    expect(duringBackup).toBeGreaterThan(0);

    const restoredDir = path.join(root, 'restored');
    const restored = await restore([file, '--data-dir', restoredDir]);
    expect(restored.code, restored.stderr).toBe(0);
    expect(restored.stdout).toContain(`into ${restoredDir}`);
    const folder = await readFolder(restoredDir);
    const restoredIds = new Set(folder.orders.map((order) => order.id));
    expect(before.filter((order) => !restoredIds.has(order.id))).toEqual([]);
    const listed = Number(/, (\d+) orders,/.exec(backedUp.stdout)![1]);
    expect(folder.orders).toHaveLength(listed);
    expectStockAgreesWithOrders(folder);
    // Later purchases are not in it, and the live shop has them all.
    expect(acknowledged.length).toBeGreaterThan(listed);

    // The shop starts on the restored folder: a buyer's session from before still works.
    const again = await startServerProcess({ ...shopEnv, DATA_DIR: restoredDir });
    cleanups.push(async () => {
      again.child.kill('SIGKILL');
      await again.exited;
    });
    const mine = await httpClient(again.url).call(
      'GET',
      '/api/purchase?userEmail=buyer0@example.com',
      buyers[0],
    );
    expect(mine.status).toBe(200);
    // And serves the product images it had.
    const image = await fetch(`${again.url}/images/parts/${IMAGE_NAME}`);
    expect(image.status).toBe(200);
    expect(Buffer.from(await image.arrayBuffer()).equals(IMAGE_BYTES)).toBe(true);
    again.child.kill('SIGTERM');
    expect((await again.exited).code).toBe(0);

    // With the shop stopped, the command copies the folder itself.
    shop.child.kill('SIGTERM');
    expect((await shop.exited).code).toBe(0);
    const stoppedFile = path.join(root, 'stopped.backup');
    const stopped = await backup(stoppedFile);
    expect(stopped.code, stopped.stderr).toBe(0);
    expect(stopped.stdout).toContain(`(with the shop stopped) in`);
    expect(stopped.stdout).toContain(`, ${acknowledged.length} orders, 8 users`);
    const restoredStopped = path.join(root, 'restored-stopped');
    expect((await restore([stoppedFile, '--data-dir', restoredStopped])).code).toBe(0);
    const all = await readFolder(restoredStopped);
    expect(all.orders.map((order) => order.id).sort()).toEqual(
      acknowledged.map((order) => order.id).sort(),
    );
    expectStockAgreesWithOrders(all);
    expect(fs.existsSync(path.join(restoredStopped, AUTH_SECRET_FILE))).toBe(true);
    expect(fs.readdirSync(path.join(restoredStopped, IMAGES_FOLDER))).toEqual([IMAGE_NAME]);
  }, 240_000);
});

describe('the commands refuse, with a message and exit code 1', () => {
  it('explains every refusal', async () => {
    const source = await openDatabase({ dataDir: path.join(root, 'refusal-source') });
    await migrateToLatest(source.db);
    const data = encodeBackup(await source.backup!());
    await source.close();
    const good = path.join(root, 'good.backup');
    fs.writeFileSync(good, data);
    const corrupt = path.join(root, 'corrupt.backup');
    data[data.length - 500] = data[data.length - 500]! ^ 0xff;
    fs.writeFileSync(corrupt, data);
    const occupied = path.join(root, 'occupied');
    fs.mkdirSync(occupied);
    fs.writeFileSync(path.join(occupied, 'keep.txt'), 'keep');
    const emptyDataDir = path.join(root, 'never-used');
    const heldDir = path.join(root, 'held');
    const held = await openDatabase({ dataDir: heldDir }); // a shop that offers no socket
    cleanups.push(() => held.close());

    const [
      nonEmpty,
      damaged,
      missing,
      notBackup,
      restoreUsage,
      restorePostgres,
      postgres,
      backupUsage,
      nothing,
      inUse,
    ] = await Promise.all([
      restore([good, '--data-dir', occupied]),
      restore([corrupt, '--data-dir', path.join(root, 'r1')]),
      restore([path.join(root, 'no-such.backup'), '--data-dir', path.join(root, 'r2')]),
      restore([path.join(occupied, 'keep.txt'), '--data-dir', path.join(root, 'r3')]),
      restore([]),
      restore([good], { DATABASE_URL: 'postgres://shop@127.0.0.1:1/shop' }),
      backup(path.join(root, 'pg.backup'), {
        DATA_DIR: dataDir,
        DATABASE_URL: 'postgres://shop@127.0.0.1:1/shop',
      }),
      runEntry('src/cli/backup.ts', [], { DATA_DIR: dataDir }).exited,
      backup(path.join(root, 'empty.backup'), { DATA_DIR: emptyDataDir }),
      backup(path.join(root, 'held.backup'), { DATA_DIR: heldDir }),
    ]);

    expect(nonEmpty).toMatchObject({ code: 1, stdout: '' });
    expect(nonEmpty.stderr).toMatch(
      /^Nothing restored: .*occupied is not empty \(it holds keep\.txt\)/,
    );
    expect(fs.readdirSync(occupied)).toEqual(['keep.txt']);
    expect(damaged.code).toBe(1);
    expect(damaged.stderr).toContain('Nothing restored: This backup is damaged: the checksum');
    expect(missing.code).toBe(1);
    expect(missing.stderr).toContain('Nothing restored: There is no file');
    expect(notBackup.code).toBe(1);
    expect(notBackup.stderr).toContain('This file is not a backup of the shop');
    expect(restoreUsage.code).toBe(2);
    expect(restoreUsage.stderr).toContain('Usage: npm run restore -- FILE [--data-dir DIR]');
    for (const folder of ['r1', 'r2', 'r3'])
      expect(fs.existsSync(path.join(root, folder))).toBe(false);
    expect(fs.readdirSync(root).filter((name) => name.startsWith('.'))).toEqual([]);

    expect(restorePostgres.code).toBe(1);
    expect(restorePostgres.stderr).toContain('restored with pg_restore');
    expect(fs.existsSync(path.join(root, 'unused'))).toBe(false);
    expect(postgres.code).toBe(1);
    expect(postgres.stderr).toContain('DATABASE_URL is set');
    expect(postgres.stderr).toContain('pg_dump');
    expect(backupUsage.code).toBe(2);
    expect(backupUsage.stderr).toContain('Usage: npm run backup -- FILE');
    expect(nothing.code).toBe(1);
    expect(nothing.stderr).toContain('There is no shop database in');
    expect(fs.existsSync(emptyDataDir)).toBe(false);
    expect(inUse.code).toBe(1);
    expect(inUse.stderr).toContain('is in use by another shop server');
    expect(inUse.stderr).toContain('stop it, run the backup, start it again');
    for (const file of ['pg.backup', 'empty.backup', 'held.backup'])
      expect(fs.existsSync(path.join(root, file))).toBe(false);
  }, 120_000);
});
