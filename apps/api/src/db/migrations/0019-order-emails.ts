import { type Kysely, sql } from 'kysely';

/**
 * The order emails (issue 19) come from the one place every change of an order's status
 * passes: its history (`order_events`, kept by the trigger of migration 0013). A trigger marks
 * each event that sends an email (placed, paid, shipped, cancelled) in `order_event_emails`, in
 * the transaction of the change itself: a change rolled back leaves no mark, a committed one
 * always does. The mail worker (modules/orders/order-emails.ts) turns each mark into its emails
 * and deletes it in one transaction, so each event's emails are queued once. Events recorded
 * before this migration send nothing.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('order_event_emails')
    .addColumn('event_id', 'bigint', (col) =>
      col.primaryKey().references('order_events.id').onDelete('cascade'),
    )
    .execute();
  await sql`create function order_events_mark_for_email() returns trigger language plpgsql as $$
    begin
      if (new.from_status is null and new.to_status = 'unpaid')
        or new.to_status in ('paid', 'shipped', 'cancelled') then
        insert into order_event_emails (event_id) values (new.id);
      end if;
      return null;
    end $$`.execute(db);
  await sql`create trigger order_events_mark_for_email after insert on order_events
    for each row execute function order_events_mark_for_email()`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop trigger order_events_mark_for_email on order_events`.execute(db);
  await sql`drop function order_events_mark_for_email()`.execute(db);
  await db.schema.dropTable('order_event_emails').execute();
}
