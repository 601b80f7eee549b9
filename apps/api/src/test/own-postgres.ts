import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { freePort } from './processes';

/**
 * A PostgreSQL 15 server of one test's own, on loopback, that the test may stop, start,
 * freeze and thaw: the shared test server (TEST_DATABASE_URL) serves other tests meanwhile.
 * Made as .ci/run makes that one: initdb as the unprivileged user `shopci` when the tests run
 * as root (PostgreSQL refuses to run as root).
 */
const PG_BIN = '/usr/lib/postgresql/15/bin';
const PG_USER = 'shopci';
const run = promisify(execFile);
const isRoot = process.getuid?.() === 0;

/** Why this machine cannot start one (undefined: it can). */
export function ownPostgresUnavailable(): string | undefined {
  if (!process.env.TEST_DATABASE_URL) return 'TEST_DATABASE_URL is not set: no PostgreSQL tests';
  if (!fs.existsSync(path.join(PG_BIN, 'initdb'))) return `no PostgreSQL 15 in ${PG_BIN}`;
  if (isRoot) {
    try {
      fs.accessSync('/usr/sbin/runuser', fs.constants.X_OK);
    } catch {
      return 'running as root without runuser';
    }
  }
  return undefined;
}

const asPostgresUser = (command: string, args: string[]) =>
  isRoot
    ? run('runuser', ['-u', PG_USER, '--', path.join(PG_BIN, command), ...args])
    : run(path.join(PG_BIN, command), args);

/** Every process of the instance: the postmaster and its children (backends, checkpointer...). */
function processesOf(postmaster: number): number[] {
  const children = fs
    .readdirSync('/proc')
    .filter((entry) => /^\d+$/.test(entry))
    .filter((pid) => {
      try {
        // "pid (name) state ppid ...": the name may hold spaces, so read after its ')'.
        const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
        return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]) === postmaster;
      } catch {
        return false; // ended meanwhile
      }
    })
    .map(Number);
  return [postmaster, ...children];
}

export interface OwnPostgres {
  url: string;
  /** `pg_ctl stop` (waits until it is down). */
  stop(mode: 'fast' | 'immediate'): Promise<void>;
  /** `pg_ctl start` (waits until it accepts connections). */
  start(): Promise<void>;
  /** SIGSTOP to the postmaster, then to all its children: nothing answers, TCP still connects. */
  freeze(): void;
  /** SIGCONT to the processes frozen. */
  thaw(): void;
  /** Stops it whatever its state and removes its folder. */
  destroy(): Promise<void>;
}

export async function startOwnPostgres(): Promise<OwnPostgres> {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-own-pg-'));
  if (isRoot) await run('chown', [PG_USER, folder]);
  const data = path.join(folder, 'data');
  const port = await freePort();
  await asPostgresUser('initdb', [
    '-D',
    data,
    '-U',
    PG_USER,
    '--auth=trust',
    '--encoding=UTF8',
    '--no-sync',
  ]);
  const options = `-c listen_addresses=127.0.0.1 -p ${port} -k ${folder} -c fsync=off`;
  const start = async () => {
    await asPostgresUser('pg_ctl', [
      '-D',
      data,
      '-l',
      path.join(folder, 'log'),
      '-w',
      '-o',
      options,
      'start',
    ]);
  };
  await start();
  let frozen: number[] = [];
  const postmasterPid = () =>
    Number(fs.readFileSync(path.join(data, 'postmaster.pid'), 'utf8').split('\n')[0]);
  const thaw = () => {
    for (const pid of frozen) {
      try {
        process.kill(pid, 'SIGCONT');
      } catch {
        // already gone
      }
    }
    frozen = [];
  };
  return {
    url: `postgres://${PG_USER}@127.0.0.1:${port}/postgres`,
    start,
    stop: async (mode) => {
      await asPostgresUser('pg_ctl', ['-D', data, '-m', mode, '-w', 'stop']);
    },
    freeze: () => {
      const postmaster = postmasterPid();
      // The postmaster first, so it forks nothing new while its children are stopped.
      process.kill(postmaster, 'SIGSTOP');
      frozen = [postmaster];
      for (const pid of processesOf(postmaster).slice(1)) {
        try {
          process.kill(pid, 'SIGSTOP');
          frozen.push(pid);
        } catch {
          // ended meanwhile
        }
      }
    },
    thaw,
    destroy: async () => {
      thaw();
      await asPostgresUser('pg_ctl', ['-D', data, '-m', 'immediate', '-w', 'stop']).catch(
        () => undefined, // already stopped
      );
      fs.rmSync(folder, { recursive: true, force: true });
    },
  };
}
