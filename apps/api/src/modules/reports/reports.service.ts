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


/** The statuses whose orders count as revenue: paid, and not given back. */
const earning = sql.raw(`('paid', 'shipped', 'delivered')`);

/**
 * The admins' sales dashboard: every figure computed by the database (one statement each, run
 * side by side), reading the indexes of migrations 0014 and 0017 and the counts of 0017. Reports read `orders`, `order_lines`
 * and `tools` and write nothing but the shop's low-stock threshold.
 */
export function createReportsService(db: Kysely<Database>) {
  /** The first instant of the first day shown, on the shop's calendar. */
  const since = sql`(date_trunc('day', now() at time zone ${SHOP_TIME_ZONE})
    - make_interval(days => ${SALES_DAYS - 1})) at time zone ${SHOP_TIME_ZONE}`;

  /**
   * What refunds of lines gave back, per order (migration 0029): few rows, as refunds are rare;
   * a refund of a whole order takes it out of the earning statuses instead.
   */
  const lineRefunds = sql`(select order_id, sum(amount_cents) as cents from payment_refunds
    where key <> intent_id and provider_refund_id is not null group by order_id)`;

  /** Each day's orders paid and what they brought, less what refunds of their lines gave back. */
  const revenuePerDay = () =>
    sql<{ day: string; revenue_cents: number; orders: number }>`
      with paid as (
        select (orders.paid_at at time zone ${SHOP_TIME_ZONE})::date as day,
          orders.price_cents - coalesce(given.cents, 0) as price_cents
        from orders left join ${lineRefunds} as given on given.order_id = orders.id
        where orders.status in ${earning} and orders.paid_at >= ${since}
      )
      select days.day::date::text as day,
        coalesce(sum(paid.price_cents), 0)::bigint::float8 as revenue_cents,
        count(paid.day)::int as orders
      from generate_series((${since} at time zone ${SHOP_TIME_ZONE})::date,
        (now() at time zone ${SHOP_TIME_ZONE})::date, interval '1 day') as days(day)
      left join paid on paid.day = days.day::date
      group by days.day order by days.day`.execute(db);

  /**
   * The same days' revenue in its parts: the goods and the shipping without their tax, the tax,
   * and what refunds of lines gave back (goods + shipping + tax - refunded = the revenue). Read
   * from `orders_paid_at_idx` alone (migration 0029 gave it the figures).
   */
  const breakdown = () =>
    sql<{ goods_cents: number; shipping_cents: number; tax_cents: number; refunded_cents: number }>`
      with paid as (
        select orders.id, orders.price_cents, orders.tax_cents,
          orders.shipping_cents
            - case when orders.prices_include_tax then orders.shipping_tax_cents else 0 end
            as net_shipping_cents
        from orders where orders.status in ${earning} and orders.paid_at >= ${since}
      )
      select coalesce(sum(price_cents - net_shipping_cents - tax_cents), 0)::bigint::float8
          as goods_cents,
        coalesce(sum(net_shipping_cents), 0)::bigint::float8 as shipping_cents,
        coalesce(sum(tax_cents), 0)::bigint::float8 as tax_cents,
        (select coalesce(sum(given.cents), 0) from ${lineRefunds} as given
          join paid on paid.id = given.order_id)::bigint::float8 as refunded_cents
      from paid`.execute(db);

  const ordersByStatus = () =>
    sql<{ status: OrderStatus; count: number }>`
      select bucket as status, sum(rows)::int as count from list_counts
      where list = 'orders' group by bucket`.execute(db);

  /**
   * One-line orders carry their tool, units and unit price (read from `orders_paid_at_idx`
   * alone, migration 0017); orders of several tools are read through their lines. Names are looked up
   * for the five only.
   */
  const topTools = () =>
    sql<{ tool_id: string; name: string; revenue_cents: number; units: number }>`
      with sold as (
        -- The goods: an order's own price holds its shipping and tax too (migration 0027).
        select tool_id, unit_price_cents * quantity as price_cents, quantity from orders
        where status in ${earning} and paid_at >= ${since} and line_count = 1
        union all
        select lines.tool_id, lines.price_cents, lines.quantity
        from orders join order_lines lines on lines.order_id = orders.id
        where orders.status in ${earning} and orders.paid_at >= ${since}
          and orders.line_count > 1
      ), best as (
        select tool_id, sum(price_cents) as revenue_cents, sum(quantity) as units from sold
        group by tool_id order by revenue_cents desc, tool_id limit ${TOP_TOOLS}
      )
      select best.tool_id, tools.name, best.revenue_cents::bigint::float8 as revenue_cents,
        best.units::int as units
      from best join tools on tools.id = best.tool_id
      order by best.revenue_cents desc, best.tool_id`.execute(db);

  const threshold = async () =>
    (
      await db
        .selectFrom('shop_settings')
        .select('low_stock_threshold')
        .executeTakeFirstOrThrow()
    ).low_stock_threshold;

  return {
    async sales(): Promise<SalesReport> {
      const lowStockThreshold = await threshold();
      const [days, parts, statuses, tools, lowStock] = await Promise.all([
        revenuePerDay(),
        breakdown(),
        ordersByStatus(),
        topTools(),
        db
          .selectFrom('tools')
          .select(['id', 'name', 'available_quantity'])
          .where('retired_at', 'is', null)
          .where('available_quantity', '<=', lowStockThreshold)
          .orderBy('available_quantity')
          .orderBy('name')
          .limit(100)
          .execute(),
      ]);
      const counted = new Map(statuses.rows.map((row) => [row.status, row.count]));
      return {
        revenuePerDay: days.rows.map((row) => ({
          day: row.day,
          revenue: centsToDollars(row.revenue_cents),
          orders: row.orders,
        })),
        breakdown: {
          goods: centsToDollars(parts.rows[0]!.goods_cents),
          shipping: centsToDollars(parts.rows[0]!.shipping_cents),
          tax: centsToDollars(parts.rows[0]!.tax_cents),
          refunded: centsToDollars(parts.rows[0]!.refunded_cents),
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
        lowStockThreshold,
        lowStock: lowStock.map((tool) => ({
          _id: tool.id,
          name: tool.name,
          availableQuantity: tool.available_quantity,
        })),
      };
    },

    async setLowStockThreshold({ lowStockThreshold }: LowStockThreshold) {
      await db.updateTable('shop_settings').set({ low_stock_threshold: lowStockThreshold }).execute();
      return { lowStockThreshold };
    },
  };
}

export type ReportsService = ReturnType<typeof createReportsService>;
