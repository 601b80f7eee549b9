/**
 * The socket through which `npm run backup` asks the running shop for a copy: only the data's
 * owner can reach it, backups asked together share one copy, and a failure reaches the asker.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { CONTROL_FOLDER, backupSocketPath, requestBackup, serveBackups } from './backup-channel';

const root = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-channel-'));
afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

describe('the backup socket', () => {
  it('is in a folder only its owner can open, and hands one copy to askers at the same time', async () => {
    const dataDir = path.join(root, 'data');
    let copies = 0;
    const channel = await serveBackups(
      dataDir,
      async () => {
        copies++;
        await new Promise((resolve) => setTimeout(resolve, 200));
        return Buffer.from(`copy ${copies}`);
      },
      () => {},
    );
    if ('unavailable' in channel) throw new Error(channel.unavailable);
    try {
      expect(fs.statSync(path.join(dataDir, CONTROL_FOLDER)).mode & 0o777).toBe(0o700);
      const [first, second] = await Promise.all([requestBackup(dataDir), requestBackup(dataDir)]);
      expect(first?.toString()).toBe('copy 1');
      expect(second?.toString()).toBe('copy 1');
      expect((await requestBackup(dataDir))?.toString()).toBe('copy 2');
    } finally {
      await channel.close();
    }
    // A shop that stopped leaves no one to answer: the command then copies the folder itself.
    expect(await requestBackup(dataDir)).toBeUndefined();
    expect(await requestBackup(path.join(root, 'never-served'))).toBeUndefined();
  });

  it("passes the shop's failure to the asker", async () => {
    const dataDir = path.join(root, 'failing');
    const errors: unknown[] = [];
    const channel = await serveBackups(
      dataDir,
      () => Promise.reject(new Error('disk full')),
      (error) => errors.push(error),
    );
    if ('unavailable' in channel) throw new Error(channel.unavailable);
    try {
      await expect(requestBackup(dataDir)).rejects.toThrow(
        'The shop could not copy its database: disk full',
      );
      expect(errors).toHaveLength(1);
    } finally {
      await channel.close();
    }
  });

  it('takes over a socket a dead shop left behind, and says when the path is too long', async () => {
    const dataDir = path.join(root, 'stale');
    fs.mkdirSync(path.join(dataDir, CONTROL_FOLDER), { recursive: true });
    fs.writeFileSync(backupSocketPath(dataDir), '');
    const channel = await serveBackups(
      dataDir,
      async () => Buffer.from('fresh'),
      () => {},
    );
    if ('unavailable' in channel) throw new Error(channel.unavailable);
    expect((await requestBackup(dataDir))?.toString()).toBe('fresh');
    await channel.close();

    const deep = path.join(root, 'x'.repeat(120));
    const refused = await serveBackups(
      deep,
      async () => Buffer.from(''),
      () => {},
    );
    expect(refused).toEqual({ unavailable: expect.stringContaining('too long for a socket') });
  });
});
