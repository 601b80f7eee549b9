import { type Kysely, sql } from 'kysely';

/**
 * Payment and cancel exclude each other (issue 13). A cancel or an expiry settles with the
 * provider first, so the shop keeps every intent it creates for an order (Stripe's included,
 * whose ids we never kept), and every refund it makes, once per intent.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('order_payments')
    .addColumn('intent_id', 'text', (col) => col.primaryKey())
    .addColumn('order_id', 'uuid', (col) =>
      col.notNull().references('orders.id').onDelete('cascade'),
    )
    .addColumn('provider', 'text', (col) =>
      col.notNull().check(sql`provider in ('stripe', 'sandbox')`),
    )
    .addColumn('amount_cents', 'integer', (col) => col.notNull())
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createIndex('order_payments_order_idx')
    .on('order_payments')
    .column('order_id')
    .execute();
  // Test mode's intents are known already; Stripe's earlier ones were never kept (their
  // webhooks still refund a payment for a cancelled order).
  await sql`insert into order_payments (intent_id, order_id, provider, amount_cents, created_at)
    select id, order_id, 'sandbox', amount_cents, created_at from sandbox_payment_intents`.execute(
    db,
  );

  // The shop's record: the unique intent is what makes a refund happen once.
  await db.schema
    .createTable('payment_refunds')
    .addColumn('intent_id', 'text', (col) => col.primaryKey())
    .addColumn('order_id', 'uuid', (col) =>
      col.notNull().references('orders.id').onDelete('cascade'),
    )
    .addColumn('provider', 'text', (col) =>
      col.notNull().check(sql`provider in ('stripe', 'sandbox')`),
    )
    .addColumn('amount_cents', 'integer', (col) => col.notNull().check(sql`amount_cents > 0`))
    // Null while the provider has not answered yet (or the process stopped before it did).
    .addColumn('provider_refund_id', 'text')
    .addColumn('reason', 'text', (col) => col.notNull())
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createIndex('payment_refunds_order_idx')
    .on('payment_refunds')
    .column('order_id')
    .execute();

  // Test mode: an intent can be cancelled, as Stripe's can, and refunds itself.
  await sql`alter table sandbox_payment_intents
    drop constraint sandbox_payment_intents_status_check`.execute(db);
  await sql`alter table sandbox_payment_intents add constraint sandbox_payment_intents_status_check
    check (status in ('requires_payment_method', 'succeeded', 'canceled'))`.execute(db);
  await db.schema
    .createTable('sandbox_refunds')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('intent_id', 'text', (col) =>
      col.notNull().unique().references('sandbox_payment_intents.id').onDelete('cascade'),
    )
    .addColumn('amount_cents', 'integer', (col) => col.notNull().check(sql`amount_cents > 0`))
    .addColumn('reason', 'text', (col) => col.notNull())
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('sandbox_refunds').execute();
  await sql`update sandbox_payment_intents set status = 'requires_payment_method'
    where status = 'canceled'`.execute(db);
  await sql`alter table sandbox_payment_intents
    drop constraint sandbox_payment_intents_status_check`.execute(db);
  await sql`alter table sandbox_payment_intents add constraint sandbox_payment_intents_status_check
    check (status in ('requires_payment_method', 'succeeded'))`.execute(db);
  await db.schema.dropTable('payment_refunds').execute();
  await db.schema.dropTable('order_payments').execute();
}
