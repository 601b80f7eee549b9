import { execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { Tool } from '@shop/shared';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from './db/database';
import { httpClient, startServerProcess } from './test/processes';
import { DELIVERY } from './test/shop';

const apiRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const folders: string[] = [];
const newDataDir = () => {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-shutdown-'));
  folders.push(folder);
  return folder;
};
afterAll(() => {
  for (const folder of folders) fs.rmSync(folder, { recursive: true, force: true });
});

const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });

async function waitUntilReady(url: string, exited: Promise<unknown>) {
  let gone = false;
  void exited.then(() => (gone = true));
  const until = Date.now() + 60_000;
  while (!gone && Date.now() < until) {
    try {
      if ((await fetch(`${url}/api/ready`)).ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`the server did not start at ${url}`);
}

/** The exit code, or 'running' if the process has not exited within `ms`. */
const exitWithin = <T>(exited: Promise<T>, ms: number) =>
  Promise.race([
    exited,
    new Promise<'running'>((resolve) => setTimeout(() => resolve('running'), ms)),
  ]);

/** Writes into a non-blocking pipe until it is full; answers the bytes written. */
function fillPipe(fd: number) {
  const chunk = Buffer.alloc(4096, 'x');
  let written = 0;
  for (;;) {
    try {
      written += fs.writeSync(fd, chunk);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'EAGAIN') return written;
      throw error;
    }
  }
}

/**
 * Starts the server with its stdout on a named pipe that the test holds open (so the server
 * never sees EPIPE until the test closes it) and never reads.
 */
async function startWithPipedStdout(env: Record<string, string>) {
  const fifo = path.join(os.tmpdir(), `shop-shutdown-${process.pid}-${Date.now()}.stdout`);
  execFileSync('mkfifo', [fifo]);
  folders.push(fifo);
  const stdout = fs.openSync(fifo, fs.constants.O_RDWR | fs.constants.O_NONBLOCK);
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(apiRoot, 'src/index.ts')], {
    cwd: apiRoot,
    env: { ...process.env, HOST: '127.0.0.1', PORT: String(port), ...env },
    stdio: ['ignore', stdout, 'pipe'],
  });
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  let exitedAt = Infinity;
  const exited = new Promise<number | null>((resolve) =>
    child.once('exit', (code) => {
      exitedAt = performance.now();
      resolve(code);
    }),
  );
  await waitUntilReady(url, exited);
  return { child, url, stdout, exited, stderr: () => stderr, exitedAt: () => exitedAt };
}

/** Headers without the blank line that ends them: the server waits for the rest. */
const sendHalfRequest = (url: string) =>
  new Promise<net.Socket>((resolve, reject) => {
    const { hostname, port } = new URL(url);
    const socket = net.connect(Number(port), hostname, () => {
      socket.write(`POST /api/purchase HTTP/1.1\r\nHost: ${hostname}\r\nContent-Type: json\r\n`);
      resolve(socket);
    });
    socket.on('error', reject);
  });

interface Answer {
  status: number;
  connection: string | undefined;
  body: string;
  answeredAt: number;
}

function post(agent: http.Agent, url: string, token: string, body: unknown) {
  return new Promise<Answer>((resolve, reject) => {
    const payload = JSON.stringify(body);
    const request = http.request(
      `${url}/api/purchase`,
      {
        method: 'POST',
        agent,
        headers: {
          Origin: url,
          Authorization: `Bearer ${token}`,
          'Content-Type': 'application/json',
          'Content-Length': Buffer.byteLength(payload),
        },
      },
      (response) => {
        let text = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => (text += chunk));
        response.on('end', () =>
          resolve({
            status: response.statusCode ?? 0,
            connection: response.headers.connection,
            body: text,
            answeredAt: performance.now(),
          }),
        );
        response.on('error', reject);
      },
    );
    request.on('error', reject);
    request.end(payload);
  });
}

describe('the server process on SIGTERM', () => {
  it('with 50 keep-alive buyers, a half-sent request and a full stdout nobody reads: exits within SHUTDOWN_TIMEOUT_MS, and every purchase answered 201 is in the data folder', async () => {
    const dataDir = newDataDir();
    const shutdownTimeoutMs = 2000;
    const { child, url, stdout, exited, stderr, exitedAt } = await startWithPipedStdout({
      DATA_DIR: dataDir,
      LOG_LEVEL: 'debug',
      SHUTDOWN_TIMEOUT_MS: String(shutdownTimeoutMs),
      MAX_UNPAID_ORDERS: '1000000',
    });
    try {
      const { account } = httpClient(url);
      const tools = (await (await fetch(`${url}/api/tools?limit=100`)).json()) as Tool[];
      const tool = tools.reduce((most, next) =>
        next.availableQuantity > most.availableQuantity ? next : most,
      );
      const token = await account('shutdown-buyer@example.com');
      // Fill the pipe: from here on every write of the server to stdout finds it full.
      expect(fillPipe(stdout)).toBeGreaterThan(0);

      const agent = new http.Agent({ keepAlive: true, maxSockets: 50 });
      const clients = 50;
      const answers: Answer[] = [];
      let running = true;
      const buyer = async () => {
        while (running) {
          try {
            answers.push(
              await post(agent, url, token, {
                toolId: tool._id,
                quantity: tool.minOrderQuantity,
                ...DELIVERY,
                address: '1 Shutdown Street, Springfield',
              }),
            );
          } catch {
            // Refused or cut once the server stops: the buyer stops too.
            return;
          }
        }
      };
      const load = Array.from({ length: clients }, buyer);
      const halfRequest = await sendHalfRequest(url);
      // Under load before the signal: more than 20 purchases answered (however long a busy
      // machine takes to get there, up to 20 s), and still coming.
      const loadedBy = performance.now() + 20_000;
      while (
        answers.filter((answer) => answer.status === 201).length <= 20 &&
        performance.now() < loadedBy
      ) {
        await new Promise((resolve) => setTimeout(resolve, 50));
      }

      const signalledAt = performance.now();
      child.kill('SIGTERM');
      const code = await exitWithin(exited, shutdownTimeoutMs + 2500);
      const tookMs = performance.now() - signalledAt;
      running = false;
      await Promise.all(load);
      agent.destroy();
      halfRequest.destroy();

      expect(code, stderr()).toBe(0);
      // The half request holds it until the deadline; then the database closes and it exits.
      expect(tookMs).toBeLessThan(shutdownTimeoutMs + 2500);
      const before = answers.filter((answer) => answer.answeredAt < signalledAt);
      const after = answers.filter((answer) => answer.answeredAt >= signalledAt);
      expect(before.filter((answer) => answer.status === 201).length).toBeGreaterThan(20);
      // Each kept-alive connection gets at most the answer already on its way and the one it
      // was waiting for, marked as its last (`Connection: close`); then it is closed.
      expect(after.length).toBeLessThanOrEqual(2 * clients);
      expect(answers.every((answer) => answer.answeredAt <= exitedAt())).toBe(true);

      const acknowledged = answers
        .filter((answer) => answer.status === 201)
        .map((answer) => (JSON.parse(answer.body) as { _id: string })._id);
      const database = await openDatabase({ dataDir });
      try {
        const stored = await database.db
          .selectFrom('orders')
          .select('id')
          .where('id', 'in', acknowledged)
          .execute();
        expect(stored.length).toBe(acknowledged.length);
      } finally {
        await database.close();
      }
    } finally {
      child.kill('SIGKILL');
      fs.closeSync(stdout);
    }
  }, 90_000);

  it('exits at once on a second signal, even with a long SHUTDOWN_TIMEOUT_MS and a half-sent request', async () => {
    const server = await startServerProcess({
      DATA_DIR: newDataDir(),
      SHUTDOWN_TIMEOUT_MS: '60000',
    });
    const halfRequest = await sendHalfRequest(server.url);
    // Until the server has read the first bytes, the connection counts as idle.
    await new Promise((resolve) => setTimeout(resolve, 300));
    try {
      server.child.kill('SIGTERM');
      // The first signal alone waits for the half request (up to 60 s).
      expect(await exitWithin(server.exited, 1000)).toBe('running');
      server.child.kill('SIGTERM');
      const exit = await exitWithin(server.exited, 1500);
      expect(exit).not.toBe('running');
      expect(exit).toMatchObject({ code: 1, signal: null });
    } finally {
      halfRequest.destroy();
      server.child.kill('SIGKILL');
    }
  }, 90_000);

  it('answers a request in flight with Connection: close, then exits without waiting for SHUTDOWN_TIMEOUT_MS', async () => {
    const server = await startServerProcess({
      DATA_DIR: newDataDir(),
      SHUTDOWN_TIMEOUT_MS: '60000',
    });
    const { hostname, port } = new URL(server.url);
    const body = JSON.stringify({
      name: 'inflight',
      email: 'inflight@example.com',
      password: 'secret123',
    });
    const socket = net.connect(Number(port), hostname);
    let answer = '';
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => (answer += chunk));
    const socketClosed = new Promise<void>((resolve) => socket.once('close', () => resolve()));
    try {
      await new Promise<void>((resolve) => socket.once('connect', () => resolve()));
      // Headers and half the body: the request is in flight, its handler reading the body.
      socket.write(
        `POST /api/auth/sign-up/email HTTP/1.1\r\nHost: ${hostname}:${port}\r\nOrigin: ${server.url}\r\n` +
          `Content-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n` +
          body.slice(0, 10),
      );
      await new Promise((resolve) => setTimeout(resolve, 300));
      server.child.kill('SIGTERM');
      expect(await exitWithin(server.exited, 1000)).toBe('running');
      socket.write(body.slice(10));
      await socketClosed;
      const head = answer.split('\r\n\r\n')[0]!.toLowerCase();
      expect(head).toMatch(/^http\/1\.1 200/);
      expect(head).toContain('connection: close');
      // Nothing left in flight: the process exits long before its 60 s limit.
      expect(await exitWithin(server.exited, 5000)).toMatchObject({ code: 0 });
    } finally {
      socket.destroy();
      server.child.kill('SIGKILL');
    }
  }, 90_000);

  it('exits on SIGTERM when its stdout is broken (the reader gone: EPIPE)', async () => {
    const server = await startWithPipedStdout({
      DATA_DIR: newDataDir(),
      LOG_LEVEL: 'debug',
      SHUTDOWN_TIMEOUT_MS: '2000',
    });
    try {
      fs.closeSync(server.stdout);
      // Log lines now meet a pipe without a reader.
      for (let i = 0; i < 20; i += 1) await fetch(`${server.url}/api/tools`);
      server.child.kill('SIGTERM');
      expect(await exitWithin(server.exited, 3500), server.stderr()).toBe(0);
    } finally {
      server.child.kill('SIGKILL');
    }
  }, 90_000);
});
