import { type Kysely, type RawBuilder, sql } from 'kysely';

/**
 * Refunds of some lines of an order (issue 35, the base of issue 36's returns).
 *
 * - `payment_refunds` was one row per intent (its whole amount). It is now one row per refund,
 *   keyed by `key`: the intent's id for a refund of what is left of the payment (as before, so
 *   older rows keep their key), `<intent>:<tool ids>` for a refund of lines. The key is also the
 *   provider's idempotency key, so a refund asked again is never given twice.
 * - `order_lines.refund_key` claims a line for the refund giving it back (once: a line is claimed
 *   by one refund at most); `refunded_at` is set when the provider has given the money back;
 *   `restocked_at` when its units went back to stock, so they go back once whatever asks.
 * - Test mode keeps several refunds per intent, as Stripe does, each under its key.
 * - A refund of lines leaves the order's status as it is and is kept in its history as an event
 *   from that status to itself, with what was given back: such an event sends no email (the
 *   trigger of migration 0019 would have sent a second "paid" email).
 * - The paid orders' index carries their figures, for the sales dashboard's breakdown.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table payment_refunds add column key text`.execute(db);
  await sql`update payment_refunds set key = intent_id`.execute(db);
  await sql`alter table payment_refunds alter column key set not null,
    drop constraint payment_refunds_pkey, add primary key (key)`.execute(db);
  await sql`create index payment_refunds_intent_idx on payment_refunds (intent_id)`.execute(db);

  await sql`alter table order_lines add column refund_key text,
    add column refunded_at timestamptz, add column restocked_at timestamptz`.execute(db);
  // Orders refunded before: every line was given back with them.
  await sql`update order_lines l set refund_key = r.key, refunded_at = r.created_at
    from payment_refunds r join orders o on o.id = r.order_id
    where r.order_id = l.order_id and o.status = 'refunded'
      and r.provider_refund_id is not null`.execute(db);

  await sql`alter table sandbox_refunds add column key text`.execute(db);
  await sql`update sandbox_refunds set key = intent_id`.execute(db);
  await sql`alter table sandbox_refunds alter column key set not null,
    drop constraint sandbox_refunds_intent_id_key, add constraint sandbox_refunds_key_key unique (key)`.execute(
    db,
  );
  await sql`create index sandbox_refunds_intent_idx on sandbox_refunds (intent_id)`.execute(db);

  await markForEmail(db, sql`new.from_status is distinct from new.to_status and (${emailed})`);

  // The sales dashboard's breakdown and best sellers read the paid orders' figures from the
  // index alone, as its revenue does (migration 0017).
  await sql`drop index orders_paid_at_idx`.execute(db);
  await sql`create index orders_paid_at_idx on orders (paid_at)
    include (price_cents, tool_id, quantity, line_count, unit_price_cents, shipping_cents,
      tax_cents, shipping_tax_cents, prices_include_tax)
    where status in ('paid', 'shipped', 'delivered')`.execute(db);
}

/** The events that send an email, as migration 0019 has them. */
const emailed = sql`(new.from_status is null and new.to_status = 'unpaid')
  or new.to_status in ('paid', 'shipped', 'cancelled')`;

const markForEmail = (db: Kysely<unknown>, when: RawBuilder<unknown>) =>
  sql`create or replace function order_events_mark_for_email() returns trigger language plpgsql as $$
    begin
      if ${when} then
        insert into order_event_emails (event_id) values (new.id);
      end if;
      return null;
    end $$`.execute(db);

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index orders_paid_at_idx`.execute(db);
  await sql`create index orders_paid_at_idx on orders (paid_at)
    include (price_cents, tool_id, quantity, line_count)
    where status in ('paid', 'shipped', 'delivered')`.execute(db);
  await markForEmail(db, emailed);
  await sql`drop index sandbox_refunds_intent_idx`.execute(db);
  await sql`delete from sandbox_refunds where key <> intent_id`.execute(db);
  await sql`alter table sandbox_refunds drop constraint sandbox_refunds_key_key,
    add constraint sandbox_refunds_intent_id_key unique (intent_id), drop column key`.execute(db);
  await sql`alter table order_lines drop column refund_key, drop column refunded_at,
    drop column restocked_at`.execute(db);
  await sql`drop index payment_refunds_intent_idx`.execute(db);
  await sql`delete from payment_refunds where key <> intent_id`.execute(db);
  await sql`alter table payment_refunds drop constraint payment_refunds_pkey,
    add primary key (intent_id), drop column key`.execute(db);
}
