import {
  type DatabaseHandle,
  MIGRATION_TIMEOUT_MS,
  migrateToLatest,
  openDatabase,
  withMigrationLock,
} from '../db/database';
import type { Env } from '../env';

/**
 * The shop's database as an operator's command opens it (DATABASE_URL, or the embedded one in
 * DATA_DIR), migrated. Servers may be starting on the same PostgreSQL: their migrations and this
 * one take turns, and the command may wait its turn behind them.
 */
export async function openOperatorDatabase(
  env: Pick<Env, 'DATABASE_URL' | 'DATABASE_DIRECT_URL' | 'DATA_DIR'>,
): Promise<DatabaseHandle> {
  const database = await openDatabase(
    env.DATABASE_URL
      ? {
          databaseUrl: env.DATABASE_DIRECT_URL ?? env.DATABASE_URL,
          timeoutMs: MIGRATION_TIMEOUT_MS,
        }
      : { dataDir: env.DATA_DIR },
  );
  try {
    await withMigrationLock(database, migrateToLatest);
    return database;
  } catch (error) {
    await database.close();
    throw error;
  }
}
