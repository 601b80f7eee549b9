import { z } from 'zod';
import { destinationFields } from './address';
import { IdSchema } from './id';
import { QuantitySchema } from './quantity';

/**
 * Shipping and tax (issue 35). Parts carry a shipping class; admins group countries into zones
 * (one may be the rest of the world) and give each zone methods with a rate rule and a delivery
 * estimate. A method, or a whole zone, may refuse a class (lithium batteries by air).
 */
export const SHIPPING_CLASSES = ['standard', 'lithium_battery', 'oversized'] as const;
export type ShippingClass = (typeof SHIPPING_CLASSES)[number];
export const shippingClassLabels: Record<ShippingClass, string> = {
  standard: 'Standard',
  lithium_battery: 'Lithium battery',
  oversized: 'Oversized',
};

/** How a method's price is found: one price, by the parcel's weight, or free above an amount. */
export const RATE_KINDS = ['flat', 'weight', 'free_over'] as const;
export type RateKind = (typeof RATE_KINDS)[number];

/** The spec's promise (Our Moto): delivery within 7 days, shown only where a method keeps it. */
export const DELIVERY_PROMISE_DAYS = 7;

/** Most lines a quote is asked for at once (a cart's lines). */
export const QUOTE_LINES_MAX = 100;

/**
 * `POST /api/shipping/quote`: what shipping these parts to this destination would cost, by
 * each method that can take them. Anyone may ask (a visitor's cart too): it reveals only prices.
 */
export const ShippingQuoteRequestSchema = z
  .object({
    country: destinationFields.country,
    region: destinationFields.region,
    lines: z
      .array(z.object({ toolId: IdSchema, quantity: QuantitySchema }).strict())
      .min(1, 'Name at least one part')
      .max(QUOTE_LINES_MAX, `At most ${QUOTE_LINES_MAX} lines`),
  })
  .strict();
export type ShippingQuoteRequest = z.infer<typeof ShippingQuoteRequestSchema>;

/** One line's figures with a method: its goods, its tax, its share of shipping and of its tax. */
export const PricedLineSchema = z
  .object({
    toolId: z.string(),
    quantity: z.number().int(),
    unitPrice: z.number(),
    /** quantity x unit price, as the catalogue lists it. */
    price: z.number(),
    /** The tax rate applied, in percent (19 for 19 %). */
    taxRate: z.number(),
    /** The tax on the line's goods: added to `price`, or included in it (`pricesIncludeTax`). */
    tax: z.number(),
    /** The line's share of the shipping price, and of the tax on shipping. */
    shipping: z.number(),
    shippingTax: z.number(),
  })
  .meta({ id: 'PricedLine' });
export type PricedLine = z.infer<typeof PricedLineSchema>;

/** The figures of an order: decided once, by the server (docs/product.md, Totals). */
export const OrderFiguresSchema = z.object({
  /** The lines' prices as listed. */
  subtotal: z.number(),
  /** The shipping price as the method lists it. */
  shipping: z.number(),
  /** All the tax: on the goods and on shipping. */
  tax: z.number(),
  /** The tax's name where the order goes ("VAT", "Sales tax"), and its rate in percent. */
  taxName: z.string(),
  taxRate: z.number(),
  /** What the buyer pays. */
  total: z.number(),
  /** Whether the listed prices (goods and shipping) already include the tax. */
  pricesIncludeTax: z.boolean(),
});
export type OrderFigures = z.infer<typeof OrderFiguresSchema>;

/** A method that can take these parts to this destination, priced. */
export const ShippingOptionSchema = OrderFiguresSchema.extend({
  methodId: z.string(),
  name: z.string(),
  minDays: z.number().int(),
  maxDays: z.number().int(),
  /** Whether it keeps the shop's promise of delivery within 7 days. */
  withinPromise: z.boolean(),
  lines: z.array(PricedLineSchema),
}).meta({ id: 'ShippingOption' });
export type ShippingOption = z.infer<typeof ShippingOptionSchema>;

export const ShippingQuoteSchema = z
  .object({
    country: z.string(),
    countryName: z.string(),
    /** The tax's name there ("VAT", "GST/HST", "Sales tax"), and its rate in percent. */
    taxName: z.string(),
    taxRate: z.number(),
    options: z.array(ShippingOptionSchema),
    /** The zone's methods that cannot take these parts, and why ("Does not carry: …"). */
    unavailable: z.array(z.object({ name: z.string(), reason: z.string() })),
    /**
     * Why nothing can be shipped there, when nothing can: the whole message, and per part the
     * words for its line. Null when at least one method can.
     */
    refusal: z
      .object({ message: z.string(), lines: z.record(z.string(), z.array(z.string())) })
      .nullable(),
  })
  .meta({ id: 'ShippingQuote' });
export type ShippingQuote = z.infer<typeof ShippingQuoteSchema>;

/** Where an order went (null for orders placed before issue 35, whose address is free text). */
export const ShipToSchema = z
  .object({
    recipient: z.string(),
    country: z.string(),
    countryName: z.string(),
    region: z.string().nullable(),
    city: z.string(),
    postalCode: z.string().nullable(),
  })
  .meta({ id: 'ShipTo' });
export type ShipTo = z.infer<typeof ShipToSchema>;

/** How an order travels: the method's name and estimate as they were when it was placed. */
export const OrderShippingSchema = z
  .object({ method: z.string(), minDays: z.number().int(), maxDays: z.number().int() })
  .meta({ id: 'OrderShipping' });
export type OrderShipping = z.infer<typeof OrderShippingSchema>;

/** "3-5 days", "1 day": a method's delivery estimate as the buyer reads it. */
export const deliveryEstimate = (minDays: number, maxDays: number) =>
  `${minDays === maxDays ? minDays : `${minDays}-${maxDays}`} ${maxDays === 1 ? 'day' : 'days'}`;
