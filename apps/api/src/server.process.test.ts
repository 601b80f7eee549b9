import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Tool } from '@shop/shared';
import { afterAll, describe, expect, it } from 'vitest';
import { LOCK_FOLDER } from './db/data-dir-lock';
import { readyProbePath } from './modules/health/health.routes';
import { httpClient, kill9, runEntry, startServerProcess } from './test/processes';
import { DELIVERY } from './test/shop';

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-process-'));
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

describe('the server process on a data folder', () => {
  it('replays the catalogue from memory, yet shows a purchase or an admin change at once; a password sign-up of ADMIN_EMAIL is admin only after make-admin', async () => {
    const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-replay-'));
    const env = {
      DATA_DIR: folder,
      ADMIN_EMAIL: 'admin@partsshop.com',
      CATALOGUE_CACHE_MS: '60000',
    };
    let server = await startServerProcess(env);
    try {
      const { call, account } = httpClient(server.url);
      // As a browser reads it on the same site: no Origin header.
      const catalogue = async (url: string) =>
        (await (await fetch(`${url}/api/tools`)).json()) as Tool[];
      const first = await catalogue(server.url);
      expect(await catalogue(server.url)).toEqual(first);
      const tool = first[0]!;

      const buyer = await account('replay-buyer@example.com');
      const bought = await call('POST', '/api/purchase', buyer, {
        toolId: tool._id,
        quantity: tool.minOrderQuantity,
        ...DELIVERY,
        address: '1 Replay Street, Springfield',
      });
      expect(bought.status).toBe(201);
      const afterPurchase = (await catalogue(server.url))[0]!;
      expect(afterPurchase.availableQuantity).toBe(tool.availableQuantity - tool.minOrderQuantity);

      // Signing ADMIN_EMAIL up with a password on a fresh shop does not make it admin...
      const admin = await account('admin@partsshop.com');
      const check = await call('GET', '/api/admin/admin@partsshop.com', admin);
      expect(await check.json()).toEqual({ admin: false });
      expect((await call('PATCH', `/api/tools/${tool._id}`, admin, { price: 1 })).status).toBe(403);

      // ...until the documented step: stop the server, `npm run make-admin -- EMAIL`, start.
      server.child.kill('SIGTERM');
      await server.exited;
      const promoted = await runEntry('src/cli/make-admin.ts', ['admin@partsshop.com'], env).exited;
      expect(promoted.code, promoted.stderr).toBe(0);
      expect(promoted.stdout).toContain('admin@partsshop.com is now an admin.');
      server = await startServerProcess(env);

      const again = httpClient(server.url);
      expect(await catalogue(server.url)).toEqual(await catalogue(server.url));
      const repriced = await again.call('PATCH', `/api/tools/${tool._id}`, admin, {
        price: 123.45,
      });
      expect(repriced.status).toBe(200);
      expect((await catalogue(server.url))[0]!.price).toBe(123.45);
    } finally {
      server.child.kill('SIGTERM');
      await server.exited;
      fs.rmSync(folder, { recursive: true, force: true });
    }
  }, 120_000);

  it('refuses a second server on the folder, and recovers after kill -9 with the data intact', async () => {
    const first = await startServerProcess({ DATA_DIR: dataDir });
    const before = (await (await fetch(`${first.url}/api/tools?limit=100`)).json()) as Tool[];
    expect(before.length).toBeGreaterThanOrEqual(8);

    const second = runEntry('src/index.ts', [], { DATA_DIR: dataDir, PORT: '0' });
    const refused = await second.exited;
    expect(refused.code).not.toBe(0);
    expect(refused.stderr).toContain(dataDir);
    expect(refused.stderr).toContain('in use');

    await kill9(first.child, first.exited);

    const third = await startServerProcess({ DATA_DIR: dataDir });
    try {
      const after = (await (await fetch(`${third.url}/api/tools?limit=100`)).json()) as Tool[];
      expect(after).toEqual(before);
      // Not ready while its data folder cannot be written: a full disk, made so for root too
      // by pointing its probe file at /dev/full (health.test.ts shows the other cases).
      const probe = readyProbePath(dataDir, third.child.pid);
      fs.symlinkSync('/dev/full', probe);
      try {
        expect((await fetch(`${third.url}/api/ready`)).status).toBe(503);
      } finally {
        fs.unlinkSync(probe);
      }
      expect((await fetch(`${third.url}/api/ready`)).status).toBe(200);
    } finally {
      third.child.kill('SIGTERM');
      const stopped = await third.exited;
      expect(stopped.code).toBe(0);
    }
    // A clean stop releases the folder: its newest lock record says so.
    const records = fs
      .readdirSync(path.join(dataDir, LOCK_FOLDER))
      .filter((name) => /^\d+$/.test(name));
    const newest = Math.max(...records.map(Number));
    expect(
      JSON.parse(fs.readFileSync(path.join(dataDir, LOCK_FOLDER, String(newest)), 'utf8')),
    ).toEqual({
      released: true,
    });
  }, 120_000);

  it('stops at start with a clear message for a bad setting', async () => {
    const run = runEntry('src/index.ts', [], { DATA_DIR: dataDir, PORT: 'eighty' });
    const exit = await run.exited;
    expect(exit.code).toBe(1);
    expect(exit.stderr).toContain('PORT: must be a port number');
  }, 60_000);
});
