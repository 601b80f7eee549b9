import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/** Raised when another live process holds the data folder. */
export class DataDirInUseError extends Error {}

interface LockOwner {
  pid: number;
  hostname: string;
  startedAt: string;
}

/** A record of the lock folder: who took the folder, or that its holder let it go. */
type LockRecord = LockOwner | { released: true };

/** Inside the data folder; one immutable record file per generation: `lock/<n>`. */
export const LOCK_FOLDER = 'lock';

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch (error) {
    // EPERM: the process exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
  // A killed process lingers as a zombie until it is reaped: it holds nothing any more.
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3) !== 'Z';
  } catch {
    return true; // no /proc (not Linux): trust the signal check
  }
}

const generationsOf = (folder: string): number[] =>
  fs
    .readdirSync(folder)
    .filter((name) => /^\d+$/.test(name))
    .map(Number)
    .sort((a, b) => b - a);

/** A record, or undefined when it has gone (a newer holder cleaned it up). */
function readRecord(folder: string, generation: number): LockRecord | undefined {
  try {
    return JSON.parse(fs.readFileSync(path.join(folder, String(generation)), 'utf8')) as LockRecord;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
}

/**
 * Creates `folder/<generation>` holding `record`, only if no such file exists. The record is
 * written to a file of our own first and hard-linked into place: link(2) fails when the name
 * exists, and nobody ever sees the file half-written.
 */
function createRecord(folder: string, generation: number, record: LockRecord): boolean {
  const draft = path.join(folder, `draft-${process.pid}-${randomBytes(6).toString('hex')}`);
  fs.writeFileSync(draft, JSON.stringify(record), { flag: 'wx' });
  try {
    fs.linkSync(draft, path.join(folder, String(generation)));
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw error;
  } finally {
    fs.rmSync(draft, { force: true });
  }
}

/**
 * PGlite has no lock between processes, and two writers would corrupt the folder.
 *
 * The lock is a sequence of immutable records, `lock/0`, `lock/1`, ...; the newest one says
 * who holds the folder. To take it, a process creates the next record naming its pid, and only
 * one creator of a given number can succeed. Nobody ever deletes or rewrites the newest
 * record, so a stale lock (its process gone after a `kill -9` or a crash) is taken over by the
 * same exclusive create as a free one, with no window in which two processes both see it free.
 * Releasing adds a "released" record. Returns the release function.
 */
export function lockDataDir(dataDir: string): () => void {
  const folder = path.join(dataDir, LOCK_FOLDER);
  fs.mkdirSync(folder, { recursive: true });
  const me: LockOwner = {
    pid: process.pid,
    hostname: os.hostname(),
    startedAt: new Date().toISOString(),
  };

  for (let attempt = 0; attempt < 20; attempt++) {
    const newest = generationsOf(folder)[0] ?? -1;
    const record = newest >= 0 ? readRecord(folder, newest) : undefined;
    if (newest >= 0 && !record) continue; // cleaned up under us: look again
    if (record && !('released' in record)) {
      const heldByLiveProcess =
        record.pid !== process.pid && record.hostname === me.hostname && isAlive(record.pid);
      if (heldByLiveProcess) {
        throw new DataDirInUseError(
          `The data folder ${dataDir} is in use by another shop server (pid ${record.pid}, started ${record.startedAt}). ` +
            `Stop that server, or set DATA_DIR to another folder.`,
        );
      }
    }
    const mine = newest + 1;
    if (!createRecord(folder, mine, me)) continue; // another process took `mine` first
    // A process that read an old listing may still create a number below ours, or one that a
    // newer holder has cleaned up: only the newest record holds the folder.
    if (generationsOf(folder)[0] !== mine) {
      fs.rmSync(path.join(folder, String(mine)), { force: true });
      continue;
    }
    for (const older of generationsOf(folder).filter((generation) => generation < mine)) {
      fs.rmSync(path.join(folder, String(older)), { force: true });
    }
    let released = false;
    const release = () => {
      if (released) return;
      released = true;
      process.removeListener('exit', release);
      const newestNow = generationsOf(folder)[0];
      if (newestNow === mine) createRecord(folder, mine + 1, { released: true });
    };
    process.once('exit', release);
    return release;
  }
  throw new DataDirInUseError(
    `Could not lock the data folder ${dataDir}; other processes keep taking it.`,
  );
}
