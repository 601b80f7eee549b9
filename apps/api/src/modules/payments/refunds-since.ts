import { type RawBuilder, sql } from 'kysely';

/**
 * What went back to each buyer since `since`, per order (`order_id`, `cents`), lent to the sales
 * dashboard (modules/reports): every refund the provider made (of lines, of what was left, of a
 * return less its fee). A refund follows its order's payment, so those of orders paid since then
 * are made since then too: few rows, as refunds are rare.
 */
export const refundsPerOrderSince = (since: RawBuilder<unknown>) =>
  sql`(select order_id, sum(amount_cents) as cents from payment_refunds
    where provider_refund_id is not null and created_at >= ${since} group by order_id)`;
