/**
 * PostgreSQL as the shop uses it, with nothing of a session relied on (issue 37): each
 * transaction's statement timeout is the server's own, a statement outside a transaction is
 * cancelled by the shop, and the migrations take no session lock.
 */
import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEmptyPostgresDatabase, testDatabaseKinds } from '../test/databases';
import {
  type DatabaseHandle,
  MIGRATION_TIMEOUT_MS,
  migrateToLatest,
  openDatabase,
} from './database';

const TIMEOUT_MS = 300;
/** Kysely's migration lock: a session advisory lock on this key (its PostgresAdapter). */
const KYSELY_LOCK_ID = '3853314791062309107';

describe.skipIf(!testDatabaseKinds.includes('postgres'))('PostgreSQL without session state', () => {
  let url: string;
  let drop = async () => {};
  let database: DatabaseHandle;
  let other: pg.Client;
  beforeAll(async () => {
    const empty = await createEmptyPostgresDatabase();
    url = empty.url;
    drop = empty.drop;
    database = await openDatabase({ databaseUrl: url, timeoutMs: TIMEOUT_MS });
    other = new pg.Client({ connectionString: url });
    await other.connect();
    await other.query('create table parts (id int primary key); insert into parts values (1)');
  });
  afterAll(async () => {
    await other?.end();
    await database?.close();
    await drop();
  });

  /** Runs `wait` while another session holds the part's row, and how long it took. */
  async function behindRowLock(wait: () => Promise<unknown>) {
    await other.query('begin');
    await other.query('select id from parts where id = 1 for update');
    const started = performance.now();
    try {
      const outcome = await wait().then(
        () => new Error('the statement was not cut'),
        (error: unknown) => error as Error,
      );
      return { error: outcome, ms: performance.now() - started };
    } finally {
      await other.query('rollback');
    }
  }

  const lockWaits = async () =>
    (
      await other.query<{ n: number }>(
        "select count(*)::int as n from pg_stat_activity where wait_event_type = 'Lock'",
      )
    ).rows[0]!.n;

  it("cuts a transaction's statement at the timeout on the server's side, and pools its connection again", async () => {
    const locked = sql`select id from parts where id = 1 for update`;
    await database.db.transaction().execute((trx) => sql`select 1`.execute(trx));
    const before = database.poolUse!().total;
    const { error, ms } = await behindRowLock(() =>
      database.db.transaction().execute((trx) => locked.execute(trx)),
    );
    // The server's own statement_timeout (`set local`), before the client's query_timeout
    // (the timeout + 500 ms), which would answer "Query read timeout".
    expect(error.message).toMatch(/statement timeout/);
    expect(ms).toBeLessThan(TIMEOUT_MS + 400);
    expect(await lockWaits()).toBe(0);
    expect(database.poolUse!().total).toBe(before);
    const { rows } = await database.db
      .transaction()
      .execute((trx) => sql<{ statement_timeout: string }>`show statement_timeout`.execute(trx));
    expect(rows).toEqual([{ statement_timeout: `${TIMEOUT_MS}ms` }]);
  });

  it('cancels a statement outside a transaction just after the timeout, and closes its connection', async () => {
    await sql`select 1`.execute(database.db);
    const before = database.poolUse!().total;
    const { error, ms } = await behindRowLock(() =>
      sql`select id from parts where id = 1 for update`.execute(database.db),
    );
    expect(error.message).toMatch(/canceling statement due to user request/);
    expect(ms).toBeLessThan(TIMEOUT_MS + 400);
    expect(await lockWaits()).toBe(0);
    // Not lent again: a cancel that came late would cut whatever the connection ran next.
    expect(database.poolUse!().total).toBe(before - 1);
    // The session has no timeout of its own: nothing was set outside a transaction.
    const { rows } = await sql<{ statement_timeout: string }>`show statement_timeout`.execute(
      database.db,
    );
    expect(rows).toEqual([{ statement_timeout: '0' }]);
  });

  it('does not lend again a connection whose begin failed after opening its transaction', async () => {
    await sql`select 1`.execute(database.db);
    const before = database.poolUse!().total;
    // As a begin fails when the statement sent with it fails (pooled-postgres.ts): the
    // transaction is open and aborted, and Kysely rolls back only a transaction that began.
    const failed = await sql`begin; select 1 / 0`.execute(database.db).then(
      () => new Error('the begin did not fail'),
      (error: unknown) => error as Error,
    );
    expect(failed.message).toMatch(/division by zero/);
    expect(database.poolUse!().total).toBe(before - 1);
    // Lent again, the same connection would answer "current transaction is aborted".
    const { rows } = await sql<{ one: number }>`select 1 as one`.execute(database.db);
    expect(rows).toEqual([{ one: 1 }]);
    await database.db.transaction().execute((trx) => sql`select 1`.execute(trx));
  });

  it("migrates while Kysely's session lock is held elsewhere: it takes none", async () => {
    const migrating = await openDatabase({ databaseUrl: url, timeoutMs: MIGRATION_TIMEOUT_MS });
    await other.query('select pg_advisory_lock($1)', [KYSELY_LOCK_ID]);
    try {
      const done = migrateToLatest(migrating.db).then(() => 'migrated');
      const stuck = new Promise((resolve) => setTimeout(() => resolve('waiting'), 20_000).unref());
      expect(await Promise.race([done, stuck])).toBe('migrated');
    } finally {
      await other.query('select pg_advisory_unlock($1)', [KYSELY_LOCK_ID]);
      await migrating.close();
    }
  }, 60_000);
});
