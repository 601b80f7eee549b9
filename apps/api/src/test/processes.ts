import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const apiRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** A loopback port nobody listens on right now (a process binds it a moment later). */
export async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return address.port;
}

export interface Exited {
  code: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
}

/**
 * Runs one of the API's entry points (`src/index.ts`, `src/cli/...`) as its own process:
 * one node process (tsx as a loader, not its CLI, which would put a parent in between).
 */
export function runEntry(entry: string, args: string[], env: Record<string, string>) {
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(apiRoot, entry), ...args], {
    cwd: apiRoot,
    env: { ...process.env, LOG_LEVEL: 'warn', ...env },
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const exited = new Promise<Exited>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal, stdout, stderr })),
  );
  return { child, exited, output: () => ({ stdout, stderr }) };
}

/**
 * Starts the server and waits for its "ready ... open URL" line. On a port chosen first, so
 * the address it guesses for itself with no PUBLIC_URL (its pages' origin) is the one it has.
 */
export async function startServerProcess(env: Record<string, string>) {
  const port = String(await freePort());
  const run = runEntry('src/index.ts', [], { PORT: port, HOST: '127.0.0.1', ...env });
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`no ready line: ${JSON.stringify(run.output())}`)),
      60_000,
    );
    const onData = () => {
      const match = /open (http:\/\/\S+)/.exec(run.output().stdout);
      if (match?.[1]) {
        clearTimeout(timer);
        resolve(match[1]);
      }
    };
    run.child.stdout?.on('data', onData);
    void run.exited.then((exit) => {
      clearTimeout(timer);
      reject(new Error(`server exited early: ${JSON.stringify(exit)}`));
    });
  });
  return { ...run, url };
}

export const kill9 = async (child: ChildProcess, exited: Promise<Exited>) => {
  child.kill('SIGKILL');
  await exited;
};

/**
 * Calls a running server over HTTP as the web app does (same Origin, JSON, bearer token). The
 * page's origin is `base` unless the browser's address bar says otherwise (`origin`).
 */
export function httpClient(base: string, origin = base) {
  const call = (method: string, route: string, token?: string, body?: unknown, cookie?: string) =>
    fetch(`${base}${route}`, {
      method,
      headers: {
        Origin: origin,
        ...(token ? { Authorization: `Bearer ${token}` } : {}),
        ...(cookie ? { Cookie: cookie } : {}),
        ...(body !== undefined ? { 'Content-Type': 'application/json' } : {}),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });

  /** Signs a new account up and answers its access token. */
  const account = async (email: string) => {
    const signedUp = await call('POST', '/api/auth/sign-up/email', undefined, {
      name: email.split('@')[0],
      email,
      password: 'secret123',
    });
    const cookie = signedUp.headers
      .getSetCookie()
      .map((c) => c.split(';')[0])
      .join('; ');
    const tokenResponse = await call('PUT', `/api/user/${email}`, undefined, { email }, cookie);
    return ((await tokenResponse.json()) as { token: string }).token;
  };

  return { call, account };
}

const repoRoot = path.resolve(apiRoot, '../..');
/**
 * Exists while a test's `npm start` may be building the shop: two tests starting it at once
 * would build over each other, so the second waits until the first is ready (built).
 */
const buildLock = path.join(os.tmpdir(), `shop-npm-start-${path.basename(repoRoot)}.lock`);
/** A lock older than this was left by a run that was killed. */
const STALE_LOCK_MS = 10 * 60_000;

async function underBuildLock<T>(work: () => Promise<T>): Promise<T> {
  for (;;) {
    try {
      fs.mkdirSync(buildLock);
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const age = Date.now() - (fs.statSync(buildLock, { throwIfNoEntry: false })?.mtimeMs ?? 0);
      if (age > STALE_LOCK_MS) fs.rmSync(buildLock, { recursive: true, force: true });
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  }
  try {
    return await work();
  } finally {
    fs.rmSync(buildLock, { recursive: true, force: true });
  }
}

/**
 * `npm start` as the README says, in its own process group (a kill reaches the server, not
 * only npm), with exactly `env` (give `process.env` in it to inherit); resolves once the shop
 * says it is ready. `output()` is everything it printed so far.
 */
export async function startWithNpm(env: NodeJS.ProcessEnv) {
  return underBuildLock(async () => {
    const child = spawn('npm', ['start'], {
      cwd: repoRoot,
      detached: true,
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`not ready: ${output}`)), 180_000);
      child.stdout?.on('data', () => {
        if (output.includes('ready in')) {
          clearTimeout(timer);
          resolve();
        }
      });
      void exited.then(() => reject(new Error(`exited early: ${output}`)));
    });
    return { child, exited, output: () => output };
  });
}

/** Sends `signal` to every process of a group started by `startWithNpm`. */
export const killGroup = (child: ChildProcess, signal: NodeJS.Signals) => {
  try {
    process.kill(-child.pid!, signal);
  } catch {
    // already gone
  }
};

/** Waits until every process of the group has ended, as after a real crash and reboot. */
export async function groupGone(child: ChildProcess) {
  for (let attempt = 0; attempt < 100; attempt++) {
    try {
      process.kill(-child.pid!, 0);
    } catch {
      return;
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
