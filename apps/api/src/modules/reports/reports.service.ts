import {
  type LowStockThreshold,
  centsToDollars,
  SALES_DAYS,
  SHOP_TIME_ZONE,
  type SalesReport,
  TOP_TOOLS,
  orderStatuses,
} from '@shop/shared';
import { type Kysely, sql } from 'kysely';
import type { Database } from '../../db/schema';
import { keptCountsByBucket } from '../../db/list-counts';
import { linesSoldSince, paidOrdersSince } from '../orders';
import { refundsPerOrderSince } from '../payments';
import { lowStockThreshold, setLowStockThreshold } from '../settings';



/**
 * The admins' sales dashboard: every figure computed by the database (one statement each, run
 * side by side), over the orders paid in the window whatever their status now, read from the
 * covering index of every order ever paid (`orders_paid_at_idx`, migration 0035) and the counts
 * of migration 0017. Reports own no table: they compose the pieces the orders, payments and
 * catalogue lend, and write nothing but the shop's low-stock threshold (through settings).
 */
export function createReportsService(db: Kysely<Database>) {
  /** The first instant of the first day shown, on the shop's calendar. */
  const since = sql`(date_trunc('day', now() at time zone ${SHOP_TIME_ZONE})
    - make_interval(days => ${SALES_DAYS - 1})) at time zone ${SHOP_TIME_ZONE}`;

  const paidOrders = paidOrdersSince(since, refundsPerOrderSince(since));

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

  const ordersByStatus = () => keptCountsByBucket(db, 'orders');

  /** The five tools that brought the most of the goods kept (`linesSoldSince`), named. */
  const topTools = () =>
    sql<{ tool_id: string; name: string; revenue_cents: number; units: number }>`
      with sold as ${linesSoldSince(since)}, best as (
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
      const counted = new Map(statuses.map((row) => [row.bucket, row.count]));
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
