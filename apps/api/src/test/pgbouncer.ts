import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { freePort } from './processes';

/**
 * A pgbouncer of one test's own (Debian's package), in transaction mode, on loopback in front
 * of TEST_DATABASE_URL's server: what most managed PostgreSQL services hand out as their pooled
 * address (issue 37). Run as the unprivileged user `shopci` when the tests run as root, as the
 * PostgreSQL server is (pgbouncer refuses root).
 */
const POOLER_USER = 'shopci';
const isRoot = process.getuid?.() === 0;

const installed = () => {
  try {
    execFileSync('pgbouncer', ['--version'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
};

/** Why this machine cannot start one (undefined: it can). In CI it must (.ci/run installs it). */
export function pgbouncerUnavailable(): string | undefined {
  if (!process.env.TEST_DATABASE_URL) return 'TEST_DATABASE_URL is not set: no PostgreSQL tests';
  if (!installed()) {
    if (process.env.CI === 'true') throw new Error('CI=true but pgbouncer is not installed');
    return 'pgbouncer is not installed (apt-get install pgbouncer)';
  }
  return undefined;
}

export interface Pgbouncer {
  /** The pooled address of `database` (a database on TEST_DATABASE_URL's server). */
  urlOf(database: string): string;
  stop(): Promise<void>;
}

const accepts = (port: number) =>
  new Promise<boolean>((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });

export async function startPgbouncer(): Promise<Pgbouncer> {
  const server = new URL(process.env.TEST_DATABASE_URL!);
  const user = decodeURIComponent(server.username);
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-pgbouncer-'));
  const port = await freePort();
  const ini = path.join(folder, 'pgbouncer.ini');
  fs.writeFileSync(
    ini,
    [
      '[databases]',
      `* = host=${server.hostname} port=${server.port || 5432}`,
      '[pgbouncer]',
      'listen_addr = 127.0.0.1',
      `listen_port = ${port}`,
      'unix_socket_dir =',
      'auth_type = trust',
      `auth_file = ${path.join(folder, 'users.txt')}`,
      'pool_mode = transaction',
      'max_client_conn = 1000',
      'default_pool_size = 20',
      // Server connections in turn rather than the last one used: a session state (a lock, a
      // setting) then lands on another connection than the next statement's, as under load.
      'server_round_robin = 1',
      `logfile = ${path.join(folder, 'pgbouncer.log')}`,
      '',
    ].join('\n'),
  );
  fs.writeFileSync(path.join(folder, 'users.txt'), `"${user}" ""\n`);
  if (isRoot) execFileSync('chown', ['-R', POOLER_USER, folder]);
  // A process group of its own: runuser's child goes with it.
  const child: ChildProcess = isRoot
    ? spawn('runuser', ['-u', POOLER_USER, '--', 'pgbouncer', ini], {
        stdio: 'ignore',
        detached: true,
      })
    : spawn('pgbouncer', [ini], { stdio: 'ignore', detached: true });
  const signal = (name: NodeJS.Signals) => {
    try {
      process.kill(-child.pid!, name);
    } catch {
      // gone already
    }
  };
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const deadline = Date.now() + 10_000;
  while (!(await accepts(port))) {
    if (Date.now() > deadline || child.exitCode !== null) {
      signal('SIGKILL');
      const log = fs.readFileSync(path.join(folder, 'pgbouncer.log'), 'utf8');
      throw new Error(`pgbouncer did not start: ${log}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return {
    urlOf(database) {
      const url = new URL(server);
      url.host = `127.0.0.1:${port}`;
      url.pathname = `/${database}`;
      return url.toString();
    },
    async stop() {
      signal('SIGINT');
      const gone = await Promise.race([
        exited.then(() => true),
        new Promise<boolean>((resolve) => setTimeout(() => resolve(false), 5000)),
      ]);
      if (!gone) signal('SIGKILL');
      fs.rmSync(folder, { recursive: true, force: true });
    },
  };
}
