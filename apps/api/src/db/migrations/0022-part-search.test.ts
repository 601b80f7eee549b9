import { Migrator, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrateToLatest } from '../database';
import { type TestDatabase, createTestDatabase, testDatabaseKinds } from '../../test/databases';
import { migrations } from './index';

describe.each(testDatabaseKinds)('migration 0022, the parts search [%s]', (kind) => {
  let database: TestDatabase;
  const migrator = () =>
    new Migrator({
      db: database.db,
      provider: { getMigrations: () => Promise.resolve(migrations) },
    });
  beforeAll(async () => {
    database = await createTestDatabase(kind, async (handle) => {
      const { error } = await new Migrator({
        db: handle.db,
        provider: { getMigrations: () => Promise.resolve(migrations) },
      }).migrateTo('0021-parts-catalogue');
      if (error) throw error;
    });
    // A part with a number, sold before the migration.
    const { id } = await database.db
      .insertInto('tools')
      .values({
        name: 'Spare Battery 48Wh',
        img: '/images/tools/laptop-battery.svg',
        description: 'Old pack',
        min_order_quantity: 1,
        available_quantity: 5,
        price_cents: 4500,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await database.db
      .insertInto('part_numbers')
      .values({ tool_id: id, kind: 'fru', maker: 'Lenovo', number: '01-AV-431' })
      .execute();
    await migrateToLatest(database.db);
  });
  afterAll(() => database.close());

  const documentMatches = async (words: string) =>
    (
      await sql<{ n: number }>`select count(*)::int as n from part_search
        where document @@ to_tsquery('english', ${words})`.execute(database.db)
    ).rows[0]!.n;

  it('writes a document for every part sold before it, with its normalised numbers', async () => {
    expect(await documentMatches('01av431')).toBe(1);
    expect(await documentMatches('batteri & spare')).toBe(1);
  });

  it('goes down and up again', async () => {
    const down = await migrator().migrateTo('0021-parts-catalogue');
    expect(down.error).toBeUndefined();
    const tables = await sql<{ n: number }>`select count(*)::int as n from information_schema.tables
      where table_name = 'part_search'`.execute(database.db);
    expect(tables.rows[0]!.n).toBe(0);
    await migrateToLatest(database.db);
    expect(await documentMatches('01av431')).toBe(1);
  });
});
