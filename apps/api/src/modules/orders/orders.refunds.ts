import {
  can,
  centsToDollars,
  formatMoney,
  type Order,
  type OrderStatus,
  type Refund,
  type RefundPreview,
  statusAfter,
  statusesFor,
} from '@shop/shared';
import { type Kysely, sql } from 'kysely';
import type { CurrentUser } from '../../auth/identity';
import type { Database } from '../../db/schema';
import { AppError } from '../../lib/errors';
import { percentOf } from '../../lib/percent';
import { issueCreditNote } from '../invoices/invoice-issue';
import { presentOne } from './orders.presenter';
import type { OrderQueries } from './orders.queries';
import {
  actingAs,
  changeStatus,
  type HistoryStep,
  linesInWords,
  noteInHistory,
  restockLines,
} from './orders.steps';
import type { WorkflowOptions } from './orders.workflow';

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
 * An order's refunds: of the whole order (claimed before the provider is asked, then marked
 * refunded) and of some of its lines (each line claimed once, then settled), and what a refund
 * would give back before it is asked. Payments ask the provider between the steps.
 */
export function createOrderRefunds(
  db: Kysely<Database>,
  queries: Pick<OrderQueries, 'visibleTo'>,
  options: Pick<WorkflowOptions, 'onStockChange'>,
) {
  const transition = changeStatus.bind(null, db);

  return {
    /**
     * Claims a paid or shipped order for its refund, before the provider is asked: from then on
     * it cannot be shipped or delivered. A claim already there (a refund racing this one, or one
     * whose process stopped) is taken over, so an order is never blocked for good. False when
     * the order is no longer paid or shipped.
     */
    async claimRefund(id: string): Promise<boolean> {
      const claimed = await db
        .updateTable('orders')
        .set({ refund_started_at: sql<Date>`now()` })
        .where('id', '=', id)
        .where('status', 'in', statusesFor('refund', 'admin'))
        .returning('id')
        .executeTakeFirst();
      return Boolean(claimed);
    },

    /** Lifts the claim of a refund the provider did not make: the order can be shipped again. */
    async releaseRefund(id: string): Promise<void> {
      await db
        .updateTable('orders')
        .set({ refund_started_at: null })
        .where('id', '=', id)
        .where('status', 'in', statusesFor('refund', 'admin'))
        .execute();
    },

    /**
     * Marks a paid or shipped order refunded, once its payment was given back (payments does
     * that first), with the admin's reason; its lines' units return to stock only when
     * `restock`. An order refunded already is answered as it is: a repeated refund changes
     * nothing. Answers whether this call made the change. After the provider's refund a
     * delivered order is refunded too: the money is back whatever the order went through.
     */
    async markRefunded(
      id: string,
      caller: CurrentUser,
      refund: Refund,
      /** The provider gave the money back: the order says so, whatever befell it meanwhile. */
      refundedAtProvider = false,
    ): Promise<{ order: Order; changed: boolean }> {
      const refunded = await transition(
        id,
        caller,
        'refund',
        refundedAtProvider ? 'shop' : 'admin',
        {
          reason: refund.reason,
          also: async (trx) => {
            const given = await trx
              .updateTable('order_lines')
              .set({ refunded_at: sql<Date>`now()` })
              .where('order_id', '=', id)
              .where('refunded_at', 'is', null)
              .returning('tool_id')
              .execute();
            if (refund.restock) await restockLines(trx, id);
            // What is left of the payment went back under its intent's id (payments.service.ts).
            const { transaction_id } = await trx
              .selectFrom('orders')
              .select('transaction_id')
              .where('id', '=', id)
              .executeTakeFirstOrThrow();
            if (transaction_id) {
              await issueCreditNote(trx, {
                orderId: id,
                refundKey: transaction_id,
                toolIds: given.map((line) => line.tool_id),
                reason: refund.reason,
              });
            }
          },
        },
      );
      if (refunded && refund.restock) options.onStockChange?.();
      const row = refunded ?? (await queries.visibleTo(caller, id));
      if (!refunded && row.status !== 'refunded') {
        throw new AppError(
          'CONFLICT',
          `Only a paid or shipped order can be refunded; this one is ${row.status}`,
        );
      }
      return { order: await presentOne(row, db), changed: Boolean(refunded) };
    },

    /**
     * Claims lines of a paid, shipped or delivered order for the refund that gives them back, in
     * one transaction with the order locked: a refund of the whole order claims it under the same
     * lock, so the two never both count a line. The refund gives back each line's price, its
     * share of shipping, and their tax when prices are without it (docs/product.md, Refunds of
     * lines); `record` keeps it in the same transaction. Asked again for the same lines before
     * the provider answered, it answers the same claim; a line another refund has is refused.
     */
    async claimLines(
      id: string,
      caller: CurrentUser,
      toolIds: readonly string[],
      intentId: string,
      record: (trx: Kysely<Database>, claim: LineClaim) => Promise<LineClaim>,
      /** A return's restocking fee, in percent of the lines' goods, kept from the refund. */
      feePercent = 0,
    ): Promise<LineClaim> {
      const order = await queries.visibleTo(caller, id);
      return db.transaction().execute(async (trx) => {
        const row = await trx
          .selectFrom('orders')
          .select(['status', 'refund_started_at', 'prices_include_tax'])
          .where('id', '=', order.id)
          .forUpdate()
          .executeTakeFirstOrThrow();
        checkLinesRefundable(row.status);
        if (row.refund_started_at) {
          throw new AppError('CONFLICT', 'A refund of this whole order is under way');
        }
        const lines = await trx
          .selectFrom('order_lines')
          .select([
            'tool_id',
            'tool_name',
            'price_cents',
            'tax_cents',
            'shipping_cents',
            'shipping_tax_cents',
            'refund_key',
          ])
          .where('order_id', '=', order.id)
          .where('tool_id', 'in', [...toolIds])
          .orderBy('position')
          .forUpdate()
          .execute();
        if (lines.length !== toolIds.length) {
          const message = 'This order has no such line';
          throw new AppError('VALIDATION_FAILED', message, { lines: [message] });
        }
        const key = `${intentId}:${[...toolIds].sort().join(',')}`;
        const taken = lines.filter((line) => line.refund_key !== null && line.refund_key !== key);
        if (taken.length > 0) {
          const names = taken.map((line) => line.tool_name).join(', ');
          throw new AppError(
            'CONFLICT',
            `${names} ${taken.length === 1 ? 'was' : 'were'} refunded already`,
          );
        }
        const { amountCents, feeCents } = lineRefundFigures(
          lines,
          row.prices_include_tax,
          feePercent,
        );
        await trx
          .updateTable('order_lines')
          .set({ refund_key: key })
          .where('order_id', '=', order.id)
          .where('tool_id', 'in', [...toolIds])
          .execute();
        return record(trx, { key, intentId, amountCents, feeCents });
      });
    },

    /**
     * After the provider gave a claimed refund of lines back: its lines are refunded (once, a
     * repeat changes nothing), their units back to stock when `restock`, and the order's history
     * says what was given back. Once every line is refunded the order is refunded.
     */
    async settleLines(
      id: string,
      caller: CurrentUser,
      claim: LineClaim,
      refund: Refund,
    ): Promise<Order> {
      let restocked = false;
      const row = await db.transaction().execute(async (trx) => {
        // The order's row first, as a whole refund takes it.
        await trx
          .selectFrom('orders')
          .select('status')
          .where('id', '=', id)
          .forUpdate()
          .executeTakeFirstOrThrow();
        const given = await trx
          .updateTable('order_lines')
          .set({ refunded_at: sql<Date>`now()` })
          .where('order_id', '=', id)
          .where('refund_key', '=', claim.key)
          .where('refunded_at', 'is', null)
          .returning(['tool_id', 'tool_name', 'quantity'])
          .execute();
        if (given.length === 0) return undefined;
        const toolIds = given.map((line) => line.tool_id);
        if (refund.restock) restocked = await restockLines(trx, id, toolIds);
        await issueCreditNote(trx, {
          orderId: id,
          refundKey: claim.key,
          toolIds,
          reason: refund.reason,
          feeCents: claim.feeCents,
        });
        const left = await trx
          .selectFrom('order_lines')
          .select(sql<number>`count(*)::int`.as('n'))
          .where('order_id', '=', id)
          .where('refunded_at', 'is', null)
          .executeTakeFirstOrThrow();
        const step: HistoryStep = {
          kind: 'lines_refunded',
          what: `${formatMoney(centsToDollars(claim.amountCents))} · ${linesInWords(given.map((l) => ({ tool: l.tool_name, quantity: l.quantity })))}`,
        };
        await actingAs(trx, caller, refund.reason, step);
        if (left.n === 0) {
          await trx
            .updateTable('orders')
            .set({ status: statusAfter('refund')! })
            .where('id', '=', id)
            .execute();
        } else {
          await noteInHistory(trx, id, caller, step, refund.reason);
        }
        return true;
      });
      if (row && restocked) options.onStockChange?.();
      return presentOne(await queries.visibleTo(caller, id), db);
    },

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
