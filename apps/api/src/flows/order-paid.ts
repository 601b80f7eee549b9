import type { Order } from '@shop/shared';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { issueInvoice } from '../modules/invoices';
import { markPaidIn, type OrdersService } from '../modules/orders';

export interface OrderPaidDeps {
  orders: Pick<OrdersService, 'paymentOutcome'>;
}

/**
 * An order turning paid (decision 053): the orders' step marks it paid and the invoices' step
 * issues its invoice, in one transaction, so no paid order is ever without an invoice and no
 * invoice number is taken by a payment that did not happen. Payments call it once the provider
 * verified the payment (app.ts hands it to them as `markPaid`).
 */
export function createOrderPaidFlow(db: Kysely<Database>, { orders }: OrderPaidDeps) {
  return {
    /**
     * Marks an order paid by a verified payment of its stored amount. Idempotent: the same
     * payment again changes nothing; another one for a paid order is refused.
     */
    async markPaid(
      id: string,
      paymentId: string,
      amountCents: number,
    ): Promise<{ order: Order; changed: boolean }> {
      const paid = await db.transaction().execute(async (trx) => {
        const row = await markPaidIn(trx, id, paymentId, amountCents);
        if (row) await issueInvoice(trx, row);
        return row;
      });
      return orders.paymentOutcome(id, paymentId, Boolean(paid));
    },
  };
}

export type OrderPaidFlow = ReturnType<typeof createOrderPaidFlow>;
