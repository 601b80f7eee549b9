import { type Kysely, sql } from 'kysely';

/**
 * The admins' sales dashboard (issue 18): the shop's settings (one row: the low-stock threshold
 * an admin sets), and the indexes its figures read at a million orders: paid orders by the time
 * they were paid (revenue per day, best-selling tools over the last 30 days), and orders by
 * status (their counts).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('shop_settings')
    .addColumn('id', 'integer', (col) =>
      col
        .primaryKey()
        .defaultTo(1)
        .check(sql`id = 1`),
    )
    .addColumn('low_stock_threshold', 'integer', (col) =>
      col
        .notNull()
        .defaultTo(5)
        .check(sql`low_stock_threshold >= 0`),
    )
    .execute();
  await sql`insert into shop_settings (id) values (1)`.execute(db);
  await sql`create index orders_paid_at_idx on orders (paid_at)
    where status in ('paid', 'shipped', 'delivered')`.execute(db);
  await sql`create index orders_status_idx on orders (status)`.execute(db);
  await sql`create index tools_available_idx on tools (available_quantity)
    where retired_at is null`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index tools_available_idx`.execute(db);
  await sql`drop index orders_status_idx`.execute(db);
  await sql`drop index orders_paid_at_idx`.execute(db);
  await db.schema.dropTable('shop_settings').execute();
}
