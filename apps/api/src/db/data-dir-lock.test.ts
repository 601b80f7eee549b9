import { type ChildProcess, fork } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { DataDirInUseError, LOCK_FOLDER, lockDataDir } from './data-dir-lock';

const workerPath = fileURLToPath(new URL('../test/lock-worker.ts', import.meta.url));

const folders: string[] = [];
const tempFolder = () => {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-lock-'));
  folders.push(folder);
  return folder;
};
afterEach(() => {
  for (const folder of folders.splice(0)) fs.rmSync(folder, { recursive: true, force: true });
});

interface Worker {
  child: ChildProcess;
  /** Sends a command and answers the worker's reply. */
  ask(command: object): Promise<{ held?: boolean; inUse?: boolean; message?: string }>;
}

/** A long-lived process running lock-worker.ts: it takes the lock under its own pid. */
async function startWorker(): Promise<Worker> {
  const child = fork(workerPath, [], { execArgv: ['--import', 'tsx'], stdio: 'ignore' });
  const replies: ((reply: object) => void)[] = [];
  child.on('message', (reply: object) => replies.shift()?.(reply));
  await new Promise((resolve) => replies.push(resolve));
  return {
    child,
    ask: (command) =>
      new Promise((resolve) => {
        replies.push(resolve);
        child.send(command);
      }),
  };
}

const newestRecord = (folder: string) => {
  const lockFolder = path.join(folder, LOCK_FOLDER);
  const newest = Math.max(
    ...fs
      .readdirSync(lockFolder)
      .filter((name) => /^\d+$/.test(name))
      .map(Number),
  );
  return JSON.parse(fs.readFileSync(path.join(lockFolder, String(newest)), 'utf8')) as {
    pid?: number;
    released?: boolean;
  };
};

/** A process that has ended: its pid names nobody alive. */
async function deadPid(): Promise<number> {
  const { child } = await startWorker();
  child.kill('SIGKILL');
  await new Promise((resolve) => child.once('exit', resolve));
  return child.pid!;
}

describe('lockDataDir', () => {
  it('refuses a folder held by a live process, naming the folder', async () => {
    const folder = tempFolder();
    const holder = await startWorker();
    try {
      expect(await holder.ask({ type: 'lock', folder, at: 0 })).toMatchObject({ held: true });
      expect(() => lockDataDir(folder)).toThrow(DataDirInUseError);
      expect(() => lockDataDir(folder)).toThrow(folder);
      expect(() => lockDataDir(folder)).toThrow(`pid ${holder.child.pid}`);
    } finally {
      holder.child.kill('SIGKILL');
    }
  }, 30_000);

  it('takes over the stale lock of a killed process', async () => {
    const folder = tempFolder();
    const holder = await startWorker();
    expect(await holder.ask({ type: 'lock', folder, at: 0 })).toMatchObject({ held: true });
    holder.child.kill('SIGKILL');
    await new Promise((resolve) => holder.child.once('exit', resolve));
    const release = lockDataDir(folder);
    expect(newestRecord(folder).pid).toBe(process.pid);
    release();
    expect(newestRecord(folder)).toEqual({ released: true });
  }, 30_000);

  it('can be taken again after release, also by another process', async () => {
    const folder = tempFolder();
    lockDataDir(folder)();
    const release = lockDataDir(folder);
    release();
    const other = await startWorker();
    try {
      expect(await other.ask({ type: 'lock', folder, at: 0 })).toMatchObject({ held: true });
    } finally {
      other.child.kill('SIGKILL');
    }
  }, 30_000);
});

/**
 * 8 processes call lockDataDir at the same instant, 100 times: exactly one may hold the folder
 * each time, whether it starts free, released, or held by a dead process (a takeover race).
 */
describe('lockDataDir under a race of 8 processes', () => {
  const workers: Worker[] = [];
  beforeAll(async () => {
    workers.push(...(await Promise.all(Array.from({ length: 8 }, startWorker))));
  }, 60_000);
  afterAll(() => {
    for (const { child } of workers) child.kill('SIGKILL');
  });

  it('has exactly one holder in each of 100 trials', async () => {
    const dead = await deadPid();
    const starts = ['empty', 'stale', 'released'] as const;
    const holdersPerTrial: number[] = [];
    for (let trial = 0; trial < 100; trial++) {
      const folder = tempFolder();
      const start = starts[trial % starts.length]!;
      if (start !== 'empty') {
        fs.mkdirSync(path.join(folder, LOCK_FOLDER));
        const record =
          start === 'stale'
            ? { pid: dead, hostname: os.hostname(), startedAt: 'before the crash' }
            : { released: true };
        fs.writeFileSync(path.join(folder, LOCK_FOLDER, '7'), JSON.stringify(record));
      }
      const at = Date.now() + 30;
      const results = await Promise.all(
        workers.map((worker) => worker.ask({ type: 'lock', folder, at })),
      );
      const holders = results.filter((result) => result.held).length;
      holdersPerTrial.push(holders);
      // Everyone else was told the folder is in use, not some other failure.
      for (const result of results)
        if (!result.held) expect(result, start).toMatchObject({ inUse: true });
      await Promise.all(workers.map((worker) => worker.ask({ type: 'release' })));
      fs.rmSync(folder, { recursive: true, force: true });
    }
    expect(holdersPerTrial.filter((holders) => holders !== 1)).toEqual([]);
  }, 60_000);
});
