import type { Order, OrderFilter } from '@shop/shared';
import { stringify } from 'csv-stringify/sync';
import { type RawBuilder, sql } from 'kysely';
import type { OrdersService } from './orders.service';

/** The header line, and each row's cells in this order. */
const COLUMNS = [
  'Order',
  'Placed',
  'Status',
  'Buyer',
  'Email',
  'Tools',
  'Units',
  'Total',
  'Transaction',
  'Address',
  'Phone',
  'Needed by',
];

const recordOf = (order: Order) => [
  order._id,
  order.createdAt,
  order.status,
  order.userName,
  order.userEmail,
  order.lines.map((line) => `${line.quantity} x ${line.tool}`).join('; '),
  order.quantity,
  order.price.toFixed(2),
  order.transactionId ?? '',
  order.address,
  order.phone,
  order.neededBy ?? '',
];

/** A cell a spreadsheet would run as a formula starts with `'`, as csv-stringify escapes it. */
const formulaSafe = (text: RawBuilder<string | null>) =>
  sql<string>`case when left(${text}, 1) in ('=', '+', '-', '@', chr(9), chr(13))
    then '''' || ${text} else ${text} end`;

/**
 * The same columns in SQL, for PostgreSQL to format as CSV itself (`OrdersService.exportCopy`):
 * named by the header, in the header's order, written as `recordOf` writes them.
 */
export const CSV_COLUMNS_SQL = [
  sql<string>`orders.id`.as(COLUMNS[0]!),
  sql<string>`to_char(orders.created_at at time zone 'UTC',
    'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`.as(COLUMNS[1]!),
  sql<string>`orders.status`.as(COLUMNS[2]!),
  formulaSafe(sql`orders.user_name`).as(COLUMNS[3]!),
  formulaSafe(sql`orders.user_email`).as(COLUMNS[4]!),
  formulaSafe(sql`case when orders.line_count = 1
    then orders.quantity || ' x ' || orders.tool_name
    else (select string_agg(lines.quantity || ' x ' || lines.tool_name, '; '
      order by lines.position) from order_lines lines where lines.order_id = orders.id) end`).as(
    COLUMNS[5]!,
  ),
  sql<number>`orders.quantity`.as(COLUMNS[6]!),
  sql<string>`(orders.price_cents / 100.0)::numeric(16, 2)::text`.as(COLUMNS[7]!),
  formulaSafe(sql`orders.transaction_id`).as(COLUMNS[8]!),
  formulaSafe(sql`orders.address`).as(COLUMNS[9]!),
  formulaSafe(sql`orders.phone`).as(COLUMNS[10]!),
  sql<string | null>`orders.needed_by::text`.as(COLUMNS[11]!),
];

/**
 * The filtered orders as CSV, streamed, newest first. On PostgreSQL the server formats and
 * streams it (`exportCopy`: no row becomes an object). On PGlite, which has no streaming COPY,
 * each batch is read only when the client has taken the one before (a pull stream), so a
 * million rows never sit in memory. Cells that a spreadsheet would run as a formula (=, +, -,
 * @) are escaped in both: the buyers wrote them.
 */
export function ordersCsv(
  orders: Pick<OrdersService, 'exportBatches' | 'exportCopy'>,
  filter: OrderFilter,
) {
  return orders.exportCopy(filter) ?? batchesCsv(orders, filter);
}

function batchesCsv(orders: Pick<OrdersService, 'exportBatches'>, filter: OrderFilter) {
  const batches = orders.exportBatches(filter);
  const encoder = new TextEncoder();
  let first = true;
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      const { value, done } = await batches.next();
      if (done && !first) return controller.close();
      const csv = stringify((value ?? []).map(recordOf), {
        header: first,
        columns: COLUMNS,
        escape_formulas: true,
      });
      first = false;
      controller.enqueue(encoder.encode(csv));
      if (done) controller.close();
    },
    async cancel() {
      await batches.return(undefined);
    },
  });
}
