import { can, type Order, type Refund } from '@shop/shared';
import type { Kysely } from 'kysely';
import type { CurrentUser } from '../auth/identity';
import type { Database } from '../db/schema';
import { issueCreditNote } from '../modules/invoices';
import {
  checkLinesRefundable,
  claimLinesIn,
  type OrdersService,
  refundOrderIn,
  settleLinesIn,
} from '../modules/orders';
import type { PaymentsService } from '../modules/payments';

export interface RefundDeps {
  orders: Pick<
    OrdersService,
    'visibleTo' | 'claimRefund' | 'releaseRefund' | 'refundOutcome' | 'linesOutcome'
  >;
  payments: Pick<
    PaymentsService,
    'verifiedPayment' | 'refundRest' | 'recordLineRefund' | 'giveBackLines'
  >;
}

/**
 * A refund (decision 053): the payment given back through the provider that took it (the
 * payments' steps), the order refunded with its lines and, when chosen, their units back in stock
 * (the orders' steps), and the credit note (the invoices' step). The provider is asked between
 * two transactions: the claim before it, so nothing is given back twice and no shipment lands
 * between the money going back and the order saying so, and the record after it, which writes
 * the order's change and its credit note together or not at all.
 */
export function createRefundFlow(db: Kysely<Database>, { orders, payments }: RefundDeps) {
  /** The refund of the whole order recorded, with its credit note, in one transaction. */
  async function recordOrderRefund(
    id: string,
    caller: CurrentUser,
    refund: Refund,
    /** The provider gave the money back: the order says so, whatever befell it meanwhile. */
    refundedAtProvider: boolean,
  ) {
    const refunded = await db.transaction().execute(async (trx) => {
      const done = await refundOrderIn(
        trx,
        id,
        caller,
        refund,
        refundedAtProvider ? 'shop' : 'admin',
      );
      if (done?.paymentId) {
        await issueCreditNote(trx, {
          orderId: id,
          refundKey: done.paymentId,
          toolIds: done.toolIds,
          reason: refund.reason,
        });
      }
      return done;
    });
    return (await orders.refundOutcome(id, caller, refunded, refund)).order;
  }

  return {
    /**
     * `POST /api/purchase/{id}/refund` (admins): the order's payment is given back through the
     * provider that took it, after checking with the provider that it succeeded for this order
     * and its stored amount; then the order is refunded, with the admin's reason and, when
     * chosen, its units back in stock. Once only: the provider refunds an intent once however
     * often asked, and an order refunded already is answered as it is. The order is claimed
     * before the provider is asked; a refusal at the provider lifts the claim.
     */
    async refundOrder(id: string, caller: CurrentUser, refund: Refund): Promise<Order> {
      const order = await orders.visibleTo(caller, id);
      if (!can(order, 'refund', 'admin') || !(await orders.claimRefund(order.id))) {
        return recordOrderRefund(order.id, caller, refund, false); // refunded, or 409
      }
      try {
        const intent = await payments.verifiedPayment(order);
        await payments.refundRest(intent, order.id, 'requested_by_admin');
      } catch (error) {
        await orders.releaseRefund(order.id);
        throw error;
      }
      return recordOrderRefund(order.id, caller, refund, true);
    },

    /**
     * `POST /api/purchase/{id}/refund` with `lines` (admins), and a return's refund: those lines
     * are given back, with their tax and share of shipping (docs/product.md, Refunds of lines),
     * less a return's restocking fee, through the provider that took the payment, checked first
     * as a whole refund is. The lines are claimed (orders) and the claim kept (payments) in one
     * transaction before the provider is asked, so no line is ever given back twice; asked
     * again, the same refund is asked of the provider again (under the same key) and answered
     * as it is. The lines, their stock and the credit note are then recorded in one transaction.
     */
    async refundLines(
      id: string,
      caller: CurrentUser,
      refund: Refund & { lines: string[] },
      /** A return's restocking fee, in percent of the lines' goods (issue 36). */
      feePercent = 0,
    ): Promise<Order> {
      const order = await orders.visibleTo(caller, id);
      checkLinesRefundable(order.status);
      const intent = await payments.verifiedPayment(order);
      const claim = await db
        .transaction()
        .execute(async (trx) =>
          payments.recordLineRefund(
            trx,
            order.id,
            await claimLinesIn(trx, order.id, refund.lines, intent.id, feePercent),
          ),
        );
      await payments.giveBackLines(order.id, claim);
      const settled = await db.transaction().execute(async (trx) => {
        const done = await settleLinesIn(trx, order.id, caller, claim, refund);
        if (done) {
          await issueCreditNote(trx, {
            orderId: order.id,
            refundKey: claim.key,
            toolIds: done.toolIds,
            reason: refund.reason,
            feeCents: claim.feeCents,
          });
        }
        return done;
      });
      return orders.linesOutcome(order.id, caller, settled);
    },
  };
}

export type RefundFlow = ReturnType<typeof createRefundFlow>;
