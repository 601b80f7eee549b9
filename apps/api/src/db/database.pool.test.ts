/**
 * The pool's rule for a server that is gone (`failFastPool`): one connection attempt at a time,
 * the other requests answered at once, and a shop that is only busy never taken for one whose
 * server is gone.
 */
import net from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { isConnectionFailure } from '../lib/database-unavailable';
import { type DatabaseHandle, openDatabase } from './database';

const TIMEOUT_MS = 200;

let open: DatabaseHandle | undefined;
afterEach(async () => {
  await open?.close().catch(() => {});
  open = undefined;
});

/** A statement's outcome: how it ended and how long it took. */
async function attempt(handle: DatabaseHandle) {
  const started = performance.now();
  try {
    await sql`select 1`.execute(handle.db);
    return { ok: true, ms: performance.now() - started };
  } catch (error) {
    return { ok: false, failure: isConnectionFailure(error), ms: performance.now() - started };
  }
}

describe('the pool when the server is gone', () => {
  it('a frozen server (TCP accepted, never an answer): one connection attempt at a time, every other request refused at once', async () => {
    const sockets = new Set<net.Socket>();
    let accepted = 0;
    const silent = net.createServer((socket) => {
      accepted++;
      sockets.add(socket);
      socket.on('error', () => {});
      socket.on('close', () => sockets.delete(socket));
    });
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const { port } = silent.address() as net.AddressInfo;
    try {
      open = await openDatabase({
        databaseUrl: `postgres://shop@127.0.0.1:${port}/shop`,
        timeoutMs: TIMEOUT_MS,
      });
      // The first request finds the server gone, after its connection timeout.
      const first = await attempt(open);
      expect(first).toMatchObject({ ok: false, failure: true });
      expect(accepted).toBe(1);

      // Then 5 requests every 50 ms for 2 s: 200 requests, each of which would otherwise leave
      // a connection attempt of its own behind.
      const started = performance.now();
      const rounds: Promise<Awaited<ReturnType<typeof attempt>>>[] = [];
      while (performance.now() - started < 2000) {
        for (let i = 0; i < 5; i++) rounds.push(attempt(open));
        await sleep(50);
      }
      const outcomes = await Promise.all(rounds);
      const elapsed = performance.now() - started;
      expect(outcomes.filter((outcome) => outcome.ok || !outcome.failure)).toEqual([]);
      // One attempt in flight at a time, each ending at its timeout (or later, on a busy
      // machine), plus the one in flight when the requests stopped.
      expect(accepted - 1).toBeLessThanOrEqual(Math.ceil(elapsed / TIMEOUT_MS) + 1);
      // All but those attempts were refused without waiting.
      const waited = outcomes.filter((outcome) => outcome.ms >= TIMEOUT_MS / 2);
      expect(waited.length).toBeLessThanOrEqual(accepted);
    } finally {
      for (const socket of sockets) socket.destroy();
      await new Promise((resolve) => silent.close(resolve));
    }
  });

  it.runIf(process.env.TEST_DATABASE_URL)(
    'a wait for a free connection that runs out (a busy shop) is not a server gone: the next requests are all served',
    async () => {
      // Half a second to open a connection (so a wait for a free one lasts 5 s): CI opens these
      // 10 while another test file loads both cores, and 200 ms was once too short there.
      const timeoutMs = 500;
      open = await openDatabase({ databaseUrl: process.env.TEST_DATABASE_URL!, timeoutMs });
      const handle = open;
      // Every one of the pool's 10 connections lent out until the test gives them back.
      let giveBack = () => {};
      const given = new Promise<void>((resolve) => (giveBack = resolve));
      let lent = 0;
      let allLent = () => {};
      const whenAllLent = new Promise<void>((resolve) => (allLent = resolve));
      const holders = Array.from({ length: 10 }, () =>
        handle.db.connection().execute(async () => {
          if (++lent === 10) allLent();
          await given;
        }),
      );
      // A holder that could not connect fails the test here, by name.
      await Promise.race([whenAllLent, Promise.all(holders)]);

      const waitedTooLong = await attempt(handle);
      expect(waitedTooLong).toMatchObject({ ok: false, failure: true });
      expect(waitedTooLong.ms).toBeGreaterThan(timeoutMs); // it waited, it was not refused
      giveBack();
      await Promise.all(holders);

      const outcomes = await Promise.all(Array.from({ length: 20 }, () => attempt(handle)));
      expect(outcomes.filter((outcome) => !outcome.ok)).toEqual([]);
    },
  );
});
