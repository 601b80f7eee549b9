import {
  centsToDollars,
  formatMoney,
  type Order,
  type OrderEvent,
  type OrderEventKind,
  type OrderShipment,
  type OrderStatus,
  type Refund,
  type RefundPreview,
  type ShipOrder,
} from '@shop/shared';
import { type Kysely, sql } from 'kysely';
import type { CurrentUser } from '../../auth/identity';
import type { Database, OrderRow } from '../../db/schema';
import { AppError, notFound } from '../../lib/errors';
import type { ShopEvents } from '../../lib/metrics';
import { INVOICE_ORDER_COLUMNS, issueCreditNote, issueInvoice } from '../invoices/invoice-issue';
import { release } from '../tools/inventory';
import { presentOne } from './orders.presenter';
import { type OrderQueries, selectOrders } from './orders.queries';

export interface WorkflowOptions {
  /** Called after a committed change to a tool's stock (the catalogue cache forgets it). */
  onStockChange?: () => void;
  /** Told of each order paid (the metrics). */
  events?: Pick<ShopEvents, 'orderPaid'>;
  /** How an order leaves by a carrier (the carriers module): its name and tracking link. */
  shipmentOf?: (carrierId: string, trackingNumber?: string) => Promise<OrderShipment>;
}

/** What a step of the history is and concerns, beyond a change of status (migration 0035). */
export interface HistoryStep {
  kind: Exclude<OrderEventKind, 'placed' | 'status_changed' | 'note'>;
  what: string;
}

/** Lines as the history names them: "1 × Fan, 2 × Board". */
export const linesInWords = (lines: { tool: string; quantity: number }[]) =>
  lines.map((line) => `${line.quantity} × ${line.tool}`).join(', ');

/**
 * Names who changes orders in this transaction, and why: the history trigger of migration 0013
 * records them with each change of status. Nobody named: the shop itself. Every call names the
 * step too (none: a plain change of status), so no earlier call's step lingers.
 */
async function actingAs(
  trx: Kysely<Database>,
  caller: CurrentUser | null,
  reason?: string,
  step?: HistoryStep,
) {
  await sql`select set_config('shop.actor_id', ${caller?.id ?? ''}, true),
    set_config('shop.reason', ${reason ?? ''}, true),
    set_config('shop.event_kind', ${step?.kind ?? ''}, true),
    set_config('shop.event_what', ${step?.what ?? ''}, true)`.execute(trx);
}

/** Gives the units of the orders' lines back to the inventory, inside the caller's transaction. */
async function returnStock(trx: Kysely<Database>, orderIds: string[]) {
  const freed = await trx
    .selectFrom('order_lines')
    .select(['tool_id', sql<number>`sum(quantity)::int`.as('units')])
    .where('order_id', 'in', orderIds)
    .groupBy('tool_id')
    .execute();
  await release(
    trx,
    freed.map((line) => ({ toolId: line.tool_id, units: line.units })),
  );
}

/**
 * Gives back to stock the units of an order's lines (all, or these) that have not gone back yet,
 * inside the caller's transaction: a line's units go back once, whichever refund asks.
 */
export async function restockLines(
  trx: Kysely<Database>,
  orderId: string,
  toolIds?: readonly string[],
) {
  const lines = await trx
    .updateTable('order_lines')
    .set({ restocked_at: sql<Date>`now()` })
    .where('order_id', '=', orderId)
    .where('restocked_at', 'is', null)
    .$if(toolIds !== undefined, (q) => q.where('tool_id', 'in', toolIds!))
    .returning(['tool_id', 'quantity'])
    .execute();
  await release(
    trx,
    lines.map((line) => ({ toolId: line.tool_id, units: line.quantity })),
  );
  return lines.length > 0;
}

/**
 * Writes a step that keeps the order's status into its history (a refund of lines, a return's
 * step), inside the caller's transaction: from its status to itself, by `caller`, with `reason`.
 * Such an event sends no email of the order's own (migration 0029).
 */
export async function noteInHistory(
  trx: Kysely<Database>,
  orderId: string,
  caller: CurrentUser | null,
  step: HistoryStep,
  reason: string | null,
) {
  const { status } = await trx
    .selectFrom('orders')
    .select('status')
    .where('id', '=', orderId)
    .executeTakeFirstOrThrow();
  await trx
    .insertInto('order_events')
    .values({
      order_id: orderId,
      from_status: status,
      to_status: status,
      actor_id: caller?.id ?? null,
      reason,
      kind: step.kind,
      what: step.what,
    })
    .execute();
}

/** The statuses whose lines can be refunded one by one (a return comes after delivery too). */
const lineRefundable: OrderStatus[] = ['paid', 'shipped', 'delivered'];

/** Refuses a refund of lines of an order in any other status (before the provider is asked). */
export function checkLinesRefundable(status: OrderStatus) {
  if (!lineRefundable.includes(status)) {
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
  const basisPoints = Math.round(percent * 100);
  return Math.floor((goodsCents * basisPoints + 5000) / 10000);
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
 * An order's life after it is placed: each change of status with who made it (its history),
 * and the stock it gives back on the way (a cancel, an expiry, a refund with restock).
 */
export function createOrderWorkflow(
  db: Kysely<Database>,
  queries: Pick<OrderQueries, 'visibleTo'>,
  options: WorkflowOptions,
) {
  /**
   * One change of status, `from` one of the given ones, by `caller`, in a transaction that
   * names them for the history; answers the row changed, or undefined when it was in no such
   * status. `also` runs in the same transaction after the change (the stock of a refund).
   */
  async function transition(
    id: string,
    caller: CurrentUser,
    from: OrderStatus[],
    to: OrderStatus,
    step: {
      reason?: string;
      also?: (trx: Kysely<Database>) => Promise<void>;
      /** Refused while a refund has claimed the order (a shipment, a delivery). */
      unlessRefunding?: boolean;
      /** Other columns written with the status (a shipment's carrier and tracking). */
      set?: { carrier: string; tracking_number: string | null; tracking_url: string | null };
    } = {},
  ): Promise<OrderRow | undefined> {
    return db.transaction().execute(async (trx) => {
      await actingAs(trx, caller, step.reason);
      const changed = (await trx
        .updateTable('orders')
        .set({ ...step.set, status: to })
        .where('id', '=', id)
        .where('status', 'in', from)
        .$if(Boolean(step.unlessRefunding), (q) => q.where('refund_started_at', 'is', null))
        .returningAll()
        .returning(sql<string | null>`orders.needed_by::text`.as('needed_by'))
        .executeTakeFirst()) as OrderRow | undefined;
      if (changed) await step.also?.(trx);
      return changed;
    });
  }

  /** Why a shipment or a delivery changed nothing: the order's status, or a refund under way. */
  async function refusedStep(id: string, to: 'shipped' | 'delivered', rule: string) {
    const now = await selectOrders(db).where('id', '=', id).executeTakeFirstOrThrow();
    const refunding = now.refund_started_at && (now.status === 'paid' || now.status === 'shipped');
    return new AppError(
      'CONFLICT',
      refunding
        ? `A refund of this order is under way, so it cannot be ${to}`
        : `${rule}; this one is ${now.status}`,
    );
  }

  /**
   * Cancels the unpaid orders `which` selects and returns their lines' units to stock, all in
   * one transaction. Rows are locked order, then buyer (the unpaid-orders trigger), then tools
   * in id order: the order every other writer follows (a placement locks the buyer then tools
   * in id order; a payment the order then the buyer), so none can deadlock another.
   */
  async function cancelUnpaid(
    executor: Kysely<Database>,
    which: { id: string } | { userId: string },
    caller: CurrentUser | null = null,
    reason?: string,
  ): Promise<OrderRow[]> {
    const cancel = async (trx: Kysely<Database>) => {
      if (caller || reason) await actingAs(trx, caller, reason);
      const rows = (await trx
        .updateTable('orders')
        .set({ status: 'cancelled', expiry_lease_until: null })
        .where('status', '=', 'unpaid')
        .where((eb) => ('id' in which ? eb('id', '=', which.id) : eb('user_id', '=', which.userId)))
        .returningAll()
        .returning(sql<string | null>`orders.needed_by::text`.as('needed_by'))
        .execute()) as OrderRow[];
      if (rows.length > 0) {
        await returnStock(
          trx,
          rows.map((row) => row.id),
        );
      }
      return rows;
    };
    return executor.isTransaction ? cancel(executor) : db.transaction().execute(cancel);
  }

  const shipmentOf = (carrierId: string, trackingNumber?: string) => {
    if (!options.shipmentOf) throw new Error('The orders service was made without carriers');
    return options.shipmentOf(carrierId, trackingNumber);
  };

  return {
    /**
     * The buyer, or an admin, cancels an unpaid order; its units return to stock in the same
     * transaction. Anyone else is told the order does not exist. Only the database: a payment
     * already under way is for the caller to settle first.
     */
    async cancel(id: string, caller: CurrentUser): Promise<Order> {
      const order = await queries.visibleTo(caller, id);
      const [cancelled] = await cancelUnpaid(db, { id: order.id }, caller);
      if (!cancelled) {
        const now = await selectOrders(db).where('id', '=', order.id).executeTakeFirstOrThrow();
        throw new AppError(
          'CONFLICT',
          `This order is ${now.status} and can no longer be cancelled`,
        );
      }
      options.onStockChange?.();
      return presentOne(cancelled, db);
    },

    /**
     * The expiry of one unpaid order past its time (order-expiry.ts): cancelled, stock back,
     * once. False when it was no longer unpaid (paid, cancelled, or expired by another process).
     */
    async expire(orderId: string): Promise<boolean> {
      const cancelled = await cancelUnpaid(
        db,
        { id: orderId },
        null,
        'Not paid by its pay-by time',
      );
      if (cancelled.length > 0) options.onStockChange?.();
      return cancelled.length > 0;
    },

    /**
     * Cancels every unpaid order of a user being removed, inside the removal's transaction.
     * The caller tells the catalogue after its commit (`onStockChange`).
     */
    async cancelUnpaidOfUser(userId: string, trx: Kysely<Database>): Promise<number> {
      // All their orders' rows first, then the buyer's: one by one, each order's row then the
      // buyer's (the trigger), would deadlock with an expiry holding one of them.
      await trx
        .selectFrom('orders')
        .select('id')
        .where('user_id', '=', userId)
        .where('status', '=', 'unpaid')
        .orderBy('id')
        .forUpdate()
        .execute();
      const cancelled = await cancelUnpaid(
        trx,
        { userId },
        null,
        "The customer's account was removed",
      );
      return cancelled.length;
    },

    /**
     * Marks an order paid once its payment was verified with the provider. Idempotent: the
     * same payment again changes nothing; another one for a paid order is refused.
     */
    async markPaid(
      id: string,
      paymentId: string,
      amountCents: number,
    ): Promise<{ order: Order; changed: boolean }> {
      // The invoice is issued with the payment, in its transaction: no paid order is ever
      // without one, and no number is taken by a payment that did not happen.
      const updated = await db.transaction().execute(async (trx) => {
        const paid = await trx
          .updateTable('orders')
          // The database's clock, as every other time of an order (its history's, its pay-by).
          .set({ status: 'paid', transaction_id: paymentId, paid_at: sql<Date>`now()` })
          .where('id', '=', id)
          .where('status', '=', 'unpaid')
          .where('price_cents', '=', amountCents)
          .returning(INVOICE_ORDER_COLUMNS)
          .executeTakeFirst();
        if (paid) await issueInvoice(trx, paid);
        return paid;
      });
      const row = await selectOrders(db).where('id', '=', id).executeTakeFirst();
      if (!row) throw notFound('Order');
      if (updated) {
        options.events?.orderPaid();
        return { order: await presentOne(row, db), changed: true };
      }
      if (row.transaction_id === paymentId) {
        return { order: await presentOne(row, db), changed: false };
      }
      throw new AppError('ALREADY_PAID', `This order is ${row.status} and cannot be paid again`);
    },

    /**
     * An admin marks a paid order shipped, by a carrier with a tracking number when given (its
     * link built by the carriers module); without a carrier, as clients before issue 49 do.
     */
    async ship(id: string, caller: CurrentUser, input: ShipOrder = {}): Promise<Order> {
      const order = await queries.visibleTo(caller, id);
      const shipment =
        input.carrierId === undefined
          ? undefined
          : await shipmentOf(input.carrierId, input.trackingNumber);
      const shipped = await transition(order.id, caller, ['paid'], 'shipped', {
        unlessRefunding: true,
        ...(shipment && {
          set: {
            carrier: shipment.carrier,
            tracking_number: shipment.trackingNumber,
            tracking_url: shipment.trackingUrl,
          },
        }),
      });
      if (!shipped) {
        throw await refusedStep(order.id, 'shipped', 'Only a paid order can be shipped');
      }
      return presentOne(shipped, db);
    },

    /** An admin marks a shipped order delivered. */
    async deliver(id: string, caller: CurrentUser): Promise<Order> {
      const order = await queries.visibleTo(caller, id);
      const delivered = await transition(order.id, caller, ['shipped'], 'delivered', {
        unlessRefunding: true,
      });
      if (!delivered) {
        throw await refusedStep(order.id, 'delivered', 'Only a shipped order can be delivered');
      }
      return presentOne(delivered, db);
    },

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
        .where('status', 'in', ['paid', 'shipped'])
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
        .where('status', 'in', ['paid', 'shipped'])
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
      const from: OrderStatus[] = refundedAtProvider
        ? ['paid', 'shipped', 'delivered']
        : ['paid', 'shipped'];
      const refunded = await transition(id, caller, from, 'refunded', {
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
      });
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
            .set({ status: 'refunded' })
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
        if (order.status !== 'paid' && order.status !== 'shipped') {
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

    /** An order's history, oldest first, for its buyer or an admin (404 for anyone else). */
    async history(id: string, caller: CurrentUser): Promise<OrderEvent[]> {
      const order = await queries.visibleTo(caller, id);
      const events = await db
        .selectFrom('order_events')
        .leftJoin('users', 'users.id', 'order_events.actor_id')
        .select([
          'order_events.at',
          'order_events.kind',
          'order_events.what',
          'order_events.from_status',
          'order_events.to_status',
          'order_events.reason',
          'users.name',
          'users.role',
        ])
        .where('order_events.order_id', '=', order.id)
        .orderBy('order_events.id')
        .execute();
      return events.map((event) => ({
        at: event.at.toISOString(),
        kind: event.kind,
        what: event.what,
        from: event.from_status,
        to: event.to_status,
        by: event.name && event.role ? { name: event.name, role: event.role } : null,
        reason: event.reason,
      }));
    },
  };
}
