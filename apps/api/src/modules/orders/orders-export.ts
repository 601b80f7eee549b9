import type { OrderFilter } from '@shop/shared';
import { type Kysely, type RawBuilder, type SelectQueryBuilder, sql } from 'kysely';
import type { CopyCsv } from '../../db/copy-csv';
import type { Database } from '../../db/schema';
import { orderNumberText } from '../../db/order-number-sql';
import { FORMULA_FIRST, FORMULA_FIRST_CONTROL, FORMULA_LEADING_SPACE } from '../../lib/csv-formula';
import { filtered, newestFirst } from './orders.queries';

/**
 * The formula rule's white space and first characters (lib/csv-formula.ts), as SQL: `chr()`
 * calls and literals, since the export runs as COPY, which takes no bound parameters.
 */
const LEADING_SPACE = sql.raw(FORMULA_LEADING_SPACE.map((code) => `chr(${code})`).join(' || '));
const FIRST = sql.raw(FORMULA_FIRST.map((character) => `'${character}'`).join(', '));
const FIRST_CONTROL = sql.raw(FORMULA_FIRST_CONTROL.map((code) => `chr(${code})`).join(', '));

/**
 * A cell a spreadsheet would run as a formula (=, +, -, @ first, or after white space; tab or
 * carriage return first) starts with `'`: the buyers wrote these cells (OWASP's CSV injection
 * advice). `runsAsFormula`'s rule, in SQL.
 */
const formulaSafe = (text: RawBuilder<string | null>) =>
  sql<string>`case when left(ltrim(${text}, ${LEADING_SPACE}), 1) in (${FIRST})
    or left(${text}, 1) in (${FIRST_CONTROL})
    then '''' || ${text} else ${text} end`;

/**
 * The export's columns in SQL, for the database to format as CSV itself (`copyCsv`): each named
 * by its header, in the header's order. Times in UTC to the millisecond, totals with 2 decimals.
 */
const CSV_COLUMNS_SQL = [
  sql<string>`orders.id`.as('Order'),
  sql<string>`to_char(orders.created_at at time zone 'UTC',
    'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`.as('Placed'),
  sql<string>`orders.status`.as('Status'),
  formulaSafe(sql`orders.user_name`).as('Buyer'),
  formulaSafe(sql`orders.user_email`).as('Email'),
  formulaSafe(sql`case when orders.line_count = 1
    then orders.quantity || ' x ' || orders.tool_name
    else (select string_agg(lines.quantity || ' x ' || lines.tool_name, '; '
      order by lines.position) from order_lines lines where lines.order_id = orders.id) end`).as(
    'Tools',
  ),
  sql<number>`orders.quantity`.as('Units'),
  sql<string>`(orders.price_cents / 100.0)::numeric(16, 2)::text`.as('Total'),
  formulaSafe(sql`orders.transaction_id`).as('Transaction'),
  formulaSafe(sql`orders.address`).as('Address'),
  formulaSafe(sql`orders.phone`).as('Phone'),
  sql<string | null>`orders.needed_by::text`.as('Needed by'),
  // Issue 35: the charges and the destination, after the columns exports had before.
  sql<string>`((orders.price_cents - orders.shipping_cents
    - case when orders.prices_include_tax then 0 else orders.tax_cents end)
    / 100.0)::numeric(16, 2)::text`.as('Subtotal'),
  sql<string>`(orders.shipping_cents / 100.0)::numeric(16, 2)::text`.as('Shipping'),
  sql<string>`(orders.tax_cents / 100.0)::numeric(16, 2)::text`.as('Tax'),
  sql<string>`case when orders.prices_include_tax then 'included' else 'added' end`.as(
    'Tax in prices',
  ),
  formulaSafe(sql`orders.shipping_method`).as('Shipping method'),
  sql<string | null>`orders.ship_country`.as('Country'),
  formulaSafe(sql`orders.ship_region`).as('Region'),
  formulaSafe(sql`orders.ship_city`).as('City'),
  formulaSafe(sql`orders.ship_postal_code`).as('Postal code'),
  formulaSafe(sql`orders.recipient`).as('Recipient'),
  // Issue 49: the number every screen, email and PDF names the order by, after the columns
  // exports had before, so a sheet reading them by position still does.
  orderNumberText(sql`orders.number`).as('Order number'),
];

/**
 * The filtered orders as CSV (the columns above), newest first, a batch at a time, each
 * formatted by the database (`copyCsv`), so no row becomes an object. Keyset paging on
 * created_at and id: the index gives a batch's size and last row, and the batch is the filtered
 * rows from the last one sent to that one. Each batch is read only when the one before has been
 * used: an export of a million orders holds one batch in memory and keeps no transaction open
 * between batches. The first batch has the header line.
 */
export async function* exportCsv(
  db: Kysely<Database>,
  copyCsv: CopyCsv,
  filter: OrderFilter,
  batchSize = 1000,
): AsyncGenerator<Uint8Array> {
  // A row's place in the list: its stored time as text, to the microsecond (a JavaScript Date
  // would round it to the millisecond), and its id. Written as values, not looked up by id, so
  // the planner estimates a batch from its histogram, not a tenth of the table.
  type Place = { at: string; id: string };
  const row = (place: Place) => sql`(${place.at}::timestamptz, ${place.id}::uuid)`;
  const placed = sql`(orders.created_at, orders.id)`;
  let after: Place | undefined;
  for (let first = true; ; first = false) {
    const cursor = after;
    const remaining = <Output>(query: SelectQueryBuilder<Database, 'orders', Output>) =>
      filtered(query, filter).$if(cursor !== undefined, (q) =>
        q.where(sql<boolean>`${placed} < ${row(cursor!)}`),
      );
    const batch = newestFirst(remaining(db.selectFrom('orders').select(['id', 'created_at'])))
      .limit(batchSize)
      .as('batch');
    const last = await db
      .selectFrom(batch)
      .select([
        sql<number>`(count(*) over ())::int`.as('size'),
        sql<string>`batch.created_at::text`.as('at'),
        'batch.id',
      ])
      .orderBy('batch.created_at')
      .orderBy('batch.id')
      .limit(1)
      .executeTakeFirst();
    if (last || first) {
      const rows = newestFirst(
        remaining(db.selectFrom('orders').select(CSV_COLUMNS_SQL)).where(
          last ? sql<boolean>`${placed} >= ${row(last)}` : sql<boolean>`false`,
        ),
      );
      yield await copyCsv(rows.compile(), first);
    }
    if (!last || last.size < batchSize) return;
    after = last;
  }
}

/**
 * The export's batches as a response body: each batch is read only when the client has taken
 * the one before (a pull stream), so a million rows never sit in memory.
 */
export function csvStream(batches: AsyncGenerator<Uint8Array>) {
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      const { value, done } = await batches.next();
      if (done) controller.close();
      else controller.enqueue(value);
    },
    async cancel() {
      await batches.return(undefined);
    },
  });
}
