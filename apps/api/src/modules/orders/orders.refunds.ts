import {
  centsToDollars,
  formatMoney,
  type Order,
  type Refund,
  statusAfter,
  statusesFor,
} from '@shop/shared';
import { type Kysely, sql } from 'kysely';
import type { CurrentUser } from '../../auth/identity';
import type { Database, OrderRow } from '../../db/schema';
import { AppError } from '../../lib/errors';
import { presentOne } from './orders.presenter';
import type { OrderQueries } from './orders.queries';
import { checkLinesRefundable, type LineClaim, lineRefundFigures } from './orders.refund-figures';
import {
  actingAs,
  changeStatusIn,
  type HistoryStep,
  linesInWords,
  noteInHistory,
  restockLines,
} from './orders.steps';
import type { WorkflowOptions } from './orders.workflow';

/*
 * An order's refunds: of the whole order (claimed before the provider is asked, then marked
 * refunded) and of some of its lines (each line claimed once, then settled). The refund flow
 * (flows/refund.ts) asks the provider between the steps and issues the credit note in the
 * transaction of the step that records the refund as done; the steps below take that
 * transaction, and the service's answers (`createOrderRefunds`) say what came of them.
 */

/** A refund of the whole order, recorded: the row, the lines it gave back, the payment's id. */
export interface OrderRefunded {
  row: OrderRow;
  toolIds: string[];
  /** What is left of the payment went back under its intent's id (the credit note's key). */
  paymentId: string | null;
}

/**
 * Marks a paid or shipped order refunded, once its payment was given back, inside the refund's
 * transaction: `actor` is the admin, or the shop once the provider gave the money back (then a
 * delivered order is refunded too). Its open lines are refunded with it, and their units return
 * to stock only when `refund.restock`. Undefined when the order was in no such status.
 */
export async function refundOrderIn(
  trx: Kysely<Database>,
  id: string,
  caller: CurrentUser,
  refund: Refund,
  actor: 'admin' | 'shop',
): Promise<OrderRefunded | undefined> {
  const row = await changeStatusIn(trx, id, caller, 'refund', actor, { reason: refund.reason });
  if (!row) return undefined;
  const given = await trx
    .updateTable('order_lines')
    .set({ refunded_at: sql<Date>`now()` })
    .where('order_id', '=', id)
    .where('refunded_at', 'is', null)
    .returning('tool_id')
    .execute();
  if (refund.restock) await restockLines(trx, id);
  return { row, toolIds: given.map((line) => line.tool_id), paymentId: row.transaction_id };
}

/**
 * Claims lines of a paid, shipped or delivered order for the refund that gives them back, inside
 * the claim's transaction with the order locked: a refund of the whole order claims it under the
 * same lock, so the two never both count a line. Asked again for the same lines before the
 * provider answered, it answers the same claim; a line another refund has is refused. The flow
 * keeps the claim at the payments' side in the same transaction.
 */
export async function claimLinesIn(
  trx: Kysely<Database>,
  orderId: string,
  toolIds: readonly string[],
  intentId: string,
  /** A return's restocking fee, in percent of the lines' goods, kept from the refund. */
  feePercent = 0,
): Promise<LineClaim> {
  const row = await trx
    .selectFrom('orders')
    .select(['status', 'refund_started_at', 'prices_include_tax'])
    .where('id', '=', orderId)
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
    .where('order_id', '=', orderId)
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
  const { amountCents, feeCents } = lineRefundFigures(lines, row.prices_include_tax, feePercent);
  await trx
    .updateTable('order_lines')
    .set({ refund_key: key })
    .where('order_id', '=', orderId)
    .where('tool_id', 'in', [...toolIds])
    .execute();
  return { key, intentId, amountCents, feeCents };
}

/** Lines of a claimed refund, settled: which, and whether their units went back to stock. */
export interface LinesSettled {
  toolIds: string[];
  restocked: boolean;
}

/**
 * After the provider gave a claimed refund of lines back, inside the settling transaction: its
 * lines are refunded (once; a repeat changes nothing and answers undefined), their units back
 * to stock when `restock`, and the order's history says what was given back. Once every line is
 * refunded the order is refunded.
 */
export async function settleLinesIn(
  trx: Kysely<Database>,
  id: string,
  caller: CurrentUser,
  claim: LineClaim,
  refund: Refund,
): Promise<LinesSettled | undefined> {
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
  const restocked = refund.restock ? await restockLines(trx, id, toolIds) : false;
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
  return { toolIds, restocked };
}

/** The claim of a refund of the whole order, and what a refund's steps answer. */
export function createOrderRefunds(
  db: Kysely<Database>,
  queries: Pick<OrderQueries, 'visibleTo'>,
  options: Pick<WorkflowOptions, 'onStockChange'>,
) {
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
     * What a refund of the whole order answers once recorded (`refundOrderIn`, committed): the
     * order, and whether this call refunded it. An order refunded already is answered as it is
     * (a repeated refund changes nothing); one in another status is refused.
     */
    async refundOutcome(
      id: string,
      caller: CurrentUser,
      refunded: OrderRefunded | undefined,
      refund: Refund,
    ): Promise<{ order: Order; changed: boolean }> {
      if (refunded && refund.restock) options.onStockChange?.();
      const row = refunded?.row ?? (await queries.visibleTo(caller, id));
      if (!refunded && row.status !== 'refunded') {
        throw new AppError(
          'CONFLICT',
          `Only a paid or shipped order can be refunded; this one is ${row.status}`,
        );
      }
      return { order: await presentOne(row, db), changed: Boolean(refunded) };
    },

    /** What a refund of lines answers once settled (`settleLinesIn`, committed): the order. */
    async linesOutcome(
      id: string,
      caller: CurrentUser,
      settled: LinesSettled | undefined,
    ): Promise<Order> {
      if (settled?.restocked) options.onStockChange?.();
      return presentOne(await queries.visibleTo(caller, id), db);
    },
  };
}
