import { type Kysely, sql } from 'kysely';

/**
 * A search with no words that names a brand, with or without a part type ("Dell", "Dell
 * batteries"), reads its page from an index in the order it lists, as a part type alone does
 * (migration 0023). Before, PostgreSQL had no statistics for `lower(brand)`, guessed that 45
 * of 9,091 batteries were Dell's (758 are, at 100,000 parts) and read every battery's row to
 * keep them: 24 ms at the median, 58 ms at the 99th percentile. An index on the expression
 * gives the planner its statistics too (`analyze`, here and at each start).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  for (const [name, columns] of [
    ['part_search_brand_newest_idx', 'lower(brand), created_at, tool_id'],
    ['part_search_category_brand_newest_idx', 'category_id, lower(brand), created_at, tool_id'],
  ] as const) {
    await sql`create index ${sql.raw(name)} on part_search (${sql.raw(columns)})
      where on_sale`.execute(db);
  }
  await sql`analyze part_search`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index part_search_category_brand_newest_idx`.execute(db);
  await sql`drop index part_search_brand_newest_idx`.execute(db);
}
