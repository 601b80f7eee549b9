import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Tool } from '@shop/shared';
import { afterAll, describe, expect, it } from 'vitest';
import { kill9, runEntry, startServerProcess } from './test/processes';

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-process-'));
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

describe('the server process on a data folder', () => {
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
    } finally {
      third.child.kill('SIGTERM');
      const stopped = await third.exited;
      expect(stopped.code).toBe(0);
    }
    // A clean stop releases the folder.
    expect(fs.existsSync(path.join(dataDir, 'shop.lock'))).toBe(false);
  }, 120_000);

  it('stops at start with a clear message for a bad setting', async () => {
    const run = runEntry('src/index.ts', [], { DATA_DIR: dataDir, PORT: 'eighty' });
    const exit = await run.exited;
    expect(exit.code).toBe(1);
    expect(exit.stderr).toContain('PORT: must be a port number');
  }, 60_000);
});
