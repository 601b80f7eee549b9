import { type ReturnReceipt, type ReturnRequest, returnReasonLabels } from '@shop/shared';
import type { Kysely } from 'kysely';
import type { CurrentUser } from '../auth/identity';
import type { Database } from '../db/schema';
import { lineRefundOf, restockLines } from '../modules/orders';
import type { ReturnsService } from '../modules/returns';
import type { RefundFlow } from './refund';

export interface ReturnFlowDeps {
  returns: Pick<
    ReturnsService,
    'receiveIn' | 'receivedIn' | 'refundable' | 'refundedIn' | 'lockReturn' | 'present'
  >;
  refunds: Pick<RefundFlow, 'refundLines'>;
  /** Called after received parts went back to stock (the catalogue forgets its copies). */
  onStockChange?: () => void;
}

/**
 * A return's steps that span modules (decision 053): its parts received (the returns' step, the
 * orders' stock of the resaleable lines, the returns' record and email, in one transaction) and
 * refunded (the refund flow's refund of lines, then the returns' record of what was given back,
 * figured by the orders, in one transaction).
 */
export function createReturnFlow(
  db: Kysely<Database>,
  { returns, refunds, onStockChange }: ReturnFlowDeps,
) {
  const answer = async (row: Parameters<ReturnsService['present']>[0][number]) =>
    (await returns.present([row]))[0]!;

  return {
    /**
     * An admin marks an authorised return's parts received, saying of each whether it can be
     * sold again: those go back to stock, once per line whatever is sent again or at once.
     */
    async receive(caller: CurrentUser, id: string, receipt: ReturnReceipt): Promise<ReturnRequest> {
      let restocked = false;
      const row = await db.transaction().execute(async (trx) => {
        const { row: now, resaleable } = await returns.receiveIn(trx, id, receipt);
        if (!resaleable) return now;
        if (resaleable.length > 0) restocked = await restockLines(trx, now.order_id, resaleable);
        return returns.receivedIn(trx, caller, id);
      });
      if (restocked) onStockChange?.();
      return answer(row);
    },

    /**
     * An admin refunds a received return: its lines' price, tax and share of shipping, less the
     * restocking fee of its reason, through the refund of lines (decision 039), which issues the
     * credit note. Asked again, the same refund is answered.
     */
    async refund(caller: CurrentUser, id: string): Promise<ReturnRequest> {
      const asked = await returns.refundable(id);
      if ('answered' in asked) return asked.answered;
      const { row: before, toolIds, feePercent } = asked;
      await refunds.refundLines(
        before.order_id,
        caller,
        { reason: `Return: ${returnReasonLabels[before.reason]}`, restock: false, lines: toolIds },
        feePercent,
      );
      const row = await db.transaction().execute(async (trx) => {
        const now = await returns.lockReturn(trx, id);
        if (now.status !== 'received') return now; // refunded by a request racing this one
        const given = await lineRefundOf(trx, now.order_id, toolIds, feePercent);
        return returns.refundedIn(trx, caller, id, given);
      });
      return answer(row);
    },
  };
}
