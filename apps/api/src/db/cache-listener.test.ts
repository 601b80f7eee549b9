import net from 'node:net';
import pg from 'pg';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import type { CacheChange } from '../lib/cache-sync';
import { createEmptyPostgresDatabase } from '../test/databases';
import { CACHE_CHANNEL, LISTENER_APPLICATION_NAME, createCacheListener } from './cache-listener';

/** A TCP relay to PostgreSQL that can go silent (a network cut: nothing passes, nothing closes). */
async function startSilenceableRelay(target: URL) {
  let silent = false;
  const pairs = new Set<[net.Socket, net.Socket]>();
  const server = net.createServer((client) => {
    const upstream = net.connect(Number(target.port || 5432), target.hostname);
    const pair: [net.Socket, net.Socket] = [client, upstream];
    pairs.add(pair);
    for (const socket of pair) {
      socket.on('error', () => {});
      socket.on('close', () => {
        pairs.delete(pair);
        client.destroy();
        upstream.destroy();
      });
    }
    if (!silent) client.pipe(upstream).pipe(client);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as net.AddressInfo).port,
    silence() {
      silent = true;
      for (const [client, upstream] of pairs) {
        client.unpipe(upstream);
        upstream.unpipe(client);
        client.pause();
        upstream.pause();
      }
    },
    /** Back to normal; the connections that went silent are cut. */
    restore() {
      silent = false;
      for (const [client, upstream] of pairs) {
        client.destroy();
        upstream.destroy();
      }
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

const waitFor = async (condition: () => boolean, withinMs: number) => {
  const until = Date.now() + withinMs;
  while (!condition()) {
    if (Date.now() > until) throw new Error(`not within ${withinMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
};

describe.skipIf(!process.env.TEST_DATABASE_URL)('the cache listener', () => {
  it('hears announcements, and goes off on a lost or silent connection until it is back', async () => {
    const database = await createEmptyPostgresDatabase();
    const direct = new pg.Client({ connectionString: database.url });
    const relayed = new URL(database.url);
    const relay = await startSilenceableRelay(new URL(database.url));
    relayed.hostname = '127.0.0.1';
    relayed.port = String(relay.port);
    const listener = createCacheListener({
      databaseUrl: relayed.toString(),
      logger: pino({ level: 'silent' }),
      retryMs: 100,
      maxRetryMs: 200,
      pingEveryMs: 200,
      timeoutMs: 500,
    });
    const applied: CacheChange[] = [];
    let cleared = 0;
    listener.subscribe({ apply: (change) => applied.push(change), clearAll: () => cleared++ });
    try {
      await direct.connect();
      const announce = (payload: string) =>
        direct.query('select pg_notify($1, $2)', [CACHE_CHANNEL, payload]);
      expect(listener.live).toBe(false);
      await listener.start();
      expect(listener.live).toBe(true);
      expect(cleared).toBe(1);

      await announce('token:abc');
      await announce('user:42');
      await waitFor(() => applied.length === 2, 1000);
      expect(applied).toEqual([
        { kind: 'token', tokenHash: 'abc' },
        { kind: 'user', userId: '42' },
      ]);
      await announce('something:new'); // from a newer version: forget everything
      await waitFor(() => cleared === 2, 1000);

      // The connection ended by the server: off at once, back by itself, caches cleared.
      await direct.query(
        `select pg_terminate_backend(pid) from pg_stat_activity where application_name = $1`,
        [`${LISTENER_APPLICATION_NAME} ${process.pid}`],
      );
      await waitFor(() => !listener.live, 1000);
      expect(cleared).toBe(3);
      await waitFor(() => listener.live, 3000);
      expect(cleared).toBe(4);

      // The connection gone silent: the unanswered ping gives it up.
      relay.silence();
      await waitFor(() => !listener.live, 2000);
      expect(cleared).toBe(5);
      relay.restore();
      await waitFor(() => listener.live, 5000);
      expect(cleared).toBe(6);
      await announce('catalogue');
      await waitFor(() => applied.length === 3, 1000);
      expect(applied[2]).toEqual({ kind: 'catalogue' });
    } finally {
      await listener.close();
      await direct.end();
      await relay.close();
      await database.drop();
    }
  }, 30_000);
});
