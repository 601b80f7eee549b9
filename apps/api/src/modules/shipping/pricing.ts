import {
  countryName,
  DELIVERY_PROMISE_DAYS,
  type ShippingClass,
  shippingClassLabels,
  type RateKind,
} from '@shop/shared';
import type { WeightBand } from '../../db/schema';
import { percentOf, percentWithin } from '../../lib/percent';

/**
 * The shop's arithmetic of an order (docs/product.md, Shipping and tax), in whole cents, pure: the one
 * place the figures are decided, for a quote and for the order placed from it.
 *
 * - Tax rates are percent with at most 3 decimals (19, 8.875), as stored and sent; the
 *   arithmetic stays in whole numbers (lib/percent.ts), so 8.875 % is exact.
 * - Rounding is per line, half up, to the cent: a line's tax is rounded on its own, and the
 *   order's tax is the sum of its lines' (so a refund of a line gives back exactly its figures).
 * - Prices without tax: tax = round(price x rate). Prices with tax (a shop setting): the tax is
 *   the part of the price that is tax, round(price x rate / (1 + rate)); the price paid is the
 *   listed one whatever the destination.
 * - Shipping is shared between the lines in proportion to their prices (floor of each share,
 *   the cents left over one each to the lines with the largest remainders, the first line first
 *   on a tie); its tax, when the shop taxes shipping, is rounded per share like a line's.
 */

export interface PricingLine {
  toolId: string;
  name: string;
  quantity: number;
  unitPriceCents: number;
  weightGrams: number;
  shippingClass: ShippingClass;
}

export interface PricingMethod {
  id: string;
  name: string;
  rateKind: RateKind;
  rateCents: number;
  freeOverCents: number | null;
  weightBands: WeightBand[];
  minDays: number;
  maxDays: number;
  refusedClasses: ShippingClass[];
}

/** What prices an order to one destination: its zone's methods, its tax, the shop's settings. */
export interface PricingRules {
  country: string;
  /** The zone the country is in (its own, or the rest of the world); undefined: none. */
  zone: { name: string; refusedClasses: ShippingClass[]; methods: PricingMethod[] } | undefined;
  /** The rate in percent (19 for 19 %). */
  tax: { name: string; rate: number };
  pricesIncludeTax: boolean;
  taxShipping: boolean;
}

export interface PricedLineCents {
  toolId: string;
  quantity: number;
  unitPriceCents: number;
  priceCents: number;
  taxRate: number;
  taxCents: number;
  shippingCents: number;
  shippingTaxCents: number;
}

export interface OrderCents {
  method: PricingMethod;
  lines: PricedLineCents[];
  subtotalCents: number;
  shippingCents: number;
  /** All the tax, and the part of it on shipping. */
  taxCents: number;
  shippingTaxCents: number;
  taxName: string;
  taxRate: number;
  totalCents: number;
  pricesIncludeTax: boolean;
}

/** The tax in an amount at a rate in percent, added to it or included in it. */
export function taxOf(amountCents: number, rate: number, included: boolean): number {
  return included ? percentWithin(amountCents, rate) : percentOf(amountCents, rate);
}

/** `total` shared in proportion to `weights` (largest remainders, earlier first on a tie). */
export function shareOut(total: number, weights: readonly number[]): number[] {
  // BigInt: a total times a line's price can pass 2^53.
  const sum = BigInt(weights.reduce((a, b) => a + b, 0));
  if (sum === 0n) return weights.map((_, i) => (i === 0 ? total : 0));
  const shares = weights.map((w) => Number((BigInt(total) * BigInt(w)) / sum));
  const remainders = weights.map((w, i) => ({ i, r: (BigInt(total) * BigInt(w)) % sum }));
  let left = total - shares.reduce((a, b) => a + b, 0);
  for (const { i } of remainders.sort((a, b) => (a.r === b.r ? a.i - b.i : a.r > b.r ? -1 : 1))) {
    if (left === 0) break;
    shares[i]! += 1;
    left -= 1;
  }
  return shares;
}

const kilograms = (grams: number) => `${(grams / 1000).toLocaleString('en-US')} kg`;

/** A method's price for these goods, or why it cannot carry them. */
export function methodPrice(
  method: PricingMethod,
  subtotalCents: number,
  weightGrams: number,
): { cents: number } | { reason: string } {
  switch (method.rateKind) {
    case 'flat':
      return { cents: method.rateCents };
    case 'free_over':
      return { cents: subtotalCents >= (method.freeOverCents ?? 0) ? 0 : method.rateCents };
    case 'weight': {
      const band = method.weightBands.find((b) => weightGrams <= b.upToGrams);
      if (band) return { cents: band.cents };
      const heaviest = method.weightBands.at(-1)?.upToGrams ?? 0;
      return {
        reason: `Carries parcels up to ${kilograms(heaviest)}; this one is ${kilograms(weightGrams)}`,
      };
    }
  }
}

/** The figures of these lines sent by this method (the method can carry them). */
export function priceOrder(
  lines: readonly PricingLine[],
  method: PricingMethod,
  shippingCents: number,
  rules: Pick<PricingRules, 'tax' | 'pricesIncludeTax' | 'taxShipping'>,
): OrderCents {
  const rate = rules.tax.rate;
  const included = rules.pricesIncludeTax;
  const prices = lines.map((line) => line.unitPriceCents * line.quantity);
  const shares = shareOut(shippingCents, prices);
  const priced = lines.map((line, i) => {
    const shipping = shares[i]!;
    return {
      toolId: line.toolId,
      quantity: line.quantity,
      unitPriceCents: line.unitPriceCents,
      priceCents: prices[i]!,
      taxRate: rate,
      taxCents: taxOf(prices[i]!, rate, included),
      shippingCents: shipping,
      shippingTaxCents: rules.taxShipping ? taxOf(shipping, rate, included) : 0,
    };
  });
  const subtotalCents = prices.reduce((a, b) => a + b, 0);
  const taxCents = priced.reduce((sum, l) => sum + l.taxCents + l.shippingTaxCents, 0);
  return {
    method,
    lines: priced,
    subtotalCents,
    shippingCents,
    taxCents,
    shippingTaxCents: priced.reduce((sum, l) => sum + l.shippingTaxCents, 0),
    taxName: rules.tax.name,
    taxRate: rate,
    totalCents: subtotalCents + shippingCents + (included ? 0 : taxCents),
    pricesIncludeTax: included,
  };
}

export interface Quote {
  options: OrderCents[];
  unavailable: { name: string; reason: string }[];
  refusal: { message: string; lines: Record<string, string[]> } | null;
}

const classList = (classes: ShippingClass[]) =>
  classes.map((c) => shippingClassLabels[c].toLowerCase()).join(', ');

/**
 * What each method of the destination's zone would charge for these lines, and why the others
 * cannot take them; when none can, why nothing can be shipped there, naming the lines at fault.
 */
export function quote(lines: readonly PricingLine[], rules: PricingRules): Quote {
  const where = countryName(rules.country);
  const { zone } = rules;
  if (!zone) {
    const message = `Sorry, we do not ship to ${where}.`;
    return { options: [], unavailable: [], refusal: { message, lines: {} } };
  }
  const barred = lines.filter((line) => zone.refusedClasses.includes(line.shippingClass));
  if (barred.length > 0) {
    const words = (line: PricingLine) =>
      `${line.name} cannot be shipped to ${where} (${shippingClassLabels[line.shippingClass].toLowerCase()})`;
    return {
      options: [],
      unavailable: [],
      refusal: {
        message: `We cannot ship ${barred.map((l) => l.name).join(', ')} to ${where}. Remove ${barred.length === 1 ? 'it' : 'them'} to order the rest.`,
        lines: Object.fromEntries(barred.map((line) => [line.toolId, [words(line)]])),
      },
    };
  }
  const subtotalCents = lines.reduce((sum, l) => sum + l.unitPriceCents * l.quantity, 0);
  const weightGrams = lines.reduce((sum, l) => sum + l.weightGrams * l.quantity, 0);
  const options: OrderCents[] = [];
  const unavailable: Quote['unavailable'] = [];
  const refusedBy = new Map<string, string[]>();
  for (const method of zone.methods) {
    const refused = lines.filter((line) => method.refusedClasses.includes(line.shippingClass));
    if (refused.length > 0) {
      const classes = [...new Set(refused.map((l) => l.shippingClass))];
      unavailable.push({ name: method.name, reason: `Does not carry ${classList(classes)} parts` });
      for (const line of refused) {
        refusedBy.set(line.toolId, [...(refusedBy.get(line.toolId) ?? []), method.name]);
      }
      continue;
    }
    const price = methodPrice(method, subtotalCents, weightGrams);
    if ('reason' in price) {
      unavailable.push({ name: method.name, reason: price.reason });
      continue;
    }
    options.push(priceOrder(lines, method, price.cents, rules));
  }
  if (options.length > 0) return { options, unavailable, refusal: null };
  const message =
    zone.methods.length === 0
      ? `Sorry, we do not ship to ${where} yet.`
      : `None of our methods to ${where} can carry this order: ${unavailable.map((u) => `${u.name}: ${u.reason.charAt(0).toLowerCase()}${u.reason.slice(1)}`).join('; ')}.`;
  const lineWords = Object.fromEntries(
    [...refusedBy].map(([toolId, methods]) => {
      const line = lines.find((l) => l.toolId === toolId)!;
      return [toolId, [`${line.name} cannot go by ${methods.join(' or ')} to ${where}`]];
    }),
  );
  return { options, unavailable, refusal: { message, lines: lineWords } };
}

/** Whether a method keeps the spec's promise of delivery within 7 days. */
export const keepsPromise = (method: Pick<PricingMethod, 'maxDays'>) =>
  method.maxDays <= DELIVERY_PROMISE_DAYS;
