import {
  centsToDollars,
  countryName,
  type ShippingClass,
  type ShippingOption,
  type ShippingQuote,
  type ShippingQuoteRequest,
} from '@shop/shared';
import { type Kysely, sql } from 'kysely';
import type { Database } from '../../db/schema';
import { AppError } from '../../lib/errors';
import {
  keepsPromise,
  type OrderCents,
  type PricingLine,
  type PricingMethod,
  type PricingRules,
  quote,
  type Quote,
} from './pricing';
import { taxSettings } from '../settings';

interface RulesRow {
  zone: {
    name: string;
    refusedClasses: ShippingClass[];
    methods: PricingMethod[];
  } | null;
  tax: { name: string; rate: string | number } | null;
}

/**
 * Reads what prices an order to a destination: in one statement, the country's zone (its own,
 * else the rest of the world) with its methods in the admins' order and the tax rate of the
 * region where one is set for it, else of the country; then the shop's tax settings (settings).
 */
export async function readRules(
  executor: Kysely<Database>,
  country: string,
  region: string | undefined,
): Promise<PricingRules> {
  const { rows } = await sql<RulesRow>`
    select
      (select json_build_object('name', z.name, 'refusedClasses', z.refused_classes,
          'methods', coalesce((select json_agg(json_build_object('id', m.id, 'name', m.name,
              'rateKind', m.rate_kind, 'rateCents', m.rate_cents,
              'freeOverCents', m.free_over_cents, 'weightBands', m.weight_bands,
              'minDays', m.min_days, 'maxDays', m.max_days,
              'refusedClasses', m.refused_classes) order by m.position, lower(m.name))
            from shipping_methods m where m.zone_id = z.id), '[]'::json))
        from shipping_zones z
        where z.id = coalesce(
          (select zc.zone_id from shipping_zone_countries zc where zc.country = ${country}),
          (select w.id from shipping_zones w where w.rest_of_world))) as zone,
      (select json_build_object('name', t.name, 'rate', t.rate) from tax_rates t
        where t.country = ${country} and t.region in ('', ${region ?? ''})
        order by t.region desc limit 1) as tax`.execute(executor);
  const row = rows[0]!;
  const settings = await taxSettings(executor);
  return {
    country,
    zone: row.zone ?? undefined,
    tax: row.tax ? { name: row.tax.name, rate: Number(row.tax.rate) } : { name: 'Tax', rate: 0 },
    pricesIncludeTax: settings.pricesIncludeTax,
    taxShipping: settings.taxShipping,
  };
}

/** Reads what prices an order to a destination: `readRules`, or its copy kept in memory. */
export type RulesReader = (
  executor: Kysely<Database>,
  country: string,
  region: string | undefined,
) => Promise<PricingRules>;

/** Destinations whose rules are kept at most: every country and region is far fewer. */
const RULES_KEPT_MAX = 2000;

/**
 * The destinations' rules kept in memory, so a purchase and a quote do not read them again
 * (docs/performance.md, issue 35). They change rarely, and every change is announced: `forget`
 * is called after each (this process's, and the database's `shipping` announcement of
 * migration 0030 for every process's). A read that a change overtook is not kept. While
 * `enabled` says no (the announcements may be missed), every read goes to the database.
 */
export function createRulesCache(options: { enabled?: (() => boolean) | undefined } = {}) {
  const kept = new Map<string, PricingRules>();
  let changes = 0;
  const read: RulesReader = async (executor, country, region) => {
    const on = options.enabled?.() ?? true;
    const key = `${country}:${region ?? ''}`;
    const known = on ? kept.get(key) : undefined;
    if (known) return known;
    const seen = changes;
    const rules = await readRules(executor, country, region);
    if (on && seen === changes) {
      if (kept.size >= RULES_KEPT_MAX) kept.clear();
      kept.set(key, rules);
    }
    return rules;
  };
  return {
    read,
    forget() {
      changes += 1;
      kept.clear();
    },
  };
}

export type RulesCache = ReturnType<typeof createRulesCache>;

/**
 * Wanted lines as the catalogue sells them now (name, price, weight, class), to be priced;
 * undefined when one of their parts is unknown or retired.
 */
export async function catalogueLines<Line extends { toolId: string; quantity: number }>(
  executor: Kysely<Database>,
  lines: readonly Line[],
): Promise<(Line & PricingLine)[] | undefined> {
  const rows = await executor
    .selectFrom('tools')
    .select(['id', 'name', 'price_cents', 'weight_grams', 'shipping_class'])
    .where(
      'id',
      'in',
      lines.map((line) => line.toolId),
    )
    .where('retired_at', 'is', null)
    .execute();
  const byId = new Map(rows.map((row) => [row.id, row]));
  if (lines.some((line) => !byId.has(line.toolId))) return undefined;
  return lines.map((line) => {
    const row = byId.get(line.toolId)!;
    return {
      ...line,
      name: row.name,
      unitPriceCents: row.price_cents,
      weightGrams: row.weight_grams,
      shippingClass: row.shipping_class,
    };
  });
}

/** An option of a quote in the API's words (dollars, percent). */
export function presentOption(figures: OrderCents): ShippingOption {
  const { method } = figures;
  return {
    methodId: method.id,
    name: method.name,
    minDays: method.minDays,
    maxDays: method.maxDays,
    withinPromise: keepsPromise(method),
    subtotal: centsToDollars(figures.subtotalCents),
    shipping: centsToDollars(figures.shippingCents),
    tax: centsToDollars(figures.taxCents),
    taxName: figures.taxName,
    taxRate: figures.taxRate,
    total: centsToDollars(figures.totalCents),
    pricesIncludeTax: figures.pricesIncludeTax,
    lines: figures.lines.map((line) => ({
      toolId: line.toolId,
      quantity: line.quantity,
      unitPrice: centsToDollars(line.unitPriceCents),
      price: centsToDollars(line.priceCents),
      taxRate: line.taxRate,
      tax: centsToDollars(line.taxCents),
      shipping: centsToDollars(line.shippingCents),
      shippingTax: centsToDollars(line.shippingTaxCents),
    })),
  };
}

export function presentQuote(rules: PricingRules, result: Quote): ShippingQuote {
  return {
    country: rules.country,
    countryName: countryName(rules.country),
    taxName: rules.tax.name,
    taxRate: rules.tax.rate,
    options: result.options.map(presentOption),
    unavailable: result.unavailable,
    refusal: result.refusal,
  };
}

/**
 * Prices orders: what the buyer sees before choosing (`quote`), and the figures an order is
 * placed with (`figuresFor`), from the same rules and the same arithmetic (`pricing.ts`).
 */
export function createShippingService(db: Kysely<Database>, rulesOf: RulesReader = readRules) {
  return {
    async quote(request: ShippingQuoteRequest): Promise<ShippingQuote> {
      const [lines, rules] = await Promise.all([
        catalogueLines(db, request.lines),
        rulesOf(db, request.country, request.region),
      ]);
      if (!lines) throw new AppError('NOT_FOUND', 'One of these parts is no longer on sale');
      return presentQuote(rules, quote(lines, rules));
    },
  };
}

export type ShippingService = ReturnType<typeof createShippingService>;

/**
 * The figures of an order of `lines` to `country`/`region` by the chosen method, or why it
 * cannot be placed that way: the lines named where a part cannot go there (422 CANNOT_SHIP),
 * or the method named where it cannot carry this order or does not serve that country.
 */
export async function figuresFor(
  executor: Kysely<Database>,
  lines: readonly PricingLine[],
  destination: { country: string; region?: string | undefined; shippingMethodId: string },
  rulesOf: RulesReader = readRules,
): Promise<OrderCents> {
  const rules = await rulesOf(executor, destination.country, destination.region);
  const result = quote(lines, rules);
  if (result.refusal) {
    throw new AppError('CANNOT_SHIP', result.refusal.message, {
      ...result.refusal.lines,
      country: [result.refusal.message],
    });
  }
  const chosen = result.options.find((o) => o.method.id === destination.shippingMethodId);
  if (chosen) return chosen;
  const method = rules.zone?.methods.find((m) => m.id === destination.shippingMethodId);
  const why = method
    ? `${method.name} cannot carry this order: ${result.unavailable.find((u) => u.name === method.name)?.reason.toLowerCase() ?? 'choose another method'}.`
    : `This shipping method does not deliver to ${countryName(destination.country)}. Choose one of the methods offered.`;
  throw new AppError('CANNOT_SHIP', why, { shippingMethodId: [why] });
}
