import { type ChildProcess, spawn } from 'node:child_process';
import net from 'node:net';
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

/** Starts the server and waits for its "ready ... open URL" line. */
export async function startServerProcess(env: Record<string, string>) {
  const run = runEntry('src/index.ts', [], { PORT: '0', HOST: '127.0.0.1', ...env });
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

/** Calls a running server over HTTP as the web app does (same Origin, JSON, bearer token). */
export function httpClient(base: string) {
  const call = (method: string, route: string, token?: string, body?: unknown, cookie?: string) =>
    fetch(`${base}${route}`, {
      method,
      headers: {
        Origin: base,
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
