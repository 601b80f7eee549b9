import { type Kysely, sql } from 'kysely';

/**
 * The order workflow of a back office (issue 18): unpaid -> paid -> shipped -> delivered;
 * unpaid -> cancelled; paid or shipped -> refunded. Every change of an order's status is kept
 * in `order_events` (when, from, to, who, why) by a trigger, so no path can change an order
 * without leaving its trace: a purchase, a checkout, a payment, a webhook, a cancel, an expiry,
 * a shipment, a delivery, a refund, or an operator's SQL. The code names who acts and why for
 * the transaction with `set_config('shop.actor_id' | 'shop.reason', ..., true)`; without a name
 * the change is the shop's own (an expiry, a provider's confirmation), or, for a new order, its
 * buyer's. Orders placed before get their story from what they hold: placed, then paid.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table orders drop constraint orders_status_check`.execute(db);
  await sql`alter table orders add constraint orders_status_check check (status in
    ('unpaid', 'paid', 'shipped', 'delivered', 'cancelled', 'refunded'))`.execute(db);

  await db.schema
    .createTable('order_events')
    .addColumn('id', 'bigserial', (col) => col.primaryKey())
    .addColumn('order_id', 'uuid', (col) =>
      col.notNull().references('orders.id').onDelete('cascade'),
    )
    .addColumn('at', 'timestamptz', (col) => col.notNull().defaultTo(sql`clock_timestamp()`))
    .addColumn('from_status', 'text')
    .addColumn('to_status', 'text', (col) => col.notNull())
    .addColumn('actor_id', 'uuid', (col) => col.references('users.id').onDelete('set null'))
    .addColumn('reason', 'text')
    .execute();
  await db.schema
    .createIndex('order_events_order_idx')
    .on('order_events')
    .columns(['order_id', 'id'])
    .execute();

  await sql`insert into order_events (order_id, at, from_status, to_status, actor_id)
    select id, created_at, null, 'unpaid', user_id from orders`.execute(db);
  await sql`insert into order_events (order_id, at, from_status, to_status)
    select id, coalesce(paid_at, created_at), 'unpaid', 'paid' from orders
    where status in ('paid', 'shipped')`.execute(db);
  await sql`insert into order_events (order_id, at, from_status, to_status)
    select id, coalesce(paid_at, created_at), 'paid', 'shipped' from orders
    where status = 'shipped'`.execute(db);
  await sql`insert into order_events (order_id, at, from_status, to_status)
    select id, created_at, 'unpaid', 'cancelled' from orders where status = 'cancelled'`.execute(
    db,
  );

  await sql`create function orders_record_event() returns trigger language plpgsql as $$
    declare
      actor uuid := nullif(current_setting('shop.actor_id', true), '')::uuid;
    begin
      if tg_op = 'INSERT' then
        insert into order_events (order_id, from_status, to_status, actor_id, reason)
        values (new.id, null, new.status, coalesce(actor, new.user_id),
          nullif(current_setting('shop.reason', true), ''));
      elsif old.status is distinct from new.status then
        insert into order_events (order_id, from_status, to_status, actor_id, reason)
        values (new.id, old.status, new.status, actor,
          nullif(current_setting('shop.reason', true), ''));
      end if;
      return null;
    end $$`.execute(db);
  await sql`create trigger orders_record_event after insert or update of status on orders
    for each row execute function orders_record_event()`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop trigger orders_record_event on orders`.execute(db);
  await sql`drop function orders_record_event()`.execute(db);
  await db.schema.dropTable('order_events').execute();
  await sql`alter table orders drop constraint orders_status_check`.execute(db);
  await sql`alter table orders add constraint orders_status_check check (status in
    ('unpaid', 'paid', 'shipped', 'cancelled'))`.execute(db);
}
