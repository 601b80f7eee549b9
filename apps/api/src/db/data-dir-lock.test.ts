import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { DataDirInUseError, lockDataDir } from './data-dir-lock';

const folders: string[] = [];
const tempFolder = () => {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-lock-'));
  folders.push(folder);
  return folder;
};
afterEach(() => {
  for (const folder of folders.splice(0)) fs.rmSync(folder, { recursive: true, force: true });
});

/** A child process that holds a lock file naming itself, as a running server would. */
async function lockFromChild(folder: string) {
  const child = spawn(process.execPath, [
    '-e',
    `require('fs').writeFileSync(${JSON.stringify(path.join(folder, 'shop.lock'))}, JSON.stringify({pid: process.pid, hostname: require('os').hostname(), startedAt: 'now'}), {flag: 'wx'}); console.log('locked'); setInterval(() => {}, 1000);`,
  ]);
  await new Promise<void>((resolve) => child.stdout.once('data', () => resolve()));
  return child;
}

describe('lockDataDir', () => {
  it('refuses a folder held by a live process, naming the folder', async () => {
    const folder = tempFolder();
    const child = await lockFromChild(folder);
    try {
      expect(() => lockDataDir(folder)).toThrow(DataDirInUseError);
      expect(() => lockDataDir(folder)).toThrow(folder);
    } finally {
      child.kill('SIGKILL');
    }
  });

  it('takes over the stale lock of a killed process', async () => {
    const folder = tempFolder();
    const child = await lockFromChild(folder);
    child.kill('SIGKILL');
    await new Promise((resolve) => child.once('exit', resolve));
    const release = lockDataDir(folder);
    expect(JSON.parse(fs.readFileSync(path.join(folder, 'shop.lock'), 'utf8')).pid).toBe(
      process.pid,
    );
    release();
    expect(fs.existsSync(path.join(folder, 'shop.lock'))).toBe(false);
  });

  it('can be taken again after release', () => {
    const folder = tempFolder();
    lockDataDir(folder)();
    const release = lockDataDir(folder);
    release();
  });
});
