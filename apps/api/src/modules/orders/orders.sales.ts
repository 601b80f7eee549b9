import { SHOP_TIME_ZONE } from '@shop/shared';
import { type RawBuilder, sql } from 'kysely';

/**
 * The orders' pieces of the sales dashboard (modules/reports), lent as subqueries over the orders
 * paid since `since`, whatever their status now, read from the covering index of every order ever
 * paid (`orders_paid_at_idx`, migration 0035).
 */

/**
 * Each order paid since `since`: its shop day, what its buyer paid, what went back (`refunds`:
 * `order_id` and `cents` per order, lent by payments) and the tax it kept. A refund's share of
 * tax is in proportion to its amount (a refund row keeps no tax of its own), so an order keeps its
 * tax times what it kept over what it paid, rounded half up; exact for an order refunded in full
 * or not at all.
 */
export const paidOrdersSince = (since: RawBuilder<unknown>, refunds: RawBuilder<unknown>) =>
  sql`(select (orders.paid_at at time zone ${SHOP_TIME_ZONE})::date as day,
      orders.price_cents as paid_cents, coalesce(given.cents, 0) as refunded_cents,
      case when orders.price_cents = 0 then 0
        else round(orders.tax_cents::numeric * (orders.price_cents - coalesce(given.cents, 0))
          / orders.price_cents) end as tax_cents
    from orders left join ${refunds} as given on given.order_id = orders.id
    where orders.paid_at >= ${since})`;

/**
 * The goods of the lines kept by the orders paid since `since`, without their tax, a row per
 * line (`tool_id`, `price_cents`, `quantity`): a refunded line sold nothing, and a restocking fee
 * kept is no sale of a tool. One-line orders carry their tool, units, unit price and status (read
 * from `orders_paid_at_idx` alone; their line is refunded only with the order); orders of several
 * tools are read through their lines.
 */
export const linesSoldSince = (since: RawBuilder<unknown>) =>
  sql`(
    -- An order's own price holds its shipping and tax too (migration 0027); with prices that
    -- include tax, a single line's tax is the order's less the shipping's.
    select tool_id, unit_price_cents * quantity
        - case when prices_include_tax then tax_cents - shipping_tax_cents else 0 end
        as price_cents,
      quantity
    from orders
    where paid_at >= ${since} and line_count = 1 and status <> 'refunded'
    union all
    select lines.tool_id,
      lines.price_cents - case when orders.prices_include_tax then lines.tax_cents else 0 end,
      lines.quantity
    from orders join order_lines lines on lines.order_id = orders.id
    where orders.paid_at >= ${since} and orders.line_count > 1
      and lines.refunded_at is null)`;
