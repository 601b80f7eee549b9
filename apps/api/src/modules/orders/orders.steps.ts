import {
  type OrderActor,
  type OrderEventKind,
  heldWhileRefunding,
  statusAfter,
  statusesFor,
} from '@shop/shared';
import { type Kysely, sql } from 'kysely';
import type { CurrentUser } from '../../auth/identity';
import type { Database, OrderRow } from '../../db/schema';
import { release } from '../catalogue';

/*
 * The pieces every change of an order is made of, shared by its status changes
 * (orders.workflow.ts), its refunds (orders.refunds.ts) and the returns: the history's actor and
 * step, one change of status by the state machine's rules, and units back to stock.
 */

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
export async function actingAs(
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

/** In which capacity a caller the order is visible to acts on it (`visibleTo` checked that). */
export const actorOf = (caller: CurrentUser): OrderActor =>
  caller.role === 'admin' ? 'admin' : 'buyer';

/** Gives the units of the orders' lines back to the inventory, inside the caller's transaction. */
export async function returnStock(trx: Kysely<Database>, orderIds: string[]) {
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

/**
 * One change of status by `action`, from a status the state machine allows `actor` to take it
 * from, by `caller`, inside the caller's transaction, which it names them in for the history;
 * answers the row changed, or undefined when it was in no such status.
 */
export async function changeStatusIn(
  trx: Kysely<Database>,
  id: string,
  caller: CurrentUser,
  action: 'ship' | 'deliver' | 'refund',
  /** Who takes it (the state machine's actor): an admin, or the shop on the provider's word. */
  actor: 'admin' | 'shop',
  step: {
    reason?: string;
    /** Other columns written with the status (a shipment's carrier and tracking). */
    set?: { carrier: string; tracking_number: string | null; tracking_url: string | null };
  } = {},
): Promise<OrderRow | undefined> {
  await actingAs(trx, caller, step.reason);
  return (await trx
    .updateTable('orders')
    .set({ ...step.set, status: statusAfter(action)! })
    .where('id', '=', id)
    .where('status', 'in', statusesFor(action, actor))
    .$if(heldWhileRefunding(action), (q) => q.where('refund_started_at', 'is', null))
    .returningAll()
    .returning(sql<string | null>`orders.needed_by::text`.as('needed_by'))
    .executeTakeFirst()) as OrderRow | undefined;
}

/** `changeStatusIn` in a transaction of its own (a shipment, a delivery). */
export function changeStatus(
  db: Kysely<Database>,
  id: string,
  caller: CurrentUser,
  action: 'ship' | 'deliver',
  step: Parameters<typeof changeStatusIn>[5] = {},
): Promise<OrderRow | undefined> {
  return db.transaction().execute((trx) => changeStatusIn(trx, id, caller, action, 'admin', step));
}

/**
 * The order turns paid by a payment verified with the provider, inside the transaction that
 * also issues its invoice (flows/order-paid.ts): only from a status the shop may pay, and only
 * at its stored amount. Answers the row, or undefined when nothing changed.
 */
export async function markPaidIn(
  trx: Kysely<Database>,
  id: string,
  paymentId: string,
  amountCents: number,
): Promise<OrderRow | undefined> {
  return (
    (await trx
      .updateTable('orders')
      // The database's clock, as every other time of an order (its history's, its pay-by).
      .set({ status: statusAfter('pay')!, transaction_id: paymentId, paid_at: sql<Date>`now()` })
      .where('id', '=', id)
      .where('status', 'in', statusesFor('pay', 'shop'))
      .where('price_cents', '=', amountCents)
      .returningAll()
      .executeTakeFirst()) as OrderRow | undefined
  );
}
