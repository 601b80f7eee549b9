import { setTimeout as sleep } from 'node:timers/promises';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type TestDatabase,
  createEmptyPostgresDatabase,
  createTestDatabase,
  describeEachDatabase,
  testDatabaseKinds,
} from '../test/databases';
import { type DatabaseHandle, openDatabase } from './database';

const csvOf = async (database: DatabaseHandle, said: string | null, header: boolean) =>
  new TextDecoder().decode(
    await database.copyCsv(
      sql`select ${said}::text as "Said", ${42}::int as "Number"`.compile(database.db),
      header,
    ),
  );

describeEachDatabase('a query copied out as CSV by the database', (kind) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase(kind, async () => {});
  });
  afterAll(() => database.close());

  it('writes the header only when asked', async () => {
    expect(await csvOf(database, 'plain', true)).toBe('Said,Number\nplain,42\n');
    expect(await csvOf(database, 'plain', false)).toBe('plain,42\n');
    expect(await csvOf(database, null, false)).toBe(',42\n');
  });

  it('writes a parameter in as a literal that no quote or backslash escapes from', async () => {
    const said = `O'Brien, "Bob" \\ x'); select 1/0; --\nnext line`;
    // COPY's CSV: quoted, its quotes doubled; the text comes back as it was given.
    expect(await csvOf(database, said, false)).toBe(
      `"O'Brien, ""Bob"" \\ x'); select 1/0; --\nnext line",42\n`,
    );
  });

  it("answers the database's error, and copies again afterwards", async () => {
    const failing = sql`select 1 / (${0}::int - 0) as "Broken"`.compile(database.db);
    await expect(database.copyCsv(failing, true)).rejects.toThrow(/division by zero/);
    expect(await csvOf(database, 'again', false)).toBe('again,42\n');
  });
});

describe.skipIf(!testDatabaseKinds.includes('postgres'))(
  'CSV copies on a PostgreSQL pool with a short query timeout',
  () => {
    let database: DatabaseHandle;
    let drop = async () => {};
    beforeAll(async () => {
      const empty = await createEmptyPostgresDatabase();
      database = await openDatabase({ databaseUrl: empty.url, timeoutMs: 100 });
      drop = empty.drop;
    });
    afterAll(async () => {
      await database.close();
      await drop();
    });

    it('run without JIT, and leave the pooled connection as it was', async () => {
      const jit = sql`select current_setting('jit') as "Jit"`;
      const copied = await database.copyCsv(jit.compile(database.db), false);
      expect(new TextDecoder().decode(copied)).toBe('off\n');
      const { rows } = await jit.execute(database.db);
      expect(rows).toEqual([{ Jit: 'on' }]);
    });

    it('are cut by the server at the statement timeout, which a pooler would not pass at the start', async () => {
      const slow = sql`select pg_sleep(${2})::text as "Slept"`.compile(database.db);
      const started = performance.now();
      await expect(database.copyCsv(slow, false)).rejects.toThrow(/statement timeout/);
      expect(performance.now() - started).toBeLessThan(1_000);
      expect(await csvOf(database, 'after', false)).toBe('after,42\n');
    });

    it('keep the pool working after the timeout has passed', async () => {
      expect(await csvOf(database, 'first', false)).toBe('first,42\n');
      // pg's query_timeout timer (100 ms plus a 500 ms margin) is never stopped for a copy
      // (pg-copy-streams issue #156): it fires on the finished copy, which must not fail the
      // process (an unhandled error fails this file) nor the connection it gave back.
      await sleep(1_000);
      expect(await csvOf(database, 'second', false)).toBe('second,42\n');
    });
  },
);
