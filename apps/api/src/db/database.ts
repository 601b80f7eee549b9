import path from 'node:path';
import { promisify } from 'node:util';
import { gzip as gzipCallback } from 'node:zlib';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { Kysely, Migrator, sql } from 'kysely';
import { PGliteDialect } from 'kysely-pglite-dialect';
import pg from 'pg';
import { ADVISORY_LOCKS } from './advisory-locks';
import { type CopyCsv, copyCsvFromPGlite, copyCsvFromPool } from './copy-csv';
import { lockDataDir } from './data-dir-lock';
import { migrations } from './migrations';
import { PooledPostgresDialect } from './pooled-postgres';
import { failFastPool, poolOptions } from './postgres-pool';
import type { Database } from './schema';

const gzip = promisify(gzipCallback);

export type DatabaseKind = 'pglite' | 'postgres';

export interface DatabaseHandle {
  db: Kysely<Database>;
  kind: DatabaseKind;
  /** Where the data lives, for the start message: a folder or a server (without password). */
  location: string;
  close(): Promise<void>;
  /** A bounded query's rows as CSV, formatted by the database (copy-csv.ts). */
  copyCsv: CopyCsv;
  /** PostgreSQL only: the pool's connections now, for the metrics (PGlite has one, no pool). */
  poolUse?: () => { total: number; idle: number; waiting: number };
  /** PGlite only: a snapshot of the whole database, to open copies of it quickly (tests). */
  snapshot?: () => Promise<Blob>;
  /** PGlite in a folder only: a consistent copy of the database for `npm run backup`. */
  backup?: () => Promise<DatabaseCopy>;
}

/** What a backup holds, to print and to check the copy against once restored. */
export interface DatabaseContents {
  tools: number;
  orders: number;
  users: number;
  /** The newest migration applied: the version of the schema. */
  latestMigration: string | null;
}

export interface DatabaseCopy {
  /** The PGlite data folder as a gzipped tarball (PGlite's dumpDataDir). */
  pgdata: Uint8Array;
  contents: DatabaseContents;
}

export type DatabaseConfig =
  | { databaseUrl: string; /** DATABASE_TIMEOUT_MS (env.ts). */ timeoutMs?: number }
  /** `from`: a tarball of a data folder to fill a new, empty folder with (a restore). */
  | { dataDir: string; from?: Blob }
  | { inMemory: true; from?: Blob };

/** The folder PGlite keeps its files in, inside DATA_DIR. */
export const PGDATA_FOLDER = 'pgdata';

/** DATABASE_TIMEOUT_MS's default (env.ts), for callers that do not read the environment. */
export const DEFAULT_DATABASE_TIMEOUT_MS = 1000;
/** Opens the embedded PGlite database (locked folder or memory) or a PostgreSQL server. */
export async function openDatabase(config: DatabaseConfig): Promise<DatabaseHandle> {
  if ('databaseUrl' in config) {
    const timeoutMs = config.timeoutMs ?? DEFAULT_DATABASE_TIMEOUT_MS;
    const pool = new pg.Pool(poolOptions(config.databaseUrl, timeoutMs));
    // An idle connection the server ended (restart, failover) leaves the pool by itself;
    // without a listener its error would crash the process.
    pool.on('error', () => {});
    const db = new Kysely<Database>({
      dialect: new PooledPostgresDialect({ pool: failFastPool(pool, timeoutMs) }, timeoutMs),
    });
    const url = new URL(config.databaseUrl);
    url.password = '';
    return {
      db,
      kind: 'postgres',
      location: url.toString(),
      close: () => db.destroy(),
      copyCsv: copyCsvFromPool(pool, timeoutMs),
      poolUse: () => ({
        total: pool.totalCount,
        idle: pool.idleCount,
        waiting: pool.waitingCount,
      }),
    };
  }

  const release = 'dataDir' in config ? lockDataDir(config.dataDir) : () => {};
  try {
    // Every PGlite (folder, memory, test snapshot) loads the extensions the migrations use.
    const extensions = { pg_trgm };
    const pglite = new PGlite({
      extensions,
      ...('dataDir' in config ? { dataDir: path.join(config.dataDir, PGDATA_FOLDER) } : {}),
      ...(config.from ? { loadDataDir: config.from } : {}),
    });
    await pglite.waitReady;
    const db = new Kysely<Database>({ dialect: new PGliteDialect(pglite) });
    return {
      db,
      kind: 'pglite',
      location: 'dataDir' in config ? config.dataDir : 'memory',
      close: async () => {
        await db.destroy();
        // Kysely skips its driver's destroy when no query ran yet; PGlite must close anyway.
        if (!pglite.closed) await pglite.close();
        release();
      },
      copyCsv: copyCsvFromPGlite(pglite, db),
      snapshot: () => pglite.dumpDataDir('none'),
      ...('dataDir' in config
        ? {
            backup: async () => {
              // Kysely's PGlite driver lends its one connection to one transaction at a time,
              // from BEGIN to COMMIT, and PGlite's dumpDataDir waits only for the statement
              // running, not for a transaction: holding the connection, no transaction is half
              // done while the files are copied, and none starts until the copy is taken.
              const { tarball, contents } = await db.connection().execute(async (connection) => {
                // Writes every changed page to the files, so the copy opens without
                // replaying the write-ahead log.
                await sql`checkpoint`.execute(connection);
                return {
                  contents: await countContents(connection),
                  tarball: await pglite.dumpDataDir('none'),
                };
              });
              // Compressed once the database is free again, off the event loop: the shop's
              // requests wait only for the copy of the files, not for the compression.
              return { pgdata: await gzip(new Uint8Array(await tarball.arrayBuffer())), contents };
            },
          }
        : {}),
    };
  } catch (error) {
    release();
    throw error;
  }
}

/** Counts what the shop holds, for a backup's summary and the check of its restore. */
export async function countContents(db: Kysely<Database>): Promise<DatabaseContents> {
  const { rows } = await sql<{
    tools: number;
    orders: number;
    users: number;
    latest_migration: string | null;
  }>`select (select count(*)::int from tools) as tools,
            (select count(*)::int from orders) as orders,
            (select count(*)::int from users) as users,
            (select max(name) from kysely_migration) as latest_migration`.execute(db);
  const row = rows[0]!;
  return {
    tools: row.tools,
    orders: row.orders,
    users: row.users,
    latestMigration: row.latest_migration,
  };
}

/**
 * Refreshes the planner's statistics of the catalogue and its search listing. PGlite runs no
 * autovacuum, so without this a catalogue that grew since the last start looks empty to the
 * planner, which then reads the whole table for a name search instead of using the trigram
 * index, or every part of a type for one brand's (migration 0024). ANALYZE samples at most
 * 30,000 rows, so it stays quick however large the catalogue grows; the other tables are read
 * through their keys, whatever their statistics.
 */
export async function refreshStatistics(db: Kysely<Database>): Promise<void> {
  await sql`analyze tools, part_search`.execute(db);
}

/**
 * The bound of the connection that migrates (PostgreSQL): it may wait its turn behind another
 * process's migrations and build indexes over large tables, which the request timeouts
 * (DATABASE_TIMEOUT_MS, 1 s) would cut.
 */
export const MIGRATION_TIMEOUT_MS = 600_000;

/**
 * Runs `migrate` while holding the migration lock, so processes starting together on one
 * PostgreSQL migrate (and seed) one after another: the first does the work, the others find
 * it done. Better Auth's migrations take no lock of their own, and Kysely's is left out
 * (pooled-postgres.ts).
 *
 * On PostgreSQL the lock is a transaction's (`pg_advisory_xact_lock`), held open while
 * `migrate` runs on the pool's other connections: a pooler in transaction mode keeps one
 * server connection for a transaction, never for a session, so a session lock taken through
 * it may stay held by an idle connection, or be released from another (issue 37). The lock
 * ends with the transaction: at its commit, or when the process dies holding it. PGlite has
 * one connection and one process: `migrate` runs on it, unlocked.
 */
export async function withMigrationLock<T>(
  { db, kind }: Pick<DatabaseHandle, 'db' | 'kind'>,
  migrate: (db: Kysely<Database>) => Promise<T>,
): Promise<T> {
  if (kind === 'pglite') return migrate(db);
  return db.transaction().execute(async (trx) => {
    await sql`select pg_advisory_xact_lock(${ADVISORY_LOCKS.migration})`.execute(trx);
    return migrate(db);
  });
}

/**
 * Brings the schema up to date; run at every start, before the server listens. Answers the
 * migrations this call applied.
 */
export async function migrateToLatest(db: Kysely<Database>): Promise<string[]> {
  const migrator = new Migrator({
    db,
    provider: { getMigrations: () => Promise.resolve(migrations) },
  });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((result) => result.status === 'Error');
  if (error || failed) {
    throw new Error(`Database migration ${failed?.migrationName ?? ''} failed`, { cause: error });
  }
  return (results ?? []).map((result) => result.migrationName);
}
