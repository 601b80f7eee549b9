import { type Kysely, sql } from 'kysely';

/**
 * Unpaid orders hold their stock for a limited time (issue 13):
 *
 * - `orders.pay_by`: the deadline of an unpaid order; past it the expiry job cancels the
 *   order and returns its stock. Orders unpaid at this upgrade get an hour from now, so
 *   nobody's order vanishes the moment the shop restarts.
 * - `orders.expiry_lease_until`: a process that is expiring an order claims it until then,
 *   so several processes never settle the same order at once; a process that dies leaves a
 *   lease that simply runs out.
 * - `users.unpaid_orders`: how many unpaid orders the user holds. A trigger keeps it, whatever
 *   code changes an order, so a purchase can check the limit on the buyer's row it locks
 *   (one statement, exact under concurrency: a blocked update re-reads the row it waited for).
 * - `purchase_keys`: a purchase's Idempotency-Key, written with the order in one statement.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('orders').addColumn('pay_by', 'timestamptz').execute();
  await db.schema.alterTable('orders').addColumn('expiry_lease_until', 'timestamptz').execute();
  await sql`update orders set pay_by = now() + interval '1 hour' where status = 'unpaid'`.execute(
    db,
  );
  await sql`create index orders_unpaid_pay_by_idx on orders (pay_by) where status = 'unpaid'`.execute(
    db,
  );
  await sql`create index orders_unpaid_user_idx on orders (user_id) where status = 'unpaid'`.execute(
    db,
  );

  await db.schema
    .alterTable('users')
    .addColumn('unpaid_orders', 'integer', (col) =>
      col
        .notNull()
        .defaultTo(0)
        .check(sql`unpaid_orders >= 0`),
    )
    .execute();
  await sql`update users set unpaid_orders = held.count
    from (select user_id, count(*)::int as count from orders
          where status = 'unpaid' and user_id is not null group by user_id) held
    where users.id = held.user_id`.execute(db);
  await sql`create function orders_count_unpaid() returns trigger language plpgsql as $$
    begin
      if tg_op in ('UPDATE', 'DELETE') and old.status = 'unpaid' and old.user_id is not null then
        update users set unpaid_orders = unpaid_orders - 1 where id = old.user_id;
      end if;
      if tg_op in ('INSERT', 'UPDATE') and new.status = 'unpaid' and new.user_id is not null then
        update users set unpaid_orders = unpaid_orders + 1 where id = new.user_id;
      end if;
      if tg_op = 'DELETE' then
        return old;
      end if;
      return new;
    end $$`.execute(db);
  // Before, not after: the buyer's row is locked when the order's row is, ahead of the tool's
  // row a cancel then returns stock to (lock order: order, buyer, tool; see orders.service.ts).
  await sql`create trigger orders_count_unpaid
    before insert or delete or update of status, user_id on orders
    for each row execute function orders_count_unpaid()`.execute(db);

  await db.schema
    .createTable('purchase_keys')
    .addColumn('user_id', 'uuid', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('key', 'text', (col) => col.notNull())
    // A hash of the purchase as first sent: the same key with another purchase is refused.
    .addColumn('fingerprint', 'text', (col) => col.notNull())
    .addColumn('order_id', 'uuid', (col) =>
      col.notNull().references('orders.id').onDelete('cascade'),
    )
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('purchase_keys_pkey', ['user_id', 'key'])
    .execute();
  await db.schema
    .createIndex('purchase_keys_created_idx')
    .on('purchase_keys')
    .column('created_at')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('purchase_keys').execute();
  await sql`drop trigger if exists orders_count_unpaid on orders`.execute(db);
  await sql`drop function if exists orders_count_unpaid()`.execute(db);
  await db.schema.alterTable('users').dropColumn('unpaid_orders').execute();
  await sql`drop index if exists orders_unpaid_user_idx`.execute(db);
  await sql`drop index if exists orders_unpaid_pay_by_idx`.execute(db);
  await db.schema.alterTable('orders').dropColumn('expiry_lease_until').execute();
  await db.schema.alterTable('orders').dropColumn('pay_by').execute();
}
