import {
  type LowStockThreshold,
  type OrderStatus,
  centsToDollars,
  SALES_DAYS,
  SHOP_TIME_ZONE,
  type SalesReport,
  TOP_TOOLS,
  orderStatuses,
} from '@shop/shared';
import { type Kysely, sql } from 'kysely';
import type { Database } from '../../db/schema';
import { lowStockThreshold, setLowStockThreshold } from '../settings';



/**
 * The admins' sales dashboard: every figure computed by the database (one statement each, run
 * side by side), over the orders paid in the window whatever their status now, read from the
 * covering index of every order ever paid (`orders_paid_at_idx`, migration 0035) and the counts
 * of migration 0017. Reports read `orders`, `order_lines`, `payment_refunds` and `tools` and
 * write nothing but the shop's low-stock threshold.
 */
export function createReportsService(db: Kysely<Database>) {
  /** The first instant of the first day shown, on the shop's calendar. */
  const since = sql`(date_trunc('day', now() at time zone ${SHOP_TIME_ZONE})
    - make_interval(days => ${SALES_DAYS - 1})) at time zone ${SHOP_TIME_ZONE}`;

  /**
   * What went back to each buyer, per order: every refund the provider made (of lines, of what
   * was left, of a return less its fee). A refund follows its order's payment, so those of the
   * window's orders are made since the window began: few rows, as refunds are rare.
   */
  const refunds = sql`(select order_id, sum(amount_cents) as cents from payment_refunds
    where provider_refund_id is not null and created_at >= ${since} group by order_id)`;

  /**
   * Each order paid in the window: what its buyer paid, what went back, and the tax it kept.
   * A refund's share of tax is in proportion to its amount (a refund row keeps no tax of its
   * own), so an order keeps its tax times what it kept over what it paid, rounded half up;
   * exact for an order refunded in full or not at all.
   */
  const paidOrders = sql`(select (orders.paid_at at time zone ${SHOP_TIME_ZONE})::date as day,
      orders.price_cents as paid_cents, coalesce(given.cents, 0) as refunded_cents,
      case when orders.price_cents = 0 then 0
        else round(orders.tax_cents::numeric * (orders.price_cents - coalesce(given.cents, 0))
          / orders.price_cents) end as tax_cents
    from orders left join ${refunds} as given on given.order_id = orders.id
    where orders.paid_at >= ${since})`;

  /** Each day's orders paid and their revenue: what they kept, without its tax. */
  const revenuePerDay = () =>
    sql<{ day: string; revenue_cents: number; orders: number }>`
      select days.day::date::text as day,
        coalesce(sum(paid.paid_cents - paid.refunded_cents - paid.tax_cents), 0)::bigint::float8
          as revenue_cents,
        count(paid.day)::int as orders
      from generate_series((${since} at time zone ${SHOP_TIME_ZONE})::date,
        (now() at time zone ${SHOP_TIME_ZONE})::date, interval '1 day') as days(day)
      left join ${paidOrders} as paid on paid.day = days.day::date
      group by days.day order by days.day`.execute(db);

  /** The same orders' figures: paid - refunded - tax kept = the revenue. */
  const breakdown = () =>
    sql<{ paid_cents: number; refunded_cents: number; tax_cents: number }>`
      select coalesce(sum(paid_cents), 0)::bigint::float8 as paid_cents,
        coalesce(sum(refunded_cents), 0)::bigint::float8 as refunded_cents,
        coalesce(sum(tax_cents), 0)::bigint::float8 as tax_cents
      from ${paidOrders} as paid`.execute(db);

  const ordersByStatus = () =>
    sql<{ status: OrderStatus; count: number }>`
      select bucket as status, sum(rows)::int as count from list_counts
      where list = 'orders' group by bucket`.execute(db);

  /**
   * The goods of the lines kept, without their tax: a refunded line sold nothing, and a
   * restocking fee kept is no sale of a tool. One-line orders carry their tool, units, unit
   * price and status (read from `orders_paid_at_idx` alone; their line is refunded only with
   * the order); orders of several tools are read through their lines. Names are looked up for
   * the five only.
   */
  const topTools = () =>
    sql<{ tool_id: string; name: string; revenue_cents: number; units: number }>`
      with sold as (
        -- An order's own price holds its shipping and tax too (migration 0027); with prices
        -- that include tax, a single line's tax is the order's less the shipping's.
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
          and lines.refunded_at is null
      ), best as (
        select tool_id, sum(price_cents) as revenue_cents, sum(quantity) as units from sold
        group by tool_id order by revenue_cents desc, tool_id limit ${TOP_TOOLS}
      )
      select best.tool_id, tools.name, best.revenue_cents::bigint::float8 as revenue_cents,
        best.units::int as units
      from best join tools on tools.id = best.tool_id
      order by best.revenue_cents desc, best.tool_id`.execute(db);

  return {
    async sales(): Promise<SalesReport> {
      const threshold = await lowStockThreshold(db);
      const [days, parts, statuses, tools, lowStock] = await Promise.all([
        revenuePerDay(),
        breakdown(),
        ordersByStatus(),
        topTools(),
        db
          .selectFrom('tools')
          .select(['id', 'name', 'available_quantity'])
          .where('retired_at', 'is', null)
          .where('available_quantity', '<=', threshold)
          .orderBy('available_quantity')
          .orderBy('name')
          .limit(100)
          .execute(),
      ]);
      const figures = parts.rows[0]!;
      const counted = new Map(statuses.rows.map((row) => [row.status, row.count]));
      return {
        revenuePerDay: days.rows.map((row) => ({
          day: row.day,
          revenue: centsToDollars(row.revenue_cents),
          orders: row.orders,
        })),
        breakdown: {
          paid: centsToDollars(figures.paid_cents),
          refunded: centsToDollars(figures.refunded_cents),
          tax: centsToDollars(figures.tax_cents),
          revenue: centsToDollars(figures.paid_cents - figures.refunded_cents - figures.tax_cents),
        },
        ordersByStatus: orderStatuses.map((status) => ({
          status,
          count: counted.get(status) ?? 0,
        })),
        topTools: tools.rows.map((row) => ({
          toolId: row.tool_id,
          name: row.name,
          revenue: centsToDollars(row.revenue_cents),
          units: row.units,
        })),
        lowStockThreshold: threshold,
        lowStock: lowStock.map((tool) => ({
          _id: tool.id,
          name: tool.name,
          availableQuantity: tool.available_quantity,
        })),
      };
    },

    setLowStockThreshold: (input: LowStockThreshold) => setLowStockThreshold(db, input),
  };
}

export type ReportsService = ReturnType<typeof createReportsService>;
