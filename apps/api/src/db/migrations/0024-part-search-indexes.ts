import { type Kysely, sql } from 'kysely';

/**
 * Two ways the parts search at 100,000 parts read far more than it lists (issue 33):
 *
 * - A search with no words that names a brand, with or without a part type ("Dell", "Dell
 *   batteries"), now reads its page from an index in the order it lists, as a part type alone
 *   does (migration 0023). Before, PostgreSQL had no statistics for `lower(brand)`, guessed
 *   that 45 of 9,091 batteries were Dell's (758 are) and read every battery's row to keep
 *   them. An index on the expression gives the planner its statistics too (`analyze`, here
 *   and at each start).
 * - The parts that fit a model (a model page, "t480 battery") are read from an index that
 *   carries their listing, not from their rows: a row holds the part's search document too,
 *   about 800 bytes, so 50 parts were 50 pages read.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  for (const [name, columns] of [
    ['part_search_brand_newest_idx', 'lower(brand), created_at, tool_id'],
    ['part_search_category_brand_newest_idx', 'category_id, lower(brand), created_at, tool_id'],
  ] as const) {
    await sql`create index ${sql.raw(name)} on part_search (${sql.raw(columns)})
      where on_sale`.execute(db);
  }
  await sql`create index part_search_listing_idx on part_search (tool_id)
    include (category_id, brand, condition, price_cents, created_at, name, in_stock)
    where on_sale`.execute(db);
  await sql`analyze part_search`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index part_search_listing_idx`.execute(db);
  await sql`drop index part_search_category_brand_newest_idx`.execute(db);
  await sql`drop index part_search_brand_newest_idx`.execute(db);
}
