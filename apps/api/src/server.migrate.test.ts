import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { createAuth } from './auth/better-auth';
import { type DatabaseHandle, openDatabase } from './db/database';
import { migrations } from './db/migrations';
import { demoTools } from './db/seed';
import { migrateAndSeed } from './server';
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
      for (let i = 0; i < 4; i++) handles.push(await openDatabase({ databaseUrl: database.url }));
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
          return migrateAndSeed(handle.db, auth, { seed: true, logger });
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
});
