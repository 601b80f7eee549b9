import { z } from 'zod';
import { CountryCodeSchema, countryName, destinationFields } from './address';
import { IdSchema } from './id';
import { QuantitySchema } from './quantity';
import { adminText, isWhole } from './admin-fields';

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

/** The figures of an order: decided once, by the server (docs/product.md, Shipping and tax). */
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

/* ---------------------------------------------------------------------------------------------
 * The back office (issue 35): admins keep the zones, their methods, the tax rates and the two
 * tax settings. Money is dollars, as everywhere in the API; weights are grams.
 * ------------------------------------------------------------------------------------------- */

export const ZONE_NAME_MAX = 60;
export const METHOD_NAME_MAX = 60;
export const TAX_NAME_MAX = 30;
/** The longest delivery estimate a method may give (the database's check agrees). */
export const DELIVERY_DAYS_MAX = 120;
export const WEIGHT_BANDS_MAX = 20;
export const SHIPPING_PRICE_MAX = 10_000;
export const METHOD_POSITION_MAX = 1000;

/** A shipping price in dollars: 0 (free) or more, whole cents. */
const shippingMoney = (label: string) =>
  z
    .number({ error: `${label} is required` })
    .min(0, `${label} must be at least 0`)
    .max(SHIPPING_PRICE_MAX, `${label} must be at most ${SHIPPING_PRICE_MAX}`)
    .refine((value) => isWhole(value, 100), { message: `${label} can have at most 2 decimals` });

/** A set of shipping classes, each once. */
const ShippingClassesSchema = z
  .array(z.enum(SHIPPING_CLASSES, { error: 'Choose standard, lithium battery or oversized' }))
  .refine((classes) => new Set(classes).size === classes.length, {
    message: 'A class is listed twice',
  });

export const ShippingClassSchema = z.enum(SHIPPING_CLASSES, {
  error: 'Shipping class must be standard, lithium battery or oversized',
});

/**
 * A zone as an admin gives it: its name (unique whatever its case), its countries (each in one
 * zone at most: the server says which zone has one already), whether it is the rest of the
 * world (one zone at most), and the classes it refuses. What an admin sends replaces the zone.
 */
export const ShippingZoneInputSchema = z
  .object({
    name: adminText('Name', ZONE_NAME_MAX),
    countries: z
      .array(CountryCodeSchema, { error: 'Countries must be a list' })
      .max(300, 'A zone can have at most 300 countries')
      .superRefine((codes, ctx) => {
        const seen = new Set<string>();
        codes.forEach((code, index) => {
          if (seen.has(code)) {
            ctx.addIssue({
              code: 'custom',
              path: [index],
              message: `${countryName(code)} is listed twice`,
            });
          }
          seen.add(code);
        });
      }),
    restOfWorld: z.boolean({ error: 'Rest of the world must be true or false' }),
    refusedClasses: ShippingClassesSchema,
  })
  .strict()
  .superRefine((zone, ctx) => {
    if (!zone.restOfWorld && zone.countries.length === 0) {
      ctx.addIssue({
        code: 'custom',
        path: ['countries'],
        message: 'Choose at least one country, or make it the rest of the world',
      });
    }
  });
export type ShippingZoneInput = z.infer<typeof ShippingZoneInputSchema>;

/** A weight band: up to this many grams (inclusive), this price. */
export const WeightBandSchema = z
  .object({
    upToGrams: z
      .number({ error: 'Weight is required' })
      .int('Weight must be a whole number of grams')
      .min(1, 'Weight must be at least 1 gram')
      .max(1_000_000, 'Weight must be at most 1000000 grams'),
    price: shippingMoney('Price'),
  })
  .strict()
  .meta({ id: 'WeightBand' });
export type WeightBand = z.infer<typeof WeightBandSchema>;

/**
 * A method of a zone. `rateKind` says how its price is found: `flat` (`price`), `weight`
 * (`weightBands`, each band from the previous one's weight to its own: the weights strictly
 * increase, so bands neither overlap nor leave a gap; nothing heavier than the last), or
 * `free_over` (`price` below `freeOver`, free from it). Days: the delivery estimate.
 */
export const ShippingMethodInputSchema = z
  .object({
    name: adminText('Name', METHOD_NAME_MAX),
    rateKind: z.enum(RATE_KINDS, { error: 'Choose flat, by weight or free over an amount' }),
    price: shippingMoney('Price').optional(),
    freeOver: shippingMoney('Free over').optional(),
    weightBands: z
      .array(WeightBandSchema, { error: 'Weight bands must be a list' })
      .max(WEIGHT_BANDS_MAX, `A method can have at most ${WEIGHT_BANDS_MAX} weight bands`)
      .optional(),
    minDays: z
      .number({ error: 'Minimum days is required' })
      .int('Minimum days must be a whole number')
      .min(0, 'Minimum days must be at least 0')
      .max(DELIVERY_DAYS_MAX, `Minimum days must be at most ${DELIVERY_DAYS_MAX}`),
    maxDays: z
      .number({ error: 'Maximum days is required' })
      .int('Maximum days must be a whole number')
      .min(0, 'Maximum days must be at least 0')
      .max(DELIVERY_DAYS_MAX, `Maximum days must be at most ${DELIVERY_DAYS_MAX}`),
    refusedClasses: ShippingClassesSchema,
    position: z
      .number({ error: 'Position must be a number' })
      .int('Position must be a whole number')
      .min(0, 'Position must be at least 0')
      .max(METHOD_POSITION_MAX, `Position must be at most ${METHOD_POSITION_MAX}`)
      .optional(),
  })
  .strict()
  .superRefine((method, ctx) => {
    const issue = (path: (string | number)[], message: string) =>
      ctx.addIssue({ code: 'custom', path, message });
    if (method.maxDays < method.minDays) {
      issue(['maxDays'], 'Maximum days must be at least the minimum days');
    }
    if (method.rateKind !== 'weight' && method.price === undefined) {
      issue(['price'], 'Price is required');
    }
    if (method.rateKind === 'free_over') {
      if (method.freeOver === undefined) issue(['freeOver'], 'Free over is required');
      else if (method.freeOver <= 0) issue(['freeOver'], 'Free over must be above 0');
    } else if (method.freeOver !== undefined) {
      issue(['freeOver'], 'Free over is only for a method free over an amount');
    }
    if (method.rateKind === 'weight') {
      const bands = method.weightBands ?? [];
      if (bands.length === 0) issue(['weightBands'], 'Add at least one weight band');
      bands.forEach((band, index) => {
        const before = bands[index - 1];
        if (before && band.upToGrams <= before.upToGrams) {
          issue(
            ['weightBands', index, 'upToGrams'],
            `Each band must weigh more than the one before (${before.upToGrams} g)`,
          );
        }
      });
    } else if (method.weightBands !== undefined && method.weightBands.length > 0) {
      issue(['weightBands'], 'Weight bands are only for a method priced by weight');
    }
  });
export type ShippingMethodInput = z.infer<typeof ShippingMethodInputSchema>;

/** A method as the back office reads it. */
export const ShippingMethodSchema = z
  .object({
    id: z.string(),
    zoneId: z.string(),
    name: z.string(),
    rateKind: z.enum(RATE_KINDS),
    /** Flat: the price; free over: the price below the threshold; by weight: 0. */
    price: z.number(),
    freeOver: z.number().nullable(),
    weightBands: z.array(WeightBandSchema),
    minDays: z.number().int(),
    maxDays: z.number().int(),
    refusedClasses: z.array(z.enum(SHIPPING_CLASSES)),
    position: z.number().int(),
  })
  .meta({ id: 'ShippingMethod' });
export type ShippingMethod = z.infer<typeof ShippingMethodSchema>;

/** A zone as the back office reads it: its countries by name, its methods in their order. */
export const ShippingZoneSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    restOfWorld: z.boolean(),
    refusedClasses: z.array(z.enum(SHIPPING_CLASSES)),
    countries: z.array(z.object({ code: z.string(), name: z.string() })),
    methods: z.array(ShippingMethodSchema),
  })
  .meta({ id: 'ShippingZone' });
export type ShippingZone = z.infer<typeof ShippingZoneSchema>;
