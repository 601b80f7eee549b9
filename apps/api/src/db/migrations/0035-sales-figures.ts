import { type Kysely, sql } from 'kysely';

/**
 * The sales figures count every order paid in the window, whatever befell it since (issue
 * point 7): a refunded order that kept a restocking fee, or whose lines went back one by one,
 * still brought what it kept. The paid orders' covering index so holds every order ever paid
 * (`paid_at` is set by the payment alone, so a cancelled order has none) and carries the status,
 * which the best sellers read, and the id, which meets the order's refunds and lines.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`drop index orders_paid_at_idx`.execute(db);
  await sql`create index orders_paid_at_idx on orders (paid_at)
    include (id, price_cents, tool_id, quantity, line_count, unit_price_cents, shipping_cents,
      tax_cents, shipping_tax_cents, prices_include_tax, status)
    where paid_at is not null`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index orders_paid_at_idx`.execute(db);
  await sql`create index orders_paid_at_idx on orders (paid_at)
    include (price_cents, tool_id, quantity, line_count, unit_price_cents, shipping_cents,
      tax_cents, shipping_tax_cents, prices_include_tax)
    where status in ('paid', 'shipped', 'delivered')`.execute(db);
}
