import { Migrator, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrateToLatest } from '../database';
import { type TestDatabase, createTestDatabase, testDatabaseKinds } from '../../test/databases';
import { migrations } from './index';

interface Counted {
  category: string;
  brand: string;
  condition: string;
  in_stock: boolean;
  parts: number;
}

describe.each(testDatabaseKinds)('migration 0023, the parts listing [%s]', (kind) => {
  let database: TestDatabase;
  let category: (slug: string) => Promise<string>;
  beforeAll(async () => {
    database = await createTestDatabase(kind, async (handle) => {
      const { error } = await new Migrator({
        db: handle.db,
        provider: { getMigrations: () => Promise.resolve(migrations) },
      }).migrateTo('0022-part-search');
      if (error) throw error;
    });
    // Parts on sale before the migration: one in stock, one sold out, one retired.
    await database.db
      .insertInto('tools')
      .values(
        [
          ['Spare Battery 48Wh', 5, null],
          ['Spare Battery 24Wh', 0, null],
          ['Old Fan', 3, new Date()],
        ].map(([name, available, retiredAt]) => ({
          name: name as string,
          img: '/images/tools/laptop-battery.svg',
          description: 'Spare',
          min_order_quantity: 1,
          available_quantity: available as number,
          price_cents: 4500,
          brand: 'Lenovo',
          retired_at: retiredAt as Date | null,
        })),
      )
      .execute();
    await migrateToLatest(database.db);
    category = async (slug) =>
      (
        await database.db
          .selectFrom('categories')
          .select('id')
          .where('slug', '=', slug)
          .executeTakeFirstOrThrow()
      ).id;
  });
  afterAll(() => database.close());

  /** The kept counts, and the counts read from every part on sale, by hand. */
  async function counts() {
    const kept = await sql<Counted>`
      select c.slug as category, f.brand, f.condition, f.in_stock, f.parts
      from part_facet_counts f join categories c on c.id = f.category_id
      where f.parts > 0 order by 1, 2, 3, 4`.execute(database.db);
    const actual = await sql<Counted>`
      select c.slug as category, t.brand, t.condition,
        t.available_quantity >= t.min_order_quantity as in_stock, count(*)::int as parts
      from tools t join categories c on c.id = t.category_id
      where t.retired_at is null group by 1, 2, 3, 4 order by 1, 2, 3, 4`.execute(database.db);
    return { kept: kept.rows, actual: actual.rows };
  }

  /** Each part's listing, and what its tool says. */
  async function listings() {
    const listed = await sql`
      select tool_id as id, category_id, brand, condition, price_cents, created_at, name,
        on_sale, in_stock
      from part_search order by tool_id`.execute(database.db);
    const tools = await sql`
      select id, category_id, brand, condition, price_cents, created_at, name,
        retired_at is null as on_sale, available_quantity >= min_order_quantity as in_stock
      from tools order by id`.execute(database.db);
    return { listed: listed.rows, tools: tools.rows };
  }

  async function expectInStep() {
    const { kept, actual } = await counts();
    expect(kept).toEqual(actual);
    const { listed, tools } = await listings();
    expect(listed).toEqual(tools);
  }

  it('counts the parts sold before it: on sale only, by stock side', async () => {
    const { kept } = await counts();
    expect(kept).toEqual([
      { category: 'other', brand: 'Lenovo', condition: 'new', in_stock: false, parts: 1 },
      { category: 'other', brand: 'Lenovo', condition: 'new', in_stock: true, parts: 1 },
    ]);
    await expectInStep();
  });

  it('follows additions, edits, sales, retirements and erasures', async () => {
    const battery = await category('battery');
    const added = await database.db
      .insertInto('tools')
      .values(
        ['A', 'B', 'C'].map((letter) => ({
          name: `Battery ${letter}`,
          img: '/images/tools/laptop-battery.svg',
          description: 'New',
          min_order_quantity: 2,
          available_quantity: 2,
          price_cents: 1000,
          category_id: battery,
          brand: 'Dell',
        })),
      )
      .returning('id')
      .execute();
    await expectInStep();
    const [a, b, c] = added.map((row) => row.id) as [string, string, string];

    // A sale that leaves the minimum in stock changes no listing; one past it does.
    await database.db
      .updateTable('tools')
      .set({ available_quantity: 1 })
      .where('id', '=', a)
      .execute();
    await expectInStep();
    await database.db
      .updateTable('tools')
      .set({ available_quantity: 9 })
      .where('id', '=', a)
      .execute();
    await database.db
      .updateTable('tools')
      .set({ price_cents: 1500, condition: 'refurbished', brand: 'HP' })
      .where('id', '=', b)
      .execute();
    await expectInStep();
    await database.db
      .updateTable('tools')
      .set({ category_id: await category('fan'), name: 'Fan C' })
      .where('id', '=', c)
      .execute();
    await expectInStep();
    await database.db
      .updateTable('tools')
      .set({ retired_at: new Date() })
      .where('id', '=', a)
      .execute();
    await expectInStep();
    await database.db.updateTable('tools').set({ retired_at: null }).where('id', '=', a).execute();
    await expectInStep();
    await database.db.deleteFrom('tools').where('id', 'in', [b, c]).execute();
    await expectInStep();
    const { kept } = await counts();
    expect(kept.filter((row) => row.category === 'battery')).toEqual([
      { category: 'battery', brand: 'Dell', condition: 'new', in_stock: true, parts: 1 },
    ]);
  });

  it('goes down and up again', async () => {
    const migrator = new Migrator({
      db: database.db,
      provider: { getMigrations: () => Promise.resolve(migrations) },
    });
    expect((await migrator.migrateTo('0022-part-search')).error).toBeUndefined();
    const tables = await sql<{ n: number }>`select count(*)::int as n from information_schema.tables
      where table_name = 'part_facet_counts'`.execute(database.db);
    expect(tables.rows[0]!.n).toBe(0);
    await migrateToLatest(database.db);
    await expectInStep();
  });
});
