import {
  can,
  type ReturnDecision,
  type ReturnListFilter,
  RETURN_OPEN_STATUSES,
  type ReturnReceipt,
  type OrderStatus,
  type ReturnRequest,
  type ReturnRequestInput,
  type ReturnSettings,
  type ReturnStatus,
} from '@shop/shared';
import { type Kysely, sql } from 'kysely';
import type { CurrentUser } from '../../auth/identity';
import type { Database } from '../../db/schema';
import { AppError, notFound } from '../../lib/errors';
import {
  createReturnSteps,
  type ReturnRow,
  type ReturnStepsOptions,
  selectReturns,
} from './returns.steps';
import { returnSettings, setReturnSettings } from '../settings';

export type ReturnsOptions = ReturnStepsOptions;

/** The step each admin action moves a return from, and to. */
const STEPS = {
  authorise: { from: ['requested'], to: 'authorised' },
  refuse: { from: ['requested'], to: 'refused' },
} as const satisfies Record<string, { from: ReturnStatus[]; to: ReturnStatus }>;

const dayFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeZone: 'UTC' });

/**
 * Returns (issue 36; docs/product.md, Returns). The buyer asks, within the return window after
 * delivery; an admin authorises or refuses, marks the parts received (each resaleable or not:
 * resaleable ones go back to stock, once), then refunds them through the refund of lines,
 * keeping the reason's restocking fee. Every step is written into the order's history and told
 * to the buyer by email, in the step's own transaction. Receiving and refunding touch the orders'
 * stock and refunds: they are the return flow's (flows/return.ts), made of the steps below.
 */
export function createReturnsService(db: Kysely<Database>, options: ReturnsOptions) {
  const steps = createReturnSteps(db, options);
  const { present, lockReturn, tell } = steps;

  return {
    settings: (): Promise<ReturnSettings> => returnSettings(db),

    /** The rules for returns asked from now on; a return keeps the fee it was asked with. */
    setSettings: (input: ReturnSettings): Promise<ReturnSettings> => setReturnSettings(db, input),

    /**
     * The buyer asks to return lines of their delivered order, within the window after its
     * delivery. Refused with the reason said: another status, the window closed, a line not in
     * the order (400 under `lines`), one refunded or in another return already (409).
     */
    async request(caller: CurrentUser, orderId: string, input: ReturnRequestInput) {
      const order = await options.orders.ownedBy(caller, orderId);
      const created = await db.transaction().execute(async (trx) => {
        const policy = await returnSettings(trx);
        const { rows } = await sql<{
          status: OrderStatus;
          delivered_at: Date | null;
          closed: boolean;
        }>`
          select o.status, d.at as delivered_at,
            coalesce(now() > d.at + make_interval(days => ${policy.windowDays}::int), false)
              as closed
          from orders o
          left join lateral (select max(e.at) as at from order_events e
            where e.order_id = o.id and e.to_status = 'delivered'
              and e.from_status is distinct from 'delivered') d on true
          where o.id = ${order.id}
          for update of o`.execute(trx);
        const now = rows[0]!;
        if (!can({ status: now.status }, 'requestReturn', 'buyer')) {
          throw new AppError(
            'CONFLICT',
            `Only a delivered order can be returned; this one is ${now.status}`,
          );
        }
        if (now.closed) {
          throw new AppError(
            'CONFLICT',
            `Returns are accepted within ${policy.windowDays} days of delivery; this order was delivered on ${dayFormat.format(now.delivered_at!)}`,
          );
        }
        const lines = await trx
          .selectFrom('order_lines')
          .leftJoin('return_lines', (join) =>
            join
              .onRef('return_lines.order_id', '=', 'order_lines.order_id')
              .onRef('return_lines.tool_id', '=', 'order_lines.tool_id')
              .on('return_lines.live', '=', true),
          )
          .select(['order_lines.tool_id', 'order_lines.tool_name', 'order_lines.refunded_at'])
          .select('return_lines.return_id')
          .where('order_lines.order_id', '=', order.id)
          .where('order_lines.tool_id', 'in', input.lines)
          .execute();
        if (lines.length !== input.lines.length) {
          const message = 'This order has no such part';
          throw new AppError('VALIDATION_FAILED', message, { lines: [message] });
        }
        const refunded = lines.filter((line) => line.refunded_at !== null);
        if (refunded.length > 0) {
          throw new AppError(
            'CONFLICT',
            `${refunded.map((line) => line.tool_name).join(', ')} ${refunded.length === 1 ? 'was' : 'were'} refunded already`,
          );
        }
        const returning = lines.filter((line) => line.return_id !== null);
        if (returning.length > 0) {
          throw new AppError(
            'CONFLICT',
            `${returning.map((line) => line.tool_name).join(', ')} ${returning.length === 1 ? 'is' : 'are'} being returned already`,
          );
        }
        const { id } = await trx
          .insertInto('return_requests')
          .values({
            order_id: order.id,
            user_id: caller.id,
            reason: input.reason,
            comment: input.comment || null,
            fee_percent: policy.restockingFees[input.reason] ?? 0,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        await trx
          .insertInto('return_lines')
          .values(
            input.lines.map((toolId) => ({ return_id: id, order_id: order.id, tool_id: toolId })),
          )
          .execute();
        const row = await lockReturn(trx, id);
        await tell(trx, caller, row, 'requested');
        return row;
      });
      return (await present([created]))[0]!;
    },

    /** An order's returns, oldest first, for its buyer or an admin (404 for anyone else). */
    async forOrder(caller: CurrentUser, orderId: string): Promise<ReturnRequest[]> {
      const order = await options.orders.visibleTo(caller, orderId);
      return present(
        await selectReturns(db)
          .where('r.order_id', '=', order.id)
          .orderBy('r.created_at')
          .execute(),
      );
    },

    /**
     * The returns of every order (admins), by status: `open` is every one still to act on
     * (requested, authorised, received), in the order of their steps; oldest first among
     * those waiting, newest first among those done.
     */
    async list(status?: ReturnListFilter): Promise<ReturnRequest[]> {
      const rows = await selectReturns(db)
        .$if(status === 'open', (q) =>
          q
            .where('r.status', 'in', RETURN_OPEN_STATUSES)
            .orderBy(
              sql`array_position(array[${sql.join(RETURN_OPEN_STATUSES)}]::text[], r.status)`,
            ),
        )
        .$if(status !== undefined && status !== 'open', (q) =>
          q.where('r.status', '=', status as ReturnStatus),
        )
        .orderBy('r.updated_at', status === 'refunded' || status === 'refused' ? 'desc' : 'asc')
        .limit(200)
        .execute();
      return present(rows);
    },

    /** An admin authorises or refuses a requested return, with a message for the buyer. */
    async decide(
      caller: CurrentUser,
      id: string,
      decision: keyof typeof STEPS,
      input: ReturnDecision,
    ): Promise<ReturnRequest> {
      const step = STEPS[decision];
      const row = await db.transaction().execute(async (trx) => {
        const now = await lockReturn(trx, id);
        if (now.status === step.to) return now; // the same decision again: answered as it is
        if (!(step.from as readonly ReturnStatus[]).includes(now.status)) {
          throw new AppError('CONFLICT', `This return is ${now.status} and cannot be ${step.to}`);
        }
        await trx
          .updateTable('return_requests')
          .set({ status: step.to, message: input.message || null, updated_at: sql<Date>`now()` })
          .where('id', '=', id)
          .execute();
        // A refused return lets its lines go: they may be asked for again, within the window.
        if (step.to === 'refused') {
          await trx
            .updateTable('return_lines')
            .set({ live: false })
            .where('return_id', '=', id)
            .execute();
        }
        const changed = await lockReturn(trx, id);
        await tell(trx, caller, changed, step.to);
        return changed;
      });
      return (await present([row]))[0]!;
    },

    ...steps,

    /**
     * The first step of receiving a return's parts (flows/return.ts), in its transaction: an
     * authorised return, and for each of its parts, once, whether it can be sold again. Answers
     * the parts that can, to go back to stock; none when it was received already.
     */
    async receiveIn(
      trx: Kysely<Database>,
      id: string,
      receipt: ReturnReceipt,
    ): Promise<{ row: ReturnRow; resaleable?: string[] }> {
      const now = await lockReturn(trx, id);
      if (now.status === 'received' || now.status === 'refunded') return { row: now };
      if (now.status !== 'authorised') {
        throw new AppError(
          'CONFLICT',
          `This return is ${now.status}: only an authorised one can be received`,
        );
      }
      const lines = await trx
        .selectFrom('return_lines')
        .select('tool_id')
        .where('return_id', '=', id)
        .execute();
      const expected = new Set(lines.map((line) => line.tool_id));
      const given = new Set(receipt.lines.map((line) => line.toolId));
      if (
        given.size !== receipt.lines.length ||
        given.size !== expected.size ||
        [...given].some((toolId) => !expected.has(toolId))
      ) {
        const message = 'Say for each part of this return, once, whether it can be sold again';
        throw new AppError('VALIDATION_FAILED', message, { lines: [message] });
      }
      for (const line of receipt.lines) {
        await trx
          .updateTable('return_lines')
          .set({ resaleable: line.resaleable })
          .where('return_id', '=', id)
          .where('tool_id', '=', line.toolId)
          .execute();
      }
      const resaleable = receipt.lines.filter((line) => line.resaleable).map((line) => line.toolId);
      return { row: now, resaleable };
    },

    /** The return received, and told, in the receiving transaction (after the stock moved). */
    async receivedIn(trx: Kysely<Database>, caller: CurrentUser, id: string) {
      await trx
        .updateTable('return_requests')
        .set({ status: 'received', updated_at: sql<Date>`now()` })
        .where('id', '=', id)
        .execute();
      const changed = await lockReturn(trx, id);
      await tell(trx, caller, changed, 'received');
      return changed;
    },

    /**
     * What a return's refund asks (flows/return.ts): a received return's lines and its fee; a
     * return refunded already is answered as it is.
     */
    async refundable(
      id: string,
    ): Promise<
      { answered: ReturnRequest } | { row: ReturnRow; toolIds: string[]; feePercent: number }
    > {
      const before = await selectReturns(db).where('r.id', '=', id).executeTakeFirst();
      if (!before) throw notFound('Return');
      if (before.status === 'refunded') return { answered: (await present([before]))[0]! };
      if (before.status !== 'received') {
        throw new AppError(
          'CONFLICT',
          `This return is ${before.status}: only a received one can be refunded`,
        );
      }
      const [shown] = await present([before]);
      return {
        row: before,
        toolIds: shown!.lines.map((line) => line.toolId),
        feePercent: Number(before.fee_percent),
      };
    },

    /** The return refunded with what was given back, and told, in the recording transaction. */
    async refundedIn(
      trx: Kysely<Database>,
      caller: CurrentUser,
      id: string,
      given: { amountCents: number; feeCents: number },
    ) {
      await trx
        .updateTable('return_requests')
        .set({
          status: 'refunded',
          refund_cents: given.amountCents,
          fee_cents: given.feeCents,
          updated_at: sql<Date>`now()`,
        })
        .where('id', '=', id)
        .execute();
      const changed = await lockReturn(trx, id);
      await tell(trx, caller, changed, 'refunded');
      return changed;
    },
  };
}

export type ReturnsService = ReturnType<typeof createReturnsService>;
