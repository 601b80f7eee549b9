import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import {
  Kysely,
  Migrator,
  PostgresDialect,
  type PostgresPool,
  type PostgresPoolClient,
  sql,
} from 'kysely';
import { PGliteDialect } from 'kysely-pglite-dialect';
import pg from 'pg';
import { isDatabaseUnavailable } from '../lib/database-unavailable';
import { lockDataDir } from './data-dir-lock';
import { migrations } from './migrations';
import type { Database } from './schema';

export type DatabaseKind = 'pglite' | 'postgres';

export interface DatabaseHandle {
  db: Kysely<Database>;
  kind: DatabaseKind;
  /** Where the data lives, for the start message: a folder or a server (without password). */
  location: string;
  close(): Promise<void>;
  /** PGlite only: a snapshot of the whole database, to open copies of it quickly (tests). */
  snapshot?: () => Promise<Blob>;
}

export type DatabaseConfig =
  | { databaseUrl: string; /** DATABASE_TIMEOUT_MS (env.ts). */ timeoutMs?: number }
  | { dataDir: string }
  | { inMemory: true; from?: Blob };

/** DATABASE_TIMEOUT_MS's default (env.ts), for callers that do not read the environment. */
export const DEFAULT_DATABASE_TIMEOUT_MS = 1000;
/** How much longer than the server's statement_timeout the client waits for any answer. */
const SILENT_SERVER_MARGIN_MS = 500;

/**
 * The pool's bounds, so a stopped or frozen server answers 503 within about 2 s (issue 15):
 * - `connectionTimeoutMillis`: both a new connection (a frozen postmaster still accepts TCP,
 *   then never answers) and a wait for a free one in the pool.
 * - `statement_timeout`: the server cancels a statement (lock waits included) itself; the
 *   connection stays usable and the transaction rolls back as usual.
 * - `query_timeout`: the client gives up on a server that does not even answer the cancel
 *   (frozen, or the network gone); that connection is then thrown away (`releasing`).
 * - TCP keep-alive finds a dead server under an idle connection.
 * With the default of 1 s: the shop's statements take milliseconds, and a purchase waits for
 * at most a few others' row lock (10 connections per process); measured under a load of
 * concurrent purchases on a busy 2-core machine, waits stay far below a second
 * (apps/api/src/db/database.outage.test.ts prints them).
 */
function poolOptions(databaseUrl: string, timeoutMs: number): pg.PoolConfig {
  return {
    connectionString: databaseUrl,
    max: 10,
    connectionTimeoutMillis: timeoutMs,
    statement_timeout: timeoutMs,
    query_timeout: timeoutMs + SILENT_SERVER_MARGIN_MS,
    keepAlive: true,
    keepAliveInitialDelayMillis: 10_000,
  };
}

/**
 * The pool as Kysely uses it, but a connection whose query failed because the server went
 * silent or away is thrown away on release instead of going back to the pool: after a
 * client-side `query_timeout` its statement may still run, possibly inside a transaction,
 * and the next request would inherit it.
 */
function releasingBrokenConnections(pool: pg.Pool): PostgresPool {
  return {
    connect: async () => {
      const client = await pool.connect();
      let broken: Error | undefined;
      // The pool listens to its idle connections only: one lent out that the server ends
      // between two statements (pg_ctl stop, a terminated backend) would otherwise throw its
      // error out of the process. Its next query fails, as it should.
      const onError = (error: Error) => (broken ??= error);
      client.on('error', onError);
      const query = (async (...args: unknown[]) => {
        try {
          return await (client.query as (...a: unknown[]) => Promise<unknown>)(...args);
        } catch (error) {
          if (isDatabaseUnavailable(error)) broken ??= error as Error;
          throw error;
        }
      }) as unknown as PostgresPoolClient['query'];
      return {
        query,
        release: () => {
          client.off('error', onError);
          client.release(broken);
        },
      };
    },
    end: () => pool.end(),
  };
}

/** Opens the embedded PGlite database (locked folder or memory) or a PostgreSQL server. */
export async function openDatabase(config: DatabaseConfig): Promise<DatabaseHandle> {
  if ('databaseUrl' in config) {
    const pool = new pg.Pool(
      poolOptions(config.databaseUrl, config.timeoutMs ?? DEFAULT_DATABASE_TIMEOUT_MS),
    );
    // An idle connection the server ended (restart, failover) leaves the pool by itself;
    // without a listener its error would crash the process.
    pool.on('error', () => {});
    const db = new Kysely<Database>({
      dialect: new PostgresDialect({ pool: releasingBrokenConnections(pool) }),
    });
    const url = new URL(config.databaseUrl);
    url.password = '';
    return { db, kind: 'postgres', location: url.toString(), close: () => db.destroy() };
  }

  const release = 'dataDir' in config ? lockDataDir(config.dataDir) : () => {};
  try {
    // Every PGlite (folder, memory, test snapshot) loads the extensions the migrations use.
    const extensions = { pg_trgm };
    const pglite =
      'dataDir' in config
        ? new PGlite(path.join(config.dataDir, 'pgdata'), { extensions })
        : new PGlite({ extensions, ...(config.from ? { loadDataDir: config.from } : {}) });
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
      snapshot: () => pglite.dumpDataDir('none'),
    };
  } catch (error) {
    release();
    throw error;
  }
}

/**
 * Refreshes the planner's statistics of the catalogue. PGlite runs no autovacuum, so without
 * this a catalogue that grew since the last start looks empty to the planner, which then reads
 * the whole table for a name search instead of using the trigram index. ANALYZE samples at
 * most 30,000 rows, so it stays quick however large the catalogue grows; the other tables are
 * read through their keys, whatever their statistics.
 */
export async function refreshStatistics(db: Kysely<Database>): Promise<void> {
  await sql`analyze tools`.execute(db);
}

/** Brings the schema up to date; run at every start, before the server listens. */
export async function migrateToLatest(db: Kysely<Database>): Promise<void> {
  const migrator = new Migrator({
    db,
    provider: { getMigrations: () => Promise.resolve(migrations) },
  });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((result) => result.status === 'Error');
  if (error || failed) {
    throw new Error(`Database migration ${failed?.migrationName ?? ''} failed`, { cause: error });
  }
}
