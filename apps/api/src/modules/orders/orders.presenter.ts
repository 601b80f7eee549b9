import {
  centsToDollars,
  countryName,
  type Order,
  type OrderFigures,
  type OrderLine,
  paidStatuses,
  type ShipTo,
} from '@shop/shared';
import type { Kysely } from 'kysely';
import type { Database, OrderLineRow, OrderRow } from '../../db/schema';

/** One page of a list of orders, and how many orders the list has over all its pages. */
export interface OrdersPage {
  orders: Order[];
  total: number;
}

type LineFigures = Omit<
  OrderLineRow,
  'order_id' | 'position' | 'refund_key' | 'refunded_at' | 'restocked_at' | 'tool_title'
>;

const toLine = (line: LineFigures, refunded: boolean): OrderLine => ({
  toolId: line.tool_id,
  tool: line.tool_name,
  img: line.tool_img,
  quantity: line.quantity,
  unitPrice: centsToDollars(line.unit_price_cents),
  price: centsToDollars(line.price_cents),
  taxRate: Number(line.tax_rate),
  tax: centsToDollars(line.tax_cents),
  shipping: centsToDollars(line.shipping_cents),
  shippingTax: centsToDollars(line.shipping_tax_cents),
  refunded,
});

/** Where the order went, for orders placed with a destination (issue 35). */
const shipToOf = (row: OrderRow): ShipTo | null =>
  row.ship_country === null
    ? null
    : {
        recipient: row.recipient ?? row.user_name,
        country: row.ship_country,
        countryName: countryName(row.ship_country),
        region: row.ship_region,
        city: row.ship_city ?? '',
        postalCode: row.ship_postal_code,
      };

/** The order's figures from its row: the subtotal is what the total holds besides the rest. */
export const totalsOf = (
  row: Pick<
    OrderRow,
    'price_cents' | 'shipping_cents' | 'tax_cents' | 'tax_name' | 'tax_rate' | 'prices_include_tax'
  >,
): OrderFigures => ({
  subtotal: centsToDollars(
    row.price_cents - row.shipping_cents - (row.prices_include_tax ? 0 : row.tax_cents),
  ),
  shipping: centsToDollars(row.shipping_cents),
  tax: centsToDollars(row.tax_cents),
  taxName: row.tax_name ?? 'Tax',
  taxRate: Number(row.tax_rate),
  total: centsToDollars(row.price_cents),
  pricesIncludeTax: row.prices_include_tax,
});

/**
 * The order in the API's words. A one-line order is its own line (its columns are the line's);
 * an order of several tools brings its `lines` read from `order_lines`.
 */
function toOrder(row: OrderRow, lines?: OrderLine[]): Order {
  const ownLine =
    row.line_count === 1 && row.unit_price_cents !== null && row.available_after !== null
      ? toLine(
          {
            ...row,
            unit_price_cents: row.unit_price_cents,
            // The goods' price: the total holds shipping and tax too.
            price_cents: row.unit_price_cents * row.quantity,
            available_after: row.available_after,
            tax_cents: row.tax_cents - row.shipping_tax_cents,
          },
          // Its refund is the order's.
          row.status === 'refunded',
        )
      : undefined;
  const orderLines = ownLine ? [ownLine] : lines;
  if (!orderLines?.length) throw new Error(`Order ${row.id} was read without its lines`);
  return {
    _id: row.id,
    number: row.number,
    toolId: row.tool_id,
    tool: row.tool_name,
    img: row.tool_img,
    price: centsToDollars(row.price_cents),
    unitPrice: row.unit_price_cents === null ? null : centsToDollars(row.unit_price_cents),
    availableQuantity: row.available_after,
    quantity: row.quantity,
    lines: orderLines,
    userName: row.user_name,
    userEmail: row.user_email,
    phone: row.phone,
    address: row.address,
    shipTo: shipToOf(row),
    shipping:
      row.shipping_method === null
        ? null
        : {
            method: row.shipping_method,
            minDays: row.delivery_min_days ?? 0,
            maxDays: row.delivery_max_days ?? 0,
          },
    shipment:
      row.carrier === null
        ? null
        : {
            carrier: row.carrier,
            trackingNumber: row.tracking_number,
            trackingUrl: row.tracking_url,
          },
    totals: totalsOf(row),
    neededBy: row.needed_by,
    paid: paidStatuses.includes(row.status),
    transactionId: row.transaction_id,
    status: row.status,
    createdAt: row.created_at.toISOString(),
    payBy: row.status === 'unpaid' && row.pay_by ? row.pay_by.toISOString() : null,
  };
}

/** The lines of several-tool orders, by order id: one query. */
async function linesOf(orderIds: string[], executor: Kysely<Database>) {
  const byOrder = new Map<string, OrderLine[]>();
  const lines = await executor
    .selectFrom('order_lines')
    .selectAll()
    .where('order_id', 'in', orderIds)
    .orderBy('order_id')
    .orderBy('position')
    .execute();
  for (const line of lines) {
    byOrder.set(line.order_id, [
      ...(byOrder.get(line.order_id) ?? []),
      toLine(line, line.refunded_at !== null),
    ]);
  }
  return byOrder;
}

/**
 * Orders in the API's words, with their lines. Answered at once, not as a promise, when no order
 * has several lines (the usual My Orders): no second query and no await on the uncached read's
 * path (decision 017).
 */
export function present(rows: OrderRow[], executor: Kysely<Database>): Order[] | Promise<Order[]> {
  const several = rows.filter((row) => row.line_count > 1).map((row) => row.id);
  if (several.length === 0) return rows.map((row) => toOrder(row));
  return linesOf(several, executor).then((lines) =>
    rows.map((row) => toOrder(row, lines.get(row.id))),
  );
}

export const presentOne = async (row: OrderRow, executor: Kysely<Database>) =>
  (await present([row], executor))[0]!;

/**
 * A page of orders with its total. Past the last page no row carries the count, so it is asked
 * apart, only then (on page 1 an empty page means none). Like `present`, answered without a
 * promise when it can.
 */
export function presentPage(
  rows: (OrderRow & { total: number | null })[],
  page: number,
  count: () => Promise<number>,
  executor: Kysely<Database>,
): OrdersPage | Promise<OrdersPage> {
  if (rows.length === 0) {
    return page === 1 ? { orders: [], total: 0 } : count().then((total) => ({ orders: [], total }));
  }
  const total = rows[0]!.total ?? 0;
  const orders = present(rows, executor);
  return Array.isArray(orders)
    ? { orders, total }
    : orders.then((list) => ({ orders: list, total }));
}

/**
 * An order as the payment side sees it, in the order's terms: what it costs, whether and by
 * which payment it was paid, whom to tell. Payments, refunds and webhooks never see a row.
 */
export interface BillableOrder {
  id: string;
  status: OrderRow['status'];
  amountCents: number;
  /** The provider's payment that paid it (an intent id), once paid. */
  paymentId: string | null;
  buyerEmail: string;
}

export const toBillable = (row: OrderRow): BillableOrder => ({
  id: row.id,
  status: row.status,
  amountCents: row.price_cents,
  paymentId: row.transaction_id,
  buyerEmail: row.user_email,
});
