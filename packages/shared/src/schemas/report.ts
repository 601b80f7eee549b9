import { z } from 'zod';
import { orderStatuses } from './order';

/** How many days the sales dashboard's chart and best sellers look back, today included. */
export const SALES_DAYS = 30;
/** How many tools the dashboard names as best sellers. */
export const TOP_TOOLS = 5;

/**
 * `GET /api/reports/sales` (admins): how the shop is doing, over the orders paid in the last
 * SALES_DAYS days on the shop's calendar, whatever their status now (docs/product.md, Sales):
 * what their buyers paid, what refunds gave back, the tax kept, and the revenue without tax.
 */
export const SalesReportSchema = z
  .object({
    /**
     * The last SALES_DAYS days, oldest first, each day present (0 when nothing was paid): the
     * orders paid that day and their revenue, what they kept less its tax.
     */
    revenuePerDay: z.array(
      z.object({ day: z.iso.date(), revenue: z.number(), orders: z.number().int() }),
    ),
    /**
     * The same orders' figures: what their buyers paid, what refunds (of lines, of what was
     * left, of returns) gave back, the tax on what was kept (each order's tax in proportion to
     * what it kept), and the revenue: paid - refunded - tax, the sum of `revenuePerDay`.
     */
    breakdown: z.object({
      paid: z.number(),
      refunded: z.number(),
      tax: z.number(),
      revenue: z.number(),
    }),
    /** Every status, with its count of orders (0 included). */
    ordersByStatus: z.array(z.object({ status: z.enum(orderStatuses), count: z.number().int() })),
    /**
     * The TOP_TOOLS tools with the most revenue over the same orders: their lines not refunded,
     * without tax (a restocking fee kept is no sale of a tool).
     */
    topTools: z.array(
      z.object({
        toolId: z.string(),
        name: z.string(),
        revenue: z.number(),
        units: z.number().int(),
      }),
    ),
    lowStockThreshold: z.number().int(),
    /** Tools on sale at or below the threshold, the fewest first. */
    lowStock: z.array(
      z.object({ _id: z.string(), name: z.string(), availableQuantity: z.number().int() }),
    ),
  })
  .meta({ id: 'SalesReport' });
export type SalesReport = z.infer<typeof SalesReportSchema>;

/** `PUT /api/settings/low-stock` (admins): the stock at or below which a tool is listed. */
export const LowStockThresholdSchema = z
  .object({
    lowStockThreshold: z
      .number({ error: 'The threshold must be a number' })
      .int('The threshold must be a whole number')
      .min(0, 'The threshold must be at least 0')
      .max(1_000_000, 'The threshold must be at most 1000000'),
  })
  .strict();
export type LowStockThreshold = z.infer<typeof LowStockThresholdSchema>;
