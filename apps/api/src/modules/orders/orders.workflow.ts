import {
  can,
  type Order,
  type OrderEvent,
  type OrderShipment,
  type ShipOrder,
  statusAfter,
  statusesFor,
} from '@shop/shared';
import { type Kysely, sql } from 'kysely';
import type { CurrentUser } from '../../auth/identity';
import type { Database, OrderRow } from '../../db/schema';
import { AppError, notFound } from '../../lib/errors';
import type { ShopEvents } from '../../lib/metrics';
import { presentOne } from './orders.presenter';
import { type OrderQueries, selectOrders } from './orders.queries';
import { actingAs, actorOf, changeStatus, returnStock } from './orders.steps';

export interface WorkflowOptions {
  /** Called after a committed change to a tool's stock (the catalogue cache forgets it). */
  onStockChange?: () => void;
  /** Told of each order paid (the metrics). */
  events?: Pick<ShopEvents, 'orderPaid'>;
  /** How an order leaves by a carrier (the carriers module): its name and tracking link. */
  shipmentOf?: (carrierId: string, trackingNumber?: string) => Promise<OrderShipment>;
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
  const transition = changeStatus.bind(null, db);

  /** Why a shipment or a delivery changed nothing: the order's status, or a refund under way. */
  async function refusedStep(id: string, to: 'shipped' | 'delivered', rule: string) {
    const now = await selectOrders(db).where('id', '=', id).executeTakeFirstOrThrow();
    const refunding = now.refund_started_at && can({ status: now.status }, 'refund', 'admin');
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
        .set({ status: statusAfter('cancel')!, expiry_lease_until: null })
        .where('status', 'in', statusesFor('cancel', caller ? actorOf(caller) : 'shop'))
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
     * What a payment answers once the order-paid flow (flows/order-paid.ts) ran: the order paid
     * by it (`changed` when this call paid it). The same payment again changes nothing; another
     * one for a paid order is refused.
     */
    async paymentOutcome(
      id: string,
      paymentId: string,
      changed: boolean,
    ): Promise<{ order: Order; changed: boolean }> {
      const row = await selectOrders(db).where('id', '=', id).executeTakeFirst();
      if (!row) throw notFound('Order');
      if (changed) {
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
      const shipped = await transition(order.id, caller, 'ship', {
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
      const delivered = await transition(order.id, caller, 'deliver');
      if (!delivered) {
        throw await refusedStep(order.id, 'delivered', 'Only a shipped order can be delivered');
      }
      return presentOne(delivered, db);
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
