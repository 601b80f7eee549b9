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

const LOCK_FILE = 'shop.lock';

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

function readOwner(lockPath: string): LockOwner | undefined {
  try {
    return JSON.parse(fs.readFileSync(lockPath, 'utf8')) as LockOwner;
  } catch {
    return undefined; // unreadable or half-written: treat as stale
  }
}

/**
 * PGlite has no lock between processes, and two writers would corrupt the folder.
 * We take an exclusive lock file naming our pid; a lock whose process is gone
 * (a `kill -9`, a crash) is stale and taken over. Returns the release function.
 */
export function lockDataDir(dataDir: string): () => void {
  fs.mkdirSync(dataDir, { recursive: true });
  const lockPath = path.join(dataDir, LOCK_FILE);
  const me: LockOwner = {
    pid: process.pid,
    hostname: os.hostname(),
    startedAt: new Date().toISOString(),
  };

  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      fs.writeFileSync(lockPath, JSON.stringify(me), { flag: 'wx' });
      let released = false;
      const release = () => {
        if (released) return;
        released = true;
        if (readOwner(lockPath)?.pid === me.pid) fs.rmSync(lockPath, { force: true });
      };
      process.once('exit', release);
      return release;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    const owner = readOwner(lockPath);
    const heldByLiveProcess =
      owner !== undefined &&
      owner.pid !== process.pid &&
      owner.hostname === me.hostname &&
      isAlive(owner.pid);
    if (heldByLiveProcess) {
      throw new DataDirInUseError(
        `The data folder ${dataDir} is in use by another shop server (pid ${owner.pid}, started ${owner.startedAt}). ` +
          `Stop that server, or set DATA_DIR to another folder.`,
      );
    }
    fs.rmSync(lockPath, { force: true });
  }
  throw new DataDirInUseError(
    `Could not lock the data folder ${dataDir}; another server keeps taking it.`,
  );
}
