import path from 'node:path';
import { promisify } from 'node:util';
import { gzip as gzipCallback } from 'node:zlib';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { Kysely, Migrator, type PostgresPool, type PostgresPoolClient, sql } from 'kysely';
import { PGliteDialect } from 'kysely-pglite-dialect';
import pg from 'pg';
import { isConnectionFailure } from '../lib/database-unavailable';
import { ADVISORY_LOCKS } from './advisory-locks';
import { type CopyCsv, copyCsvFromPGlite, copyCsvFromPool } from './copy-csv';
import { lockDataDir } from './data-dir-lock';
import { migrations } from './migrations';
import { PooledPostgresDialect } from './pooled-postgres';
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
/** How much longer than the server's statement_timeout the client waits for any answer. */
const SILENT_SERVER_MARGIN_MS = 500;
/**
 * How many timeouts a request may wait for a free connection while the server is healthy
 * (a burst of requests on a busy machine): long, since a database that fails ends every
 * wait at once (`failFastPool`).
 */
const POOL_WAIT_TIMEOUTS = 10;
/** pg-pool's error when that wait ran out (pg-pool 3). */
const POOL_WAIT_TIMED_OUT = 'timeout exceeded when trying to connect';

/**
 * The pool's bounds, so a stopped or frozen server answers 503 within about 2 s (issue 15),
 * for a timeout T (DATABASE_TIMEOUT_MS, 1 s by default):
 * - a new connection gets T (a frozen postmaster still accepts TCP, then never answers);
 * - `statement_timeout` T in each transaction (`set local`, pooled-postgres.ts; not a startup
 *   parameter, which a pooler refuses): the server cancels a statement (lock waits included)
 *   itself; the connection stays usable and the transaction rolls back as usual;
 * - `query_timeout` T + 0.5 s: the client gives up on a server that does not even answer the
 *   cancel (frozen, or the network gone), or on a statement outside a transaction; that
 *   connection is then thrown away;
 * - a wait for a free connection gets 10 T, but ends at once when another request finds the
 *   database gone (`failFastPool`);
 * - TCP keep-alive finds a dead server under an idle connection.
 * The shop's statements take milliseconds; the longest legitimate wait is a purchase behind
 * the row lock of up to 9 others of its process, tens of milliseconds each even on a busy
 * 2-core machine: 200 simultaneous purchases of one tool (orders.test.ts) pass on PostgreSQL
 * with a load average of 12-19 on 2 cores.
 */
function poolOptions(databaseUrl: string, timeoutMs: number): pg.PoolConfig {
  return {
    connectionString: databaseUrl,
    max: 10,
    // pg-pool's own option bounds the wait for a free connection; the connection itself is
    // bounded by the client's (`Client` below).
    connectionTimeoutMillis: timeoutMs * POOL_WAIT_TIMEOUTS,
    Client: class extends pg.Client {
      constructor(config?: pg.ClientConfig) {
        super({ ...config, connectionTimeoutMillis: timeoutMs });
      }
    },
    query_timeout: timeoutMs + SILENT_SERVER_MARGIN_MS,
    keepAlive: true,
    keepAliveInitialDelayMillis: 10_000,
  };
}

/**
 * After the statement timeout, how long a statement outside a transaction runs before it is
 * cancelled: a transaction's statement is cut by the server itself at the timeout, first.
 */
const CANCEL_MARGIN_MS = 100;
/** A cancel's connection that the server has not closed by then is closed by the shop. */
const CANCEL_SOCKET_MS = 10_000;

/**
 * Asks the server to cancel the statement `client` runs: PostgreSQL's CancelRequest, on a
 * connection of its own (pg's). A pooler (pgbouncer) passes it to the server connection the
 * client is linked to. The server then ends the statement with query_canceled (57014), as its
 * own statement_timeout would. Nothing is awaited: a server too frozen to take it is found out
 * by the client's `query_timeout`.
 */
function cancelStatement(client: pg.PoolClient) {
  const { processID, secretKey, host, port } = client as unknown as {
    processID: number | null;
    secretKey: number | null;
    host: string;
    port: number;
  };
  if (processID === null || secretKey === null) return;
  // pg's own protocol connection (what pg's Client.cancel uses); its typings omit these.
  const connection = new pg.Connection() as unknown as {
    on(event: 'connect' | 'error', listener: () => void): void;
    connect(portOrPath: number | string, host?: string): void;
    cancel(processID: number, secretKey: number): void;
    stream: { destroy(): void };
  };
  connection.on('error', () => {});
  // The cancel alone: the server closes the connection after it. Anything more on it (pg's
  // `end`, a Terminate message) makes pgbouncer 1.18 stop with "bad client state: 7".
  connection.on('connect', () => connection.cancel(processID, secretKey));
  setTimeout(() => connection.stream.destroy(), CANCEL_SOCKET_MS).unref();
  if (host.startsWith('/')) connection.connect(`${host}/.s.PGSQL.${port}`);
  else connection.connect(port, host);
}

/**
 * The pool as Kysely uses it, with two rules for a server gone silent or away:
 * - fail fast: when a connection attempt or a query finds it so, every request waiting for
 *   a free connection fails with that error now, instead of each waiting its turn to find
 *   out (with 100 waiting and 10 connections, the last would wait 10 timeouts);
 * - a connection whose query failed so is thrown away on release, not pooled again: after a
 *   client-side `query_timeout` its statement may still run, possibly inside a transaction,
 *   which the next request would inherit;
 * - one attempt at a time while the server is gone: once a new connection failed, one request
 *   tries again and the others fail at once with that error, until one connects. Otherwise
 *   every request of an outage leaves a connection attempt behind in the pool's queue, and a
 *   server frozen for 15 s finds about 150 of them waiting when it wakes, which it works
 *   through before serving anyone (issue 32).
 */
function failFastPool(pool: pg.Pool, timeoutMs: number): PostgresPool {
  const waiting = new Set<(error: Error) => void>();
  /** Why the last new connection failed, until one succeeds; a request is trying meanwhile. */
  let gone: Error | undefined;
  let trying = false;
  const failAllWaiting = (error: unknown) => {
    if (!isConnectionFailure(error)) return;
    for (const fail of waiting) fail(error as Error);
  };

  // Every connection, from its first use to its end, lent out or idle: pg-pool listens to
  // idle ones only, and an 'error' event nobody listens to (the server ends a lent connection
  // between two statements: pg_ctl stop, a terminated backend) would end the process.
  const broken = new WeakMap<pg.PoolClient, Error>();
  /** Connections not to lend again, and why: a cancel sent, a transaction that did not begin. */
  const spoiled = new WeakMap<pg.PoolClient, Error>();
  pool.on('connect', (client) => {
    client.on('error', (error) => {
      broken.set(client, error);
      failAllWaiting(error);
    });
  });

  // One wrapper per connection, made at its first loan: Kysely keeps its own connection object
  // per wrapper, so a new one per loan would be rebuilt for every statement. pg's callback forms
  // are used because each promise costs every request's async hooks on Node 20 (decision 017).
  const wrappers = new WeakMap<pg.PoolClient, PostgresPoolClient>();
  const wrapperOf = (client: pg.PoolClient): PostgresPoolClient => {
    let wrapper = wrappers.get(client);
    if (wrapper) return wrapper;
    // Whether the connection is inside a transaction, from the statements Kysely sends to begin
    // and end one (pooled-postgres.ts; `rollback to savepoint` does not end it).
    let inTransaction = false;
    const query = (sql: string, parameters: unknown[]) =>
      new Promise((resolve, reject) => {
        const ends = sql === 'commit' || sql === 'rollback';
        const begins = sql.startsWith('begin') || sql.startsWith('start transaction');
        if (begins) inTransaction = true;
        // The statement timeout of a statement outside a transaction, asked of the server as
        // psql's Ctrl-C asks it. A transaction's statements the server cuts itself at the
        // timeout (`set local`, pooled-postgres.ts): no timer, and no cancel racing its own.
        const timer = inTransaction
          ? undefined
          : setTimeout(() => {
              spoiled.set(client, new Error('statement cancelled'));
              cancelStatement(client);
            }, timeoutMs + CANCEL_MARGIN_MS);
        client.query(sql, parameters, (error, result) => {
          clearTimeout(timer);
          if (ends) inTransaction = false;
          if (!error) return resolve(result);
          if (begins) {
            // Its `begin` may have opened the transaction that the statement after it (`set
            // local`) then aborted, and Kysely rolls back only a transaction that began: lent
            // again, the connection would answer "current transaction is aborted".
            inTransaction = false;
            spoiled.set(client, new Error('transaction did not begin'));
          }
          if (isConnectionFailure(error)) {
            broken.set(client, error);
            failAllWaiting(error);
          }
          reject(error);
        });
      });
    wrapper = {
      query: query as unknown as PostgresPoolClient['query'],
      // A connection a cancel was sent to is not lent again (a cancel that arrives after its
      // statement ended cuts whatever the connection runs next), nor one whose begin failed.
      release: () => client.release(broken.get(client) ?? spoiled.get(client)),
    };
    wrappers.set(client, wrapper);
    return wrapper;
  };

  const connect = () =>
    new Promise<PostgresPoolClient>((resolve, reject) => {
      if (gone && trying) return reject(gone);
      const tries = gone !== undefined;
      if (tries) trying = true;
      const fail = (error: Error) => {
        waiting.delete(fail);
        reject(error);
      };
      waiting.add(fail);
      pool.connect((error, client) => {
        const stillWaiting = waiting.delete(fail);
        if (tries) trying = false;
        if (error || !client) {
          // A wait for a free connection that ran out says the shop is busy, not that the
          // server is gone.
          if (isConnectionFailure(error) && error?.message !== POOL_WAIT_TIMED_OUT) {
            gone = error as Error;
          }
          if (stillWaiting) reject(error);
          // Even from an attempt its request gave up on: it stood in the pool's queue ahead
          // of the requests still waiting.
          failAllWaiting(error);
        } else {
          gone = undefined;
          if (stillWaiting) resolve(wrapperOf(client));
          // Its request gave up (fail fast) while it was queued: given back at once.
          else client.release();
        }
      });
    });

  return { connect, end: () => pool.end() };
}

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
