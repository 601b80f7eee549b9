import {
  centsToDollars,
  formatOrderNumber,
  type OrderEventKind,
  type ReturnRequest,
  returnReasonLabels,
  type ReturnStatus,
} from '@shop/shared';
import type { Kysely } from 'kysely';
import type { CurrentUser } from '../../auth/identity';
import type { Database } from '../../db/schema';
import { notFound } from '../../lib/errors';
import type { Mail } from '../../mail/mail-queue';

/** What returns ask of orders (app.ts wires the orders module's): who sees it, its history. */
export interface ReturnsOrders {
  /** The order `caller` may see (its buyer, an admin); a 404 for anyone else. */
  visibleTo(caller: CurrentUser, id: string): Promise<{ id: string }>;
  /** The buyer's own order; a 404 for anyone else. */
  ownedBy(caller: CurrentUser, id: string): Promise<{ id: string }>;
  /** Writes a step that keeps the order's status into its history, in `trx`. */
  noteInHistory(
    trx: Kysely<Database>,
    orderId: string,
    caller: CurrentUser | null,
    step: { kind: Exclude<OrderEventKind, 'placed' | 'status_changed' | 'note'>; what: string },
    reason: string | null,
  ): Promise<void>;
  /** Lines as the history names them: "1 × Fan, 2 × Board". */
  linesInWords(lines: { tool: string; quantity: number }[]): string;
}

export interface ReturnStepsOptions {
  orders: ReturnsOrders;
  mail: Pick<Mail, 'enqueue'>;
  /** PUBLIC_URL: the emails link to the order's page. */
  publicUrl: string;
}

/** What a return's lines are, read with their order's figures (inside a transaction, or not). */
async function linesOf(executor: Kysely<Database>, returnIds: string[]) {
  if (returnIds.length === 0) return [];
  return executor
    .selectFrom('return_lines')
    .innerJoin('order_lines', (join) =>
      join
        .onRef('order_lines.order_id', '=', 'return_lines.order_id')
        .onRef('order_lines.tool_id', '=', 'return_lines.tool_id'),
    )
    .select([
      'return_lines.return_id',
      'return_lines.tool_id',
      'return_lines.resaleable',
      'order_lines.tool_name',
      'order_lines.quantity',
      'order_lines.position',
    ])
    .where('return_lines.return_id', 'in', returnIds)
    .orderBy('order_lines.position')
    .execute();
}

/** A return with its order's buyer and number, as every step reads it. */
export function selectReturns(executor: Kysely<Database>) {
  return executor
    .selectFrom('return_requests as r')
    .innerJoin('orders', 'orders.id', 'r.order_id')
    .select([
      'r.id',
      'r.order_id',
      'r.user_id',
      'r.status',
      'r.reason',
      'r.comment',
      'r.message',
      'r.fee_percent',
      'r.refund_cents',
      'r.fee_cents',
      'r.created_at',
      'r.updated_at',
      'orders.user_name',
      'orders.user_email',
      'orders.number as order_number',
    ]);
}

export type ReturnRow = Awaited<ReturnType<ReturnType<typeof selectReturns>['execute']>>[number];

/**
 * What every step of a return is made of (returns.service.ts, flows/return.ts): a return in the
 * API's words, locked for a change, and told: the step in the order's history and the email to
 * the buyer, in the step's own transaction.
 */
export function createReturnSteps(db: Kysely<Database>, options: ReturnStepsOptions) {
  const { orders, mail, publicUrl } = options;

  async function present(
    rows: ReturnRow[],
    executor: Kysely<Database> = db,
  ): Promise<ReturnRequest[]> {
    const lines = await linesOf(
      executor,
      rows.map((row) => row.id),
    );
    return rows.map((row) => ({
      _id: row.id,
      orderId: row.order_id,
      orderNumber: row.order_number,
      status: row.status,
      reason: row.reason,
      comment: row.comment,
      message: row.message,
      lines: lines
        .filter((line) => line.return_id === row.id)
        .map((line) => ({
          toolId: line.tool_id,
          tool: line.tool_name,
          quantity: line.quantity,
          resaleable: line.resaleable,
        })),
      feePercent: Number(row.fee_percent),
      refund:
        row.refund_cents === null
          ? null
          : { amount: centsToDollars(row.refund_cents), fee: centsToDollars(row.fee_cents ?? 0) },
      buyerName: row.user_name,
      buyerEmail: row.user_email,
      requestedAt: row.created_at.toISOString(),
      updatedAt: row.updated_at.toISOString(),
    }));
  }

  /** One return, locked for the step about to change it; 404 when there is none. */
  async function lockReturn(trx: Kysely<Database>, id: string) {
    const row = await selectReturns(trx).where('r.id', '=', id).forUpdate('r').executeTakeFirst();
    if (!row) throw notFound('Return');
    return row;
  }

  /** The step in the order's history, and the email that tells the buyer, in `trx`. */
  async function tell(
    trx: Kysely<Database>,
    caller: CurrentUser | null,
    row: ReturnRow,
    step: ReturnStatus,
  ) {
    const [shown] = await present([{ ...row, status: step }], trx);
    const reason = returnReasonLabels[row.reason];
    // The refund of lines writes its own event, with the amount given back.
    if (step !== 'refunded') {
      const kind = step === 'received' ? 'parts_received' : (`return_${step}` as const);
      const what = orders.linesInWords(shown!.lines);
      await orders.noteInHistory(trx, row.order_id, caller, { kind, what }, reason);
    }
    if (!row.user_id) return; // a removed account hears nothing more
    await mail.enqueue(
      {
        to: row.user_email,
        template: 'return-step',
        data: {
          orderId: row.order_id,
          orderNumber: formatOrderNumber(row.order_number),
          name: row.user_name,
          step,
          lines: shown!.lines.map(({ tool, quantity }) => ({ tool, quantity })),
          reason,
          message: row.message,
          refund: shown!.refund,
          url: `${publicUrl}/dashboard/orders/${row.order_id}`,
        },
      },
      trx,
    );
  }

  return { present, lockReturn, tell };
}

export type ReturnSteps = ReturnType<typeof createReturnSteps>;
