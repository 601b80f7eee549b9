import { can, centsToDollars, type OrderStatus, type RefundPreview } from '@shop/shared';
import type { Kysely } from 'kysely';
import type { CurrentUser } from '../../auth/identity';
import type { Database } from '../../db/schema';
import { AppError } from '../../lib/errors';
import { percentOf } from '../../lib/percent';
import type { OrderQueries } from './orders.queries';

/*
 * What a refund gives back (docs/product.md, Refunds of lines), from the stored figures only:
 * the rule a refund of lines follows, the check that an order's lines may be refunded, and the
 * preview the admin's refund dialog shows before anything is asked.
 */

/** Refuses a refund of lines of an order in any other status (before the provider is asked). */
export function checkLinesRefundable(status: OrderStatus) {
  if (!can({ status }, 'refundLines', 'admin')) {
    throw new AppError(
      'CONFLICT',
      `Only lines of a paid, shipped or delivered order can be refunded; this one is ${status}`,
    );
  }
}

/** A refund of lines, claimed: its key (the provider's idempotency key) and what it gives back. */
export interface LineClaim {
  key: string;
  intentId: string;
  amountCents: number;
  /** The restocking fee kept (a return's, issue 36): already taken off `amountCents`. */
  feeCents: number;
}

/**
 * A restocking fee: `percent` of the lines' goods (their prices, with their tax when prices are
 * without it; not shipping), rounded half up to the cent as taxes are.
 */
function restockingFee(goodsCents: number, percent: number) {
  return percentOf(goodsCents, percent);
}

/** A line's stored figures, as a refund of it reads them. */
interface RefundedLineFigures {
  price_cents: number;
  tax_cents: number;
  shipping_cents: number;
  shipping_tax_cents: number;
}

/** The shares of what lines hold, in cents: their prices, shipping, and the tax of both. */
function sharesOf(lines: readonly RefundedLineFigures[]) {
  const sum = (pick: (line: RefundedLineFigures) => number) =>
    lines.reduce((total, line) => total + pick(line), 0);
  return {
    goodsCents: sum((line) => line.price_cents),
    shippingCents: sum((line) => line.shipping_cents),
    taxCents: sum((line) => line.tax_cents + line.shipping_tax_cents),
  };
}

/** What shares give back: the tax is added to them when prices are without it. */
const amountOf = (shares: ReturnType<typeof sharesOf>, pricesIncludeTax: boolean, feeCents = 0) =>
  shares.goodsCents + shares.shippingCents + (pricesIncludeTax ? 0 : shares.taxCents) - feeCents;

/**
 * What a refund of these lines gives back (docs/product.md, Refunds of lines): their prices,
 * their shares of shipping and, when prices are without tax, the tax of both; less a return's
 * restocking fee, `feePercent` of the goods. In cents, from the stored figures only.
 */
export function lineRefundFigures(
  lines: readonly RefundedLineFigures[],
  pricesIncludeTax: boolean,
  feePercent = 0,
) {
  const taxed = !pricesIncludeTax;
  const goodsCents = lines.reduce(
    (sum, line) => sum + line.price_cents + (taxed ? line.tax_cents : 0),
    0,
  );
  const feeCents = restockingFee(goodsCents, feePercent);
  return { amountCents: amountOf(sharesOf(lines), pricesIncludeTax, feeCents), feeCents };
}

/**
 * What a refund of these lines of an order gives back, by `lineRefundFigures`, read inside the
 * caller's transaction (a return's refund, recorded with the return: flows/return.ts).
 */
export async function lineRefundOf(
  trx: Kysely<Database>,
  orderId: string,
  toolIds: readonly string[],
  feePercent: number,
) {
  const figures = await trx
    .selectFrom('order_lines')
    .select(['price_cents', 'tax_cents', 'shipping_cents', 'shipping_tax_cents'])
    .where('order_id', '=', orderId)
    .where('tool_id', 'in', [...toolIds])
    .execute();
  const { prices_include_tax } = await trx
    .selectFrom('orders')
    .select('prices_include_tax')
    .where('id', '=', orderId)
    .executeTakeFirstOrThrow();
  return lineRefundFigures(figures, prices_include_tax, feePercent);
}

/** What a refund would give back, before it is asked (orders.service.ts lends it). */
export function createRefundPreview(
  db: Kysely<Database>,
  queries: Pick<OrderQueries, 'visibleTo'>,
) {
  return {
    /**
     * What a refund would give back, before it is asked (the admin's refund dialog): of these
     * open lines by the rule of `lineRefundFigures`, or of the whole order (its total less the
     * lines refunded already, as the provider's refund of what is left). Changes nothing.
     */
    async refundPreview(
      id: string,
      caller: CurrentUser,
      toolIds?: readonly string[],
    ): Promise<RefundPreview> {
      const order = await queries.visibleTo(caller, id);
      const lines = await db
        .selectFrom('order_lines')
        .select([
          'tool_id',
          'price_cents',
          'tax_cents',
          'shipping_cents',
          'shipping_tax_cents',
          'refunded_at',
        ])
        .where('order_id', '=', order.id)
        .execute();
      const includeTax = order.prices_include_tax;
      let shares: ReturnType<typeof sharesOf>;
      if (toolIds) {
        checkLinesRefundable(order.status);
        const chosen = lines.filter((line) => toolIds.includes(line.tool_id));
        if (chosen.length !== toolIds.length) {
          const message = 'This order has no such line';
          throw new AppError('VALIDATION_FAILED', message, { lines: [message] });
        }
        const given = chosen.filter((line) => line.refunded_at !== null);
        if (given.length > 0) {
          throw new AppError('CONFLICT', 'A chosen line was refunded already');
        }
        shares = sharesOf(chosen);
      } else {
        if (!can({ status: order.status }, 'refund', 'admin')) {
          throw new AppError(
            'CONFLICT',
            `Only a paid or shipped order can be refunded; this one is ${order.status}`,
          );
        }
        const given = sharesOf(lines.filter((line) => line.refunded_at !== null));
        const totals = {
          goodsCents: order.price_cents - order.shipping_cents - (includeTax ? 0 : order.tax_cents),
          shippingCents: order.shipping_cents,
          taxCents: order.tax_cents,
        };
        shares = {
          goodsCents: totals.goodsCents - given.goodsCents,
          shippingCents: totals.shippingCents - given.shippingCents,
          taxCents: totals.taxCents - given.taxCents,
        };
      }
      return {
        amount: centsToDollars(amountOf(shares, includeTax)),
        goods: centsToDollars(shares.goodsCents),
        shipping: centsToDollars(shares.shippingCents),
        tax: centsToDollars(shares.taxCents),
        taxName: order.tax_name ?? 'Tax',
        pricesIncludeTax: includeTax,
      };
    },
  };
}
