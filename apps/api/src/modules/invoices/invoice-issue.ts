import {
  type BillingDocumentKind,
  destinationLine,
  formatOrderNumber,
  SHOP_CURRENCY,
} from '@shop/shared';
import { type Kysely, sql } from 'kysely';
import type { Database, OrderRow } from '../../db/schema';
import type { DocumentLine, IssuedDocument } from './invoice-document';
import { legalDetails } from '../settings';

/**
 * Issuing invoices and credit notes (issue 36), always inside the transaction of what they
 * record: an invoice in the payment's (flows/order-paid.ts), a credit note in the refund's
 * (flows/refund.ts). Each takes the next number of its series and year by updating that row of
 * `document_sequences` (migration 0031), which stays locked until the transaction ends: the
 * numbers follow each other without a gap or a repeat whatever the concurrency, and a payment
 * that rolls back, or a process killed before its commit, takes its number back with it.
 * The year is the shop's calendar year (UTC, shop-calendar.ts) on the database's clock.
 */

const PREFIX: Record<BillingDocumentKind, string> = { invoice: '', credit_note: 'CN-' };
const DIGITS = 6;

/** "2026-000123", "CN-2026-000004". */
export const documentNumber = (kind: BillingDocumentKind, year: number, sequence: number) =>
  `${PREFIX[kind]}${year}-${String(sequence).padStart(DIGITS, '0')}`;

async function nextNumber(trx: Kysely<Database>, kind: BillingDocumentKind) {
  const { rows } = await sql<{ year: number; last_number: number; issued_at: Date }>`
    insert into document_sequences (series, year, last_number)
    values (${kind}, extract(year from now() at time zone 'UTC')::int, 1)
    on conflict (series, year)
      do update set last_number = document_sequences.last_number + 1
    returning year, last_number, now() as issued_at`.execute(trx);
  const row = rows[0]!;
  return { year: row.year, sequence: row.last_number, issuedAt: row.issued_at };
}

/** The order's columns a document needs. */
export const INVOICE_ORDER_COLUMNS = [
  'id',
  'number',
  'created_at',
  'user_name',
  'user_email',
  'recipient',
  'address',
  'ship_country',
  'ship_region',
  'ship_city',
  'ship_postal_code',
  'shipping_method',
  'shipping_cents',
  'shipping_tax_cents',
  'tax_cents',
  'tax_name',
  'prices_include_tax',
  'price_cents',
  'transaction_id',
] as const;

/** An order as a document needs it. */
export type InvoiceOrder = Pick<OrderRow, (typeof INVOICE_ORDER_COLUMNS)[number]>;

/** The order's lines and the seller, as a document needs them, read in the issuing transaction. */
async function readLinesAndSeller(trx: Kysely<Database>, order: InvoiceOrder) {
  const lines = await trx
    .selectFrom('order_lines')
    .select([
      'tool_id',
      'tool_name',
      'tool_title',
      'quantity',
      'unit_price_cents',
      'price_cents',
      'tax_rate',
      'tax_cents',
      'shipping_cents',
      'shipping_tax_cents',
    ])
    .where('order_id', '=', order.id)
    .orderBy('position')
    .execute();
  const seller = await legalDetails(trx);
  return { order, lines, seller };
}

type OrderRead = Awaited<ReturnType<typeof readLinesAndSeller>>;

/** Where the order went, a line each: its recipient, its address lines, then the place. */
function shipToOf({ order }: OrderRead): string[] {
  const place =
    order.ship_country === null
      ? []
      : [
          destinationLine({
            city: order.ship_city ?? '',
            region: order.ship_region,
            postalCode: order.ship_postal_code,
            country: order.ship_country,
          }),
        ];
  const street = order.address
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean);
  return [order.recipient ?? order.user_name, ...street, ...place];
}

const toDocumentLine = (line: OrderRead['lines'][number]): DocumentLine => ({
  // The title it was bought under; a line bought before titles goes by its name.
  tool: line.tool_title ?? line.tool_name,
  quantity: line.quantity,
  unitPriceCents: line.unit_price_cents,
  taxRate: Number(line.tax_rate),
  taxCents: line.tax_cents,
  amountCents: line.price_cents,
});

/** What both kinds of document say of the order, the seller and the buyer. */
function common(read: OrderRead) {
  const { order, seller } = read;
  return {
    orderId: order.id,
    orderNumber: formatOrderNumber(order.number),
    orderedAt: order.created_at.toISOString(),
    seller,
    buyer: { name: order.user_name, email: order.user_email },
    shipTo: shipToOf(read),
    taxName: order.tax_name ?? 'Tax',
    pricesIncludeTax: order.prices_include_tax,
    paymentReference: order.transaction_id ?? '',
    currency: SHOP_CURRENCY,
  };
}

async function insertDocument(
  trx: Kysely<Database>,
  body: Omit<IssuedDocument, 'number' | 'issuedAt'>,
  link: { invoiceId: string | null; refundKey: string | null },
) {
  const { year, sequence, issuedAt } = await nextNumber(trx, body.kind);
  const document: IssuedDocument = {
    ...body,
    number: documentNumber(body.kind, year, sequence),
    issuedAt: issuedAt.toISOString(),
  };
  await trx
    .insertInto('billing_documents')
    .values({
      kind: document.kind,
      year,
      sequence,
      number: document.number,
      order_id: document.orderId,
      invoice_id: link.invoiceId,
      refund_key: link.refundKey,
      issued_at: issuedAt,
      total_cents: document.totalCents,
      body: JSON.stringify(document),
    })
    .execute();
  return document;
}

/**
 * The invoice of an order that has just been paid, inside the payment's transaction, from the
 * row its update returned: every line with its quantity, unit price, tax rate and tax, the
 * shipping, the totals as the order stored them, and the payment's reference. An order turns
 * paid once, so it gets one invoice (a unique index says so too, migration 0031).
 */
export async function issueInvoice(trx: Kysely<Database>, paid: InvoiceOrder) {
  const read = await readLinesAndSeller(trx, paid);
  const { order, lines } = read;
  const document = await insertDocument(
    trx,
    {
      kind: 'invoice',
      invoiceNumber: null,
      ...common(read),
      lines: lines.map(toDocumentLine),
      shipping: {
        method: order.shipping_method,
        amountCents: order.shipping_cents,
        taxCents: order.shipping_tax_cents,
      },
      subtotalCents: lines.reduce((sum, line) => sum + line.price_cents, 0),
      taxCents: order.tax_cents,
      feeCents: 0,
      totalCents: order.price_cents,
      reason: null,
    },
    { invoiceId: null, refundKey: null },
  );
  return document.number;
}

/**
 * The credit note of a refund, inside the transaction that records it as done: the lines it
 * gave back with their tax, their shares of shipping and its tax, and what that comes to (what
 * the provider was asked to give back, decision 039). It refers to the order's invoice; an
 * order paid before invoices existed has none, and gets no credit note. Once per refund
 * (`refundKey`, the provider's idempotency key).
 */
export async function issueCreditNote(
  trx: Kysely<Database>,
  refund: {
    orderId: string;
    refundKey: string;
    toolIds: readonly string[];
    reason: string;
    /** A return's restocking fee, kept from what the lines give back. */
    feeCents?: number;
  },
) {
  if (refund.toolIds.length === 0) return undefined;
  const invoice = await trx
    .selectFrom('billing_documents')
    .select(['id', 'number'])
    .where('order_id', '=', refund.orderId)
    .where('kind', '=', 'invoice')
    .executeTakeFirst();
  if (!invoice) return undefined;
  const existing = await trx
    .selectFrom('billing_documents')
    .select('number')
    .where('refund_key', '=', refund.refundKey)
    .executeTakeFirst();
  if (existing) return existing.number;
  const order = await trx
    .selectFrom('orders')
    .select(INVOICE_ORDER_COLUMNS)
    .where('id', '=', refund.orderId)
    .executeTakeFirstOrThrow();
  const read = await readLinesAndSeller(trx, order);
  const credited = read.lines.filter((line) => refund.toolIds.includes(line.tool_id));
  const add = (pick: (line: (typeof credited)[number]) => number) =>
    credited.reduce((sum, line) => sum + pick(line), 0);
  const subtotalCents = add((line) => line.price_cents);
  const shippingCents = add((line) => line.shipping_cents);
  const shippingTaxCents = add((line) => line.shipping_tax_cents);
  const taxCents = add((line) => line.tax_cents) + shippingTaxCents;
  const included = read.order.prices_include_tax;
  const document = await insertDocument(
    trx,
    {
      kind: 'credit_note',
      invoiceNumber: invoice.number,
      ...common(read),
      lines: credited.map(toDocumentLine),
      shipping: {
        method: shippingCents > 0 ? read.order.shipping_method : null,
        amountCents: shippingCents,
        taxCents: shippingTaxCents,
      },
      subtotalCents,
      taxCents,
      feeCents: refund.feeCents ?? 0,
      totalCents:
        subtotalCents + shippingCents + (included ? 0 : taxCents) - (refund.feeCents ?? 0),
      reason: refund.reason,
    },
    { invoiceId: invoice.id, refundKey: refund.refundKey },
  );
  return document.number;
}
