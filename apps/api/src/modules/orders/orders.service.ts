import { type OrderFilter, can } from '@shop/shared';
import type { Kysely } from 'kysely';
import type { CurrentUser } from '../../auth/identity';
import type { CopyCsv } from '../../db/copy-csv';
import type { Database } from '../../db/schema';
import { AppError } from '../../lib/errors';
import { exportCsv } from './orders-export';
import { createPlacement, type PlacementOptions } from './orders.placement';
import { type BillableOrder, toBillable } from './orders.presenter';
import { createOrderQueries } from './orders.queries';
import { createRefundPreview } from './orders.refund-figures';
import { createOrderRefunds } from './orders.refunds';
import { createOrderWorkflow, type WorkflowOptions } from './orders.workflow';

export interface OrdersServiceOptions extends PlacementOptions, WorkflowOptions {
  /** A bounded query's rows as CSV, formatted by the database (the CSV export). */
  copyCsv?: CopyCsv;
  /** Told of each order placed and each order paid (the metrics). */
  events?: PlacementOptions['events'] & WorkflowOptions['events'];
}

/**
 * Orders own `orders`, `order_lines` and `purchase_keys`; the module's parts are
 * `orders.placement.ts` (the one way an order is placed), `orders.queries.ts` (lists, paging,
 * counts, who may read an order), `orders.workflow.ts` (changes of status, their actor and
 * history), `orders.refunds.ts` (the steps of refunds of the order and of its lines, which the
 * refund flow composes), `orders.refund-figures.ts` (what a refund gives back),
 * `orders-export.ts` (the CSV) and `orders.presenter.ts` (rows to the API's words).
 * Stock moves through the inventory (`tools/inventory.ts`) inside the order's own statement or
 * transaction, so stock and the unpaid-order limit stay exact under concurrency.
 */
export function createOrdersService(db: Kysely<Database>, options: OrdersServiceOptions) {
  const queries = createOrderQueries(db);
  const workflow = createOrderWorkflow(db, queries, options);
  const refunds = createOrderRefunds(db, queries, options);
  const { refundPreview } = createRefundPreview(db, queries);
  const { place } = createPlacement(db, options);

  return {
    place,
    listOwn: queries.listOwn,
    listAll: queries.listAll,
    get: queries.get,
    ...workflow,
    ...refunds,
    refundPreview,

    /** The filtered orders as CSV, newest first, a batch at a time (orders-export.ts). */
    exportCsv(filter: OrderFilter, batchSize?: number): AsyncGenerator<Uint8Array> {
      const { copyCsv } = options;
      if (!copyCsv) throw new Error('The orders service was made without copyCsv: no export');
      return exportCsv(db, copyCsv, filter, batchSize);
    },

    /** An order its buyer or an admin acts on (a cancel, a refund); 404 for anyone else. */
    async visibleTo(caller: CurrentUser, id: string): Promise<BillableOrder> {
      return toBillable(await queries.visibleTo(caller, id));
    },

    /** The buyer's own order (whose payment they confirm); 404 for anyone else, admins too. */
    async ownedBy(buyer: CurrentUser, id: string): Promise<BillableOrder> {
      return toBillable(await queries.ownedBy(buyer, id));
    },

    /** Any order, for the shop's own checks (a provider's event, the expiry): no caller. */
    async anyOrder(id: string): Promise<BillableOrder | undefined> {
      const row = await queries.anyOrder(id);
      return row && toBillable(row);
    },

    /** The buyer's own order that can still be paid; 404 for anyone else, 409 once it cannot. */
    async payableBy(buyer: CurrentUser, id: string): Promise<BillableOrder> {
      const order = toBillable(await queries.ownedBy(buyer, id));
      if (!can(order, 'pay', 'buyer')) {
        throw new AppError(
          order.status === 'cancelled' ? 'CONFLICT' : 'ALREADY_PAID',
          `This order is ${order.status}`,
        );
      }
      return order;
    },
  };
}

export type OrdersService = ReturnType<typeof createOrdersService>;
