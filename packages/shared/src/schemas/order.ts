import { z } from 'zod';
import { CART_LINES_MAX, LIST_PAGE_SIZE_DEFAULT } from '../constants';
import { IdSchema } from './id';
import { clampLimit, pagingFields } from './paging';
import { checkDestination, destinationFields } from './address';
import { QuantitySchema } from './quantity';
import {
  OrderFiguresSchema,
  OrderShippingSchema,
  PricedLineSchema,
  ShipToSchema,
} from './shipping';
import { OrderShipmentSchema } from './carrier';
import { noControlCharacters } from './text';

export const PHONE_MAX = 30;
export const ADDRESS_MAX = 500;
/**
 * The largest total one order may have, in cents ($21,474,836.47): the largest amount the
 * database and the payment records hold. A larger order is refused with 400 before any stock
 * is taken.
 */
export const ORDER_TOTAL_MAX_CENTS = 2_147_483_647;

/** docs/product.md, Validation: required and must contain a digit (purchase form and profile). */
export const PhoneSchema = z
  .string({ error: 'Phone number is required' })
  .check(noControlCharacters('Phone number'))
  .trim()
  .min(1, 'Phone number is required')
  .max(PHONE_MAX, `Phone number must have at most ${PHONE_MAX} characters`)
  .regex(/\d/, 'Phone number must contain a digit');

export const AddressSchema = z
  .string({ error: 'Address is required' })
  .check(noControlCharacters('Address', 'multi-line'))
  .trim()
  .min(1, 'Address is required')
  .max(ADDRESS_MAX, `Address must have at most ${ADDRESS_MAX} characters`);

/** A calendar day, YYYY-MM-DD, as the Our Moto calendar gives it. */
export const CalendarDaySchema = z.iso.date({ error: 'Pick a valid date' });

/**
 * Where and how an order goes, as the purchase page and the checkout both take it: the spec's
 * Address (the address lines) and Phone number, the destination's fields (issue 35), the
 * shipping method the buyer chose from the quote, and the optional "needed by" day.
 */
export const deliveryFields = {
  phone: PhoneSchema,
  address: AddressSchema,
  ...destinationFields,
  shippingMethodId: z.uuid({ error: 'Choose a shipping method' }),
  neededBy: CalendarDaySchema.optional(),
};

/**
 * `POST /api/purchase`: what the buyer chooses. The server sets the price, name, email, stock,
 * shipping and tax (docs/product.md, departures): any other field is refused. The fields that
 * depend on the country are checked together (`checkDestination`).
 */
export const purchaseFields = { toolId: IdSchema, quantity: QuantitySchema, ...deliveryFields };
export const PurchaseSchema = z.object(purchaseFields).strict().superRefine(checkDestination);
export type Purchase = z.infer<typeof PurchaseSchema>;

/**
 * `POST /api/purchase` may carry this header: a retry with the same key (same customer, same
 * purchase) answers the order the first request placed instead of placing another.
 */
export const IDEMPOTENCY_KEY_HEADER = 'Idempotency-Key';
export const IDEMPOTENCY_KEY_MAX = 255;
export const IdempotencyKeySchema = z
  .string()
  .regex(
    new RegExp(`^[\\x20-\\x7e]{1,${IDEMPOTENCY_KEY_MAX}}$`),
    `${IDEMPOTENCY_KEY_HEADER} must be 1 to ${IDEMPOTENCY_KEY_MAX} printable ASCII characters`,
  );

/**
 * An order's life: unpaid -> paid -> shipped -> delivered; unpaid -> cancelled (by its buyer,
 * an admin, or its pay-by time); paid or shipped -> refunded (an admin).
 */
export const orderStatuses = [
  'unpaid',
  'paid',
  'shipped',
  'delivered',
  'cancelled',
  'refunded',
] as const;
export type OrderStatus = (typeof orderStatuses)[number];
/** The statuses of an order whose payment the shop keeps. */
export const paidStatuses: readonly OrderStatus[] = ['paid', 'shipped', 'delivered'];

/** `POST /api/purchase/{id}/refund` (admins): why, and whether the units go back to stock. */
export const REFUND_REASON_MAX = 500;
export const RefundSchema = z
  .object({
    reason: z
      .string({ error: 'Reason is required' })
      .check(noControlCharacters('Reason', 'multi-line'))
      .trim()
      .min(1, 'Reason is required')
      .max(REFUND_REASON_MAX, `Reason must have at most ${REFUND_REASON_MAX} characters`),
    restock: z.boolean({ error: 'Say whether the units go back to stock' }),
    /**
     * The lines to give back (their tools' ids), each with its tax and share of shipping; without
     * it, the whole order. Lines of a delivered order can be refunded too.
     */
    lines: z
      .array(z.uuid('Choose the lines to refund'))
      .min(1, 'Choose at least one line to refund')
      .max(CART_LINES_MAX, `At most ${CART_LINES_MAX} lines`)
      .refine((ids) => new Set(ids).size === ids.length, 'Each line can be chosen once')
      .optional(),
  })
  .strict();
export type Refund = z.infer<typeof RefundSchema>;

/**
 * What a step of an order's history is, as the API recorded it (migration 0036): a step that
 * keeps the order's status is a refund of lines or a return's step, never a refund of the order.
 * `note`: an older step that kept the status, whose text did not say which it was.
 */
export const ORDER_EVENT_KINDS = [
  'placed',
  'status_changed',
  'lines_refunded',
  'return_requested',
  'return_authorised',
  'return_refused',
  'parts_received',
  'note',
] as const;
export type OrderEventKind = (typeof ORDER_EVENT_KINDS)[number];

/** `POST /api/purchase/{id}/refund-preview` (admins): the lines a refund would give back. */
export const RefundPreviewRequestSchema = RefundSchema.pick({ lines: true }).strict();
export type RefundPreviewRequest = z.infer<typeof RefundPreviewRequestSchema>;

/**
 * What a refund would give back, by the server's rules (docs/product.md, Refunds of lines), in
 * dollars: `amount` is what goes back to the card; `goods` and `shipping` are its shares before
 * tax is added, and `tax` its tax (already inside `goods` and `shipping` when prices include it).
 */
export const RefundPreviewSchema = z
  .object({
    amount: z.number(),
    goods: z.number(),
    shipping: z.number(),
    tax: z.number(),
    taxName: z.string(),
    pricesIncludeTax: z.boolean(),
  })
  .meta({ id: 'RefundPreview' });
export type RefundPreview = z.infer<typeof RefundPreviewSchema>;

/** One step of an order's history: when, what, from which status to which, who, and why. */
export const OrderEventSchema = z
  .object({
    at: z.iso.datetime(),
    kind: z.enum(ORDER_EVENT_KINDS),
    /**
     * What the step concerns, when it is not a bare change of status: a return's lines
     * ("1 × Fan"), or what a refund of lines gave back ("$ 10.20 · 1 × Fan").
     */
    what: z.string().nullable(),
    from: z.enum(orderStatuses).nullable(),
    to: z.enum(orderStatuses),
    /** Who made the change; null when the shop did (an expiry, a provider's confirmation). */
    by: z.object({ name: z.string(), role: z.enum(['admin', 'user']) }).nullable(),
    /** Why: the admin's reason, or a return's reason ("Does not fit"). */
    reason: z.string().nullable(),
  })
  .meta({ id: 'OrderEvent' });
export type OrderEvent = z.infer<typeof OrderEventSchema>;

/** One tool of an order, as it was bought: name, picture and unit price of that moment. */
export const OrderLineSchema = z
  .object({
    toolId: z.string(),
    tool: z.string(),
    img: z.string(),
    quantity: z.number().int(),
    /** Dollars per unit, stored when the order was placed. */
    unitPrice: z.number(),
    /** quantity x unit price, in dollars */
    price: z.number(),
    /** The line's tax and its share of shipping, as placed (0 for orders before issue 35). */
    ...PricedLineSchema.pick({ taxRate: true, tax: true, shipping: true, shippingTax: true }).shape,
    /** Given back to the buyer: by a refund of this line, or of the whole order. */
    refunded: z.boolean(),
  })
  .meta({ id: 'OrderLine' });
export type OrderLine = z.infer<typeof OrderLineSchema>;

/**
 * An order as the API returns it: the buyer's choice plus address, neededBy, status, createdAt,
 * and its `lines`. A one-tool order answers the tool's fields as the product has always given
 * them; an order of several tools (a checkout) answers `tool` as a summary ("NVMe SSD 1TB M.2 +
 * 2 more"), `toolId` and `img` of its first line, `quantity` as its number of units, `price` as
 * its total, and no `unitPrice` or `availableQuantity` (null).
 */
export const OrderSchema = z
  .object({
    _id: z.string(),
    /** The order's human number (issue 49), written out by `formatOrderNumber` ("ORD-000123"). */
    number: z.number().int().positive(),
    toolId: z.string(),
    tool: z.string(),
    img: z.string(),
    /**
     * What the buyer pays, in dollars: the lines, shipping and tax (`totals.total`). For orders
     * placed before shipping was charged, quantity x unit price.
     */
    price: z.number(),
    /** Dollars per unit of a one-tool order; null for several tools. */
    unitPrice: z.number().nullable(),
    /** The tool's stock left right after a one-tool order; null for several tools. */
    availableQuantity: z.number().int().nullable(),
    /** Units in the order, over all its lines. */
    quantity: z.number().int(),
    lines: z.array(OrderLineSchema).min(1),
    userName: z.string(),
    userEmail: z.string(),
    phone: z.string(),
    /** The address lines (the spec's Address box). */
    address: z.string(),
    /** The rest of the destination; null for orders placed before issue 35. */
    // Unions, not `.nullable()`: that would make the shared schemas nullable everywhere.
    shipTo: z.union([ShipToSchema, z.null()]),
    /** The method chosen and its estimate; null for orders placed before issue 35. */
    shipping: z.union([OrderShippingSchema, z.null()]),
    /** Its carrier and tracking once shipped with one (issue 49); null otherwise. */
    shipment: z.union([OrderShipmentSchema, z.null()]),
    totals: OrderFiguresSchema,
    neededBy: CalendarDaySchema.nullable(),
    paid: z.boolean(),
    transactionId: z.string().nullable(),
    status: z.enum(orderStatuses),
    createdAt: z.iso.datetime(),
    /** While unpaid: when the order expires and its stock returns (ISO time); otherwise null. */
    payBy: z.iso.datetime().nullable(),
  })
  .meta({ id: 'Order' });
export type Order = z.infer<typeof OrderSchema>;

/**
 * The filters of the admins' order lists and their CSV export: a status, a search in the buyer's
 * email or name or the tools' names, and a range of days (YYYY-MM-DD, both included, on the
 * shop's calendar) of when the orders were placed.
 */
export const OrderFilterSchema = z
  .object({
    status: z.enum(orderStatuses).optional(),
    search: z.string().check(noControlCharacters('Search')).trim().max(100).optional(),
    from: CalendarDaySchema.optional(),
    to: CalendarDaySchema.optional(),
  })
  .strict();
export type OrderFilter = z.infer<typeof OrderFilterSchema>;

/** `GET /api/allPurchase` (Manage All Orders): the admins' filters, a page at a time. */
export const AllOrdersQuerySchema = OrderFilterSchema.extend(pagingFields(LIST_PAGE_SIZE_DEFAULT))
  .strict()
  .transform(clampLimit);
export type AllOrdersQuery = z.infer<typeof AllOrdersQuerySchema>;

/** `GET /api/purchase?userEmail=` (My Orders): the caller's own orders, a page at a time. */
export const OrderListQuerySchema = z
  .object({
    userEmail: z.string().check(noControlCharacters('userEmail')).min(1).max(254),
    ...pagingFields(LIST_PAGE_SIZE_DEFAULT),
  })
  .strict()
  .transform(clampLimit);
export type OrderListQuery = z.infer<typeof OrderListQuerySchema>;
