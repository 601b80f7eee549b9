import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { refreshStatistics } from '../database';
import { type TestDatabase, createTestDatabase, testDatabaseKinds } from '../../test/databases';
import { SIGN_IN_AND_SHOP_SCHEMA } from '../../test/test-app';

describe.each(testDatabaseKinds)('migration 0024, the parts search indexes [%s]', (kind) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase(kind, SIGN_IN_AND_SHOP_SCHEMA);
  });
  afterAll(() => database?.close());

  it('indexes a brand listing in its order, and each start gives the planner the share of each brand', async () => {
    await database.db
      .insertInto('tools')
      .values(
        ['Dell', 'Dell', 'Dell', 'Lenovo'].map((brand, i) => ({
          name: `Battery ${i}`,
          img: '/images/tools/laptop-battery.svg',
          description: 'Spare',
          min_order_quantity: 1,
          available_quantity: 5,
          price_cents: 4500,
          brand,
        })),
      )
      .execute();
    const indexes = await sql<{ indexname: string; indexdef: string }>`
      select indexname, indexdef from pg_indexes
      where tablename = 'part_search' and indexname like '%brand%' order by indexname`.execute(
      database.db,
    );
    expect(indexes.rows.map((row) => row.indexname)).toEqual([
      'part_search_brand_newest_idx',
      'part_search_category_brand_newest_idx',
    ]);
    expect(
      indexes.rows.every((row) => /lower\(brand\).*created_at.*WHERE on_sale/.test(row.indexdef)),
    ).toBe(true);
    await refreshStatistics(database.db);
    // What the planner knows of lower(brand): Dell's parts are three in four.
    const stats = await sql<{ values: string; shares: number[] }>`
      select most_common_vals::text as values, most_common_freqs as shares from pg_stats
      where tablename = 'part_search_brand_newest_idx'`.execute(database.db);
    expect(stats.rows[0]?.values).toBe('{dell}');
    expect(stats.rows[0]?.shares.map((share) => Math.round(share * 100))).toEqual([75]);
  });

  it('lists parts found by their ids (the parts a model fits) from an index alone', async () => {
    await sql`vacuum part_search`.execute(database.db);
    const plan = await database.db.transaction().execute(async (trx) => {
      // However few the rows: what is asked is whether the index holds all that is read.
      await sql`set local enable_seqscan = off`.execute(trx);
      await sql`set local enable_bitmapscan = off`.execute(trx);
      return sql<Record<string, string>>`
        explain select ps.tool_id, ps.category_id, ps.brand, ps.condition, ps.price_cents,
          ps.created_at, ps.name
        from part_search ps
        where ps.tool_id = any(array(select id from tools)) and ps.on_sale and ps.in_stock`.execute(
        trx,
      );
    });
    const text = plan.rows.map((row) => Object.values(row)[0]).join('\n');
    expect(text).toContain('Index Only Scan using part_search_listing_idx');
  });
});
