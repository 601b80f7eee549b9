import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'kysely';
import {
  type DatabaseHandle,
  MIGRATION_TIMEOUT_MS,
  PGDATA_FOLDER,
  migrateToLatest,
  openDatabase,
  withMigrationLock,
} from '../db/database';
import type { Env } from '../env';

type OperatorEnv = Pick<Env, 'DATABASE_URL' | 'DATABASE_DIRECT_URL' | 'DATA_DIR'>;

/** The database an operator's command was pointed at holds no shop: it made nothing. */
export class NoShopDatabaseError extends Error {}

/**
 * Which database the command opens, for its first line: the data folder's absolute path, or
 * the PostgreSQL server, database and user. Never a password, nor the address's parameters
 * (a `?password=` or `sslpassword=` may sit there).
 */
export function describeOperatorDatabase(env: OperatorEnv): string {
  if (!env.DATABASE_URL) return `the embedded database in ${path.resolve(env.DATA_DIR)} (DATA_DIR)`;
  const variable = env.DATABASE_DIRECT_URL ? 'DATABASE_DIRECT_URL' : 'DATABASE_URL';
  const url = new URL(env.DATABASE_DIRECT_URL ?? env.DATABASE_URL);
  const user = decodeURIComponent(url.username);
  // As libpq: no host means the local socket, no database means the user's name.
  const host = url.hostname || url.searchParams.get('host') || 'localhost';
  const database = decodeURIComponent(url.pathname.slice(1)) || user;
  const port = url.port || '5432';
  return `PostgreSQL database "${database}" on ${host}:${port}${user ? ` as ${user}` : ''} (${variable})`;
}

/** Whether a PGlite data folder is there: what the shop's first start writes. */
const holdsEmbeddedDatabase = (dataDir: string) =>
  fs.existsSync(path.join(dataDir, PGDATA_FOLDER, 'PG_VERSION'));

/** Whether the shop ever migrated this database (Kysely's table of applied migrations). */
async function holdsShopSchema(database: DatabaseHandle): Promise<boolean> {
  const { rows } = await sql<{
    found: boolean;
  }>`select to_regclass('kysely_migration') is not null as found`.execute(database.db);
  return rows[0]?.found === true;
}

function noShopDatabase(env: OperatorEnv, why: string): NoShopDatabaseError {
  if (!env.DATABASE_URL) {
    const folder = path.resolve(env.DATA_DIR);
    return new NoShopDatabaseError(
      `There is no shop database in ${folder} (DATA_DIR): ${why}. Nothing was created. ` +
        'Set DATA_DIR to the folder the shop runs with (its start line says "data in ..."), ' +
        'for example DATA_DIR=/var/lib/shop/data, and run this again.',
    );
  }
  return new NoShopDatabaseError(
    `There is no shop database at ${describeOperatorDatabase(env)}: ${why}. Nothing was created. ` +
      'Set DATABASE_URL to the database the shop runs with, and run this again.',
  );
}

/**
 * The shop's database as an operator's command opens it (DATABASE_URL, or the embedded one in
 * DATA_DIR), migrated. Servers may be starting on the same PostgreSQL: their migrations and this
 * one take turns, and the command may wait its turn behind them.
 *
 * Unless `create` is set, it must be a shop's database already: pointed at a folder that is not
 * the shop's (DATA_DIR forgotten, it defaults to ./data), a command would otherwise make a new,
 * empty database there and find nobody in it (issue 49).
 */
export async function openOperatorDatabase(
  env: OperatorEnv,
  options: { create?: boolean } = {},
): Promise<DatabaseHandle> {
  if (!env.DATABASE_URL && !options.create && !holdsEmbeddedDatabase(env.DATA_DIR)) {
    throw noShopDatabase(
      env,
      fs.existsSync(env.DATA_DIR) ? 'the folder holds no database' : 'the folder does not exist',
    );
  }
  const database = await openDatabase(
    env.DATABASE_URL
      ? {
          databaseUrl: env.DATABASE_DIRECT_URL ?? env.DATABASE_URL,
          timeoutMs: MIGRATION_TIMEOUT_MS,
        }
      : { dataDir: env.DATA_DIR },
  );
  try {
    if (!options.create && !(await holdsShopSchema(database))) {
      throw noShopDatabase(env, 'the shop has never started on it');
    }
    await withMigrationLock(database, migrateToLatest);
    return database;
  } catch (error) {
    await database.close();
    throw error;
  }
}
