import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { Kysely, Migrator, PostgresDialect, sql } from 'kysely';
import { PGliteDialect } from 'kysely-pglite-dialect';
import pg from 'pg';
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
  /** PostgreSQL only: the pool's connections now, for the metrics (PGlite has one, no pool). */
  poolUse?: () => { total: number; idle: number; waiting: number };
  /** PGlite only: a snapshot of the whole database, to open copies of it quickly (tests). */
  snapshot?: () => Promise<Blob>;
}

export type DatabaseConfig =
  { databaseUrl: string } | { dataDir: string } | { inMemory: true; from?: Blob };

/** Opens the embedded PGlite database (locked folder or memory) or a PostgreSQL server. */
export async function openDatabase(config: DatabaseConfig): Promise<DatabaseHandle> {
  if ('databaseUrl' in config) {
    const pool = new pg.Pool({ connectionString: config.databaseUrl, max: 10 });
    // An idle connection the server ended (restart, failover) leaves the pool by itself;
    // without a listener its error would crash the process.
    pool.on('error', () => {});
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
    const url = new URL(config.databaseUrl);
    url.password = '';
    return {
      db,
      kind: 'postgres',
      location: url.toString(),
      close: () => db.destroy(),
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
