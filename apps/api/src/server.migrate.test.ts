import pg from 'pg';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { createAuth } from './auth/better-auth';
import { ADVISORY_LOCKS } from './db/advisory-locks';
import { type DatabaseHandle, MIGRATION_TIMEOUT_MS, openDatabase } from './db/database';
import { migrations } from './db/migrations';
import { demoTools } from './db/seed';
import { loadEnv } from './env';
import { migrateAndSeed, startServer } from './server';
import { createEmptyPostgresDatabase } from './test/databases';
import { testEnv } from './test/test-app';

/**
 * Processes starting together on one empty PostgreSQL (issue 15): here their start-up step
 * runs at the very same instant, from three pools in one process, so without the lock they
 * would all find no table and all create them.
 */
describe.skipIf(!process.env.TEST_DATABASE_URL)('migrating from several processes at once', () => {
  it('migrates and seeds once: every start succeeds, and each step is done by one of them', async () => {
    const database = await createEmptyPostgresDatabase();
    const handles: DatabaseHandle[] = [];
    try {
      // Opened as the server opens the handle it migrates with (server.ts): waiting its turn
      // behind another process's whole migration is not cut by the requests' 1 s bound.
      for (let i = 0; i < 4; i++) {
        handles.push(
          await openDatabase({ databaseUrl: database.url, timeoutMs: MIGRATION_TIMEOUT_MS }),
        );
      }
      const done: { msg: string }[][] = handles.map(() => []);
      await Promise.all(
        handles.map((handle, i) => {
          const logger = pino(
            { level: 'info' },
            { write: (line: string) => void done[i]!.push(JSON.parse(line)) },
          );
          const auth = createAuth(
            handle.db,
            testEnv,
            'a-secret-long-enough-for-better-auth-here',
            logger,
          );
          return migrateAndSeed(handle, auth, { seed: true, logger });
        }),
      );
      const steps = done.flat().map((line) => line.msg);
      expect(steps.filter((msg) => msg === 'sign-in tables migrated')).toHaveLength(1);
      expect(steps.filter((msg) => msg === 'database migrated')).toHaveLength(1);
      expect(steps.filter((msg) => msg === 'seeded demo data')).toHaveLength(1);
      const db = handles[0]!.db;
      const applied = await db
        .selectFrom('kysely_migration' as never)
        .select('name' as never)
        .execute();
      expect(applied).toHaveLength(Object.keys(migrations).length);
      const tools = await db
        .selectFrom('tools')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow();
      expect(Number(tools.n)).toBe(demoTools.length);
    } finally {
      await Promise.all(handles.map((handle) => handle.close()));
      await database.drop();
    }
  }, 60_000);

  it('waits its turn behind another process migrating for longer than the request timeout', async () => {
    const database = await createEmptyPostgresDatabase();
    const holder = new pg.Client({ connectionString: database.url });
    await holder.connect();
    try {
      // Another process's migrations hold the lock for 2.5 s: more than DATABASE_TIMEOUT_MS
      // (1 s) and its client-side bound (1.5 s), which would cut a wait made on a request's pool.
      await holder.query('select pg_advisory_lock($1)', [ADVISORY_LOCKS.migration]);
      const release = setTimeout(
        () => void holder.query('select pg_advisory_unlock($1)', [ADVISORY_LOCKS.migration]),
        2500,
      );
      const started = performance.now();
      const server = await startServer(
        loadEnv({
          DATABASE_URL: database.url,
          DATABASE_TIMEOUT_MS: '1000',
          HOST: '127.0.0.1',
          PORT: '0',
          LOG_LEVEL: 'silent',
          AUTH_SECRET: 'a-secret-long-enough-for-better-auth-here',
        }),
      );
      clearTimeout(release);
      try {
        expect(performance.now() - started).toBeGreaterThan(2400);
        expect((await fetch(`${server.url}/api/ready`)).status).toBe(200);
      } finally {
        await server.close();
      }
    } finally {
      await holder.end();
      await database.drop();
    }
  }, 60_000);
});
