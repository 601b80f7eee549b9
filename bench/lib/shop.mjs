// Starting and stopping the real shop (the production build) and the bare reference server,
// each in its own process, on 127.0.0.1 and a free port.
import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { onCleanup } from './cleanup.mjs';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const serverJs = path.join(root, 'apps/api/dist/server.js');
const bareServerJs = path.join(root, 'bench/lib/bare-server.mjs');
const barePgServerJs = path.join(root, 'bench/lib/bare-pg-server.mjs');
const stackFloorServerJs = path.join(root, 'bench/lib/stack-floor-server.mjs');

/**
 * ADMIN_EMAIL in every shop the bench starts. Signed up with a password it is a customer; the
 * bench promotes it in the database (purchases.mjs), as `npm run make-admin` would.
 */
export const BENCH_ADMIN_EMAIL = 'bench-admin@example.com';

/**
 * Where the bench's orders go (issue 35: a purchase names a destination and a shipping method,
 * and the phone must be valid for the country): Portland, Oregon (no sales tax), by the seeded
 * US Ground. The method's id is SEEDED.methods.usGround of
 * apps/api/src/db/migrations/0027-shipping-and-tax.ts, copied: a .mjs script cannot import it.
 */
export const BENCH_DELIVERY = {
  phone: '+1 503 555 0100',
  address: '1 Bench Street',
  country: 'US',
  region: 'OR',
  city: 'Portland',
  postalCode: '97204',
  shippingMethodId: '35000000-0000-4000-8000-000000000101',
};

/** `npm run build` (web app and API), as a user does before `node apps/api/dist/server.js`. */
export function build() {
  const result = spawnSync('npm', ['run', 'build'], {
    cwd: root,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  if (result.status !== 0) {
    process.stderr.write(result.stdout);
    process.stderr.write(result.stderr);
    throw new Error('npm run build failed');
  }
}

export function ensureBuilt() {
  if (!fs.existsSync(serverJs) || !fs.existsSync(path.join(root, 'apps/web/dist/index.html'))) {
    build();
  }
}

/** A port nobody listens on right now (the server binds it a moment later). */
export function freePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** Polls `url` until it answers 200; answers the time it took from `since`. */
async function waitFor(url, since, exited, logFile, timeoutMs = 60_000) {
  while (performance.now() - since < timeoutMs) {
    if (exited.value) {
      throw new Error(`server exited (${exited.value}) before ready:\n${tail(logFile)}`);
    }
    try {
      const response = await fetch(url);
      if (response.ok) {
        await response.arrayBuffer();
        return performance.now() - since;
      }
    } catch {
      // not listening yet
    }
    await sleep(10);
  }
  throw new Error(`not ready after ${timeoutMs} ms: ${url}\n${tail(logFile)}`);
}

const tail = (file) =>
  fs.existsSync(file) ? fs.readFileSync(file, 'utf8').split('\n').slice(-20).join('\n') : '';

/**
 * Spawns a node process whose output goes to a log file (a pipe to this process would make
 * the load generator pay for the server's logs). Stops it at cleanup.
 */
async function spawnServer({ args, env, logFile, readyPath, port }) {
  const log = fs.openSync(logFile, 'a');
  const started = performance.now();
  const child = spawn(process.execPath, args, {
    cwd: root,
    env,
    stdio: ['ignore', log, log],
  });
  fs.closeSync(log);
  const exited = { value: undefined };
  const exit = new Promise((resolve) =>
    child.once('exit', (code, signal) => {
      exited.value = signal ?? `code ${code}`;
      resolve();
    }),
  );
  const stop = onCleanup(async () => {
    if (exited.value) return;
    child.kill('SIGTERM');
    const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
    await exit;
    clearTimeout(timer);
  });
  const url = `http://127.0.0.1:${port}`;
  try {
    const readyMs = await waitFor(`${url}${readyPath}`, started, exited, logFile);
    return { url, pid: child.pid, readyMs, stop, logFile };
  } catch (error) {
    await stop();
    throw error;
  }
}

/**
 * The shop as production runs it: `node apps/api/dist/server.js`, NODE_ENV=production, logs
 * at info. `dataDir` (PGlite) or `databaseUrl` (PostgreSQL).
 */
export async function startShop({ dataDir, databaseUrl, logFile, env = {} }) {
  const port = await freePort();
  const { DATABASE_URL: _ignored, ...inherited } = process.env;
  // BENCH_PROFILE=folder: the shop writes a V8 CPU profile there when it stops (docs/performance.md).
  const profile = process.env.BENCH_PROFILE;
  return spawnServer({
    args: [...(profile ? ['--cpu-prof', `--cpu-prof-dir=${path.resolve(profile)}`] : []), serverJs],
    port,
    logFile,
    readyPath: '/api/ready',
    env: {
      ...inherited,
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: String(port),
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      AUTH_SECRET: randomBytes(32).toString('base64url'),
      DATA_DIR: dataDir ?? path.dirname(logFile),
      ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
      AUTH_RATE_LIMIT_PER_MINUTE: '10000',
      ADMIN_EMAIL: BENCH_ADMIN_EMAIL,
      // The purchase bench keeps each customer buying for seconds: thousands of unpaid orders.
      // The limit is still checked on every purchase, as bench/purchases.mjs's reference does.
      MAX_UNPAID_ORDERS: '1000000',
      LOG_LEVEL: 'info',
      ...env,
    },
  });
}

/**
 * The reference: a bare `node:http` server answering `body` with `contentType` (and
 * `contentEncoding`, when the body is compressed) from memory.
 */
export async function startBareServer({
  body,
  contentType,
  contentEncoding = '',
  logFile,
  onlyRoot = false,
}) {
  const port = await freePort();
  const bodyFile = `${logFile}.body`;
  fs.writeFileSync(bodyFile, body);
  return spawnServer({
    args: [bareServerJs],
    port,
    logFile,
    readyPath: '/',
    env: {
      ...process.env,
      PORT: String(port),
      BODY_FILE: bodyFile,
      CONTENT_TYPE: contentType,
      CONTENT_ENCODING: contentEncoding,
      ONLY_ROOT: onlyRoot ? '1' : '0',
    },
  });
}

/** The reference for uncached reads: node:http and pg running the shop's SQL (bare-pg-server.mjs). */
export const startBarePgServer = (options) => startPgServer(barePgServerJs, options);

/** The same SQL through Hono and Kysely alone: the stack's floor (stack-floor-server.mjs). */
export const startStackFloorServer = (options) => startPgServer(stackFloorServerJs, options);

async function startPgServer(script, { databaseUrl, logFile }) {
  const port = await freePort();
  return spawnServer({
    args: [script],
    port,
    logFile,
    readyPath: '/',
    env: { ...process.env, PORT: String(port), DATABASE_URL: databaseUrl },
  });
}

/** Resident memory of a process in KB, from /proc/PID/status (Linux). */
export function rssKb(pid) {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  const match = /^VmRSS:\s+(\d+)\s+kB/m.exec(status);
  if (!match) throw new Error(`no VmRSS for pid ${pid}`);
  return Number(match[1]);
}
