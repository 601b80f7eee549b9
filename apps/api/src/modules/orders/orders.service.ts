import { createHash } from 'node:crypto';
import {
  IdSchema,
  ORDER_TOTAL_MAX_CENTS,
  isPastNeededBy,
  messages,
  type Order,
  type Purchase,
} from '@shop/shared';
import { type Kysely, sql } from 'kysely';
import { compileOnce } from '../../db/compile-once';
import type { Database, OrderRow } from '../../db/schema';
import { AppError, notFound } from '../../lib/errors';
import type { ShopEvents } from '../../lib/metrics';
import type { ToolsService } from '../tools/tools.service';
import { type CurrentUser, normaliseEmail } from '../../auth/identity';

const centsToDollars = (cents: number) => cents / 100;
const dollarsToCents = (dollars: number) => Math.round(dollars * 100);

function toOrder(row: OrderRow): Order {
  return {
    _id: row.id,
    toolId: row.tool_id,
    tool: row.tool_name,
    img: row.tool_img,
    price: centsToDollars(row.price_cents),
    unitPrice: centsToDollars(row.unit_price_cents),
    availableQuantity: row.available_after,
    quantity: row.quantity,
    userName: row.user_name,
    userEmail: row.user_email,
    phone: row.phone,
    address: row.address,
    neededBy: row.needed_by,
    paid: row.status === 'paid' || row.status === 'shipped',
    transactionId: row.transaction_id,
    status: row.status,
    createdAt: row.created_at.toISOString(),
    payBy: row.status === 'unpaid' && row.pay_by ? row.pay_by.toISOString() : null,
  };
}

const dollars = (cents: number) =>
  `$${(cents / 100).toLocaleString('en-US', { minimumFractionDigits: 2 })}`;

const orderTotalTooLarge = () => {
  const message = `An order can total at most ${dollars(ORDER_TOTAL_MAX_CENTS)}. Please order fewer units.`;
  return new AppError('VALIDATION_FAILED', message, { quantity: [message] });
};

const tooManyUnpaidOrders = (limit: number) =>
  new AppError(
    'TOO_MANY_UNPAID_ORDERS',
    `You have ${limit} unpaid ${limit === 1 ? 'order' : 'orders'}. Pay or cancel one before placing another.`,
  );

/** What a purchase asked for, so a retry with the same key can be told from another purchase. */
const fingerprintOf = (input: Purchase) =>
  createHash('sha256')
    .update(
      JSON.stringify([
        input.toolId,
        input.quantity,
        input.phone,
        input.address,
        input.neededBy ?? null,
      ]),
    )
    .digest('base64url');

/** Idempotency keys are kept this long (at least; the expiry job deletes older ones). */
export const PURCHASE_KEY_TTL_HOURS = 24;

const isUniqueViolation = (error: unknown, constraint: string) =>
  typeof error === 'object' &&
  error !== null &&
  (error as { code?: unknown }).code === '23505' &&
  (error as { constraint?: unknown }).constraint === constraint;

export interface OrdersServiceOptions {
  /** The catalogue, read through its own module (why a purchase was refused). */
  tools: Pick<ToolsService, 'get'>;
  /** Called after a committed change to a tool's stock (the catalogue cache forgets it). */
  onStockChange?: () => void;
  /** Told of each order placed and each order paid (the metrics). */
  events?: Pick<ShopEvents, 'orderPlaced' | 'orderPaid'>;
  /** How long a new unpaid order holds its stock (UNPAID_ORDER_TTL_MINUTES). */
  unpaidOrderTtlMinutes: number;
  /** How many unpaid orders one customer may hold at once (MAX_UNPAID_ORDERS). */
  maxUnpaidOrders: number;
}

/** A purchase's answer: the order, and whether it was placed by an earlier request (same key). */
export interface Placed {
  order: Order;
  replayed: boolean;
}

/**
 * Orders own `orders` and `purchase_keys`. The one exception to "other modules' tables through
 * their services": a purchase, and a cancel, move a tool's stock (`tools.available_quantity`)
 * and hold the buyer's row (`users.unpaid_orders`, kept by orders' own trigger) in the same
 * statement as the order, so stock and the unpaid-order limit stay exact under concurrency.
 */
export function createOrdersService(db: Kysely<Database>, options: OrdersServiceOptions) {
  /** Every column, with the calendar day as text (a Date would shift with the time zone). */
  const selectOrders = (executor: Kysely<Database> = db) =>
    executor
      .selectFrom('orders')
      .selectAll()
      .select(sql<string | null>`orders.needed_by::text`.as('needed_by'));

  // My Orders, the read a signed-in customer makes most.
  const ordersOf = compileOnce(db, (userId: string) =>
    selectOrders().where('user_id', '=', userId).orderBy('created_at', 'desc').orderBy('id'),
  );

  /**
   * An order its caller may see: their own account's, or any for an admin. Ownership is the
   * account, not the email: a removed user's orders stay for the shop's records, and an account
   * registered later with the same email never sees them.
   */
  async function findVisibleOrder(
    id: string,
    caller: CurrentUser,
    executor: Kysely<Database> = db,
  ) {
    // The id is a UUID (the route's params, or a checked body); another user's order is
    // "not found" too (no leak).
    const row = await selectOrders(executor).where('id', '=', id).executeTakeFirst();
    if (!row || (row.user_id !== caller.id && caller.role !== 'admin')) throw notFound('Order');
    return row;
  }

  /** The order an earlier purchase with this key placed, if any (or a 422 for another purchase). */
  async function earlierPurchase(
    buyer: CurrentUser,
    key: string,
    fingerprint: string,
  ): Promise<OrderRow | undefined> {
    const earlier = await db
      .selectFrom('purchase_keys')
      .select(['order_id', 'fingerprint'])
      .where('user_id', '=', buyer.id)
      .where('key', '=', key)
      .executeTakeFirst();
    if (!earlier) return undefined;
    if (earlier.fingerprint !== fingerprint) {
      throw new AppError(
        'IDEMPOTENCY_KEY_REUSED',
        'This Idempotency-Key was already used for a different purchase. Use a new key for a new purchase.',
      );
    }
    return selectOrders().where('id', '=', earlier.order_id).executeTakeFirstOrThrow();
  }

  /**
   * Why no order was placed: the tool is gone, the quantity is out of its bounds, the total
   * too large, the buyer holds too many unpaid orders, or the stock ran out.
   */
  async function refusal(input: Purchase, buyer: CurrentUser): Promise<AppError> {
    // A tool no longer on sale: its 404 is thrown from here, as good as returned.
    const tool = await options.tools.get(input.toolId);
    const notice = messages.quantityNotice(tool.minOrderQuantity, tool.availableQuantity);
    if (input.quantity < tool.minOrderQuantity) {
      return new AppError('VALIDATION_FAILED', notice, { quantity: [notice] });
    }
    if (dollarsToCents(tool.price) * input.quantity > ORDER_TOTAL_MAX_CENTS) {
      return orderTotalTooLarge();
    }
    const holder = await db
      .selectFrom('users')
      .select('unpaid_orders')
      .where('id', '=', buyer.id)
      .executeTakeFirst();
    if (!holder) return new AppError('UNAUTHENTICATED', 'Please sign in again');
    if (holder.unpaid_orders >= options.maxUnpaidOrders) {
      return tooManyUnpaidOrders(options.maxUnpaidOrders);
    }
    if (input.quantity > tool.availableQuantity) {
      return new AppError('OUT_OF_STOCK', `Not enough stock left. ${notice}`, {
        quantity: [notice],
      });
    }
    return new AppError('OUT_OF_STOCK', 'Sorry, this tool has just sold out in that quantity.');
  }

  /**
   * Cancels the unpaid orders `which` selects and returns their units to stock, in one
   * statement. Rows are locked order, then buyer (the unpaid-orders trigger), then tool: the
   * order every other statement follows (a purchase locks buyer then tool; a payment order
   * then buyer), so none of them can deadlock with another.
   */
  async function cancelUnpaid(
    executor: Kysely<Database>,
    which: { id: string } | { userId: string },
  ): Promise<OrderRow[]> {
    const rows = await executor
      .with('cancelled', (qb) =>
        qb
          .updateTable('orders')
          .set({ status: 'cancelled', expiry_lease_until: null })
          .where('status', '=', 'unpaid')
          .where((eb) =>
            'id' in which ? eb('id', '=', which.id) : eb('user_id', '=', which.userId),
          )
          .returningAll(),
      )
      .with('returned', (qb) =>
        qb
          .updateTable('tools')
          .from(
            qb
              .selectFrom('cancelled')
              .select(['tool_id', sql<number>`sum(quantity)::int`.as('units')])
              .groupBy('tool_id')
              .as('freed'),
          )
          .set((eb) => ({
            available_quantity: eb('available_quantity', '+', eb.ref('freed.units')),
          }))
          .whereRef('tools.id', '=', 'freed.tool_id')
          .returning('tools.id'),
      )
      .selectFrom('cancelled')
      .selectAll()
      .select(sql<string | null>`cancelled.needed_by::text`.as('needed_by'))
      .execute();
    return rows as OrderRow[];
  }

  return {
    /**
     * Places an order in one statement (one round trip, atomic on its own):
     * 1. locks the buyer's row, only if they hold fewer than MAX_UNPAID_ORDERS unpaid orders
     *    and have not used this Idempotency-Key. A purchase blocked on that lock re-reads the
     *    row once it is free, so its count is the one the other purchase left (the count of
     *    orders itself would be read as it was when the statement began);
     * 2. takes the stock, only if the tool is on sale, the quantity within its bounds, enough
     *    left and the total within ORDER_TOTAL_MAX_CENTS (so concurrent buyers never oversell,
     *    and no total overflows);
     * 3. writes the order from the row it took, with the price and the pay-by time set here,
     *    and the key with it (a crash keeps both or neither).
     * Only a refused purchase reads again, to say why. Same key twice at once: the second
     * trips over the key's primary key and answers the first one's order.
     */
    async purchase(input: Purchase, buyer: CurrentUser, idempotencyKey?: string): Promise<Placed> {
      // The shop's calendar (packages/shared), the one the purchase form checks against.
      if (input.neededBy && isPastNeededBy(input.neededBy, new Date())) {
        const message = messages.validation.neededByPast;
        throw new AppError('VALIDATION_FAILED', message, { neededBy: [message] });
      }
      const key = idempotencyKey;
      const fingerprint = key === undefined ? '' : fingerprintOf(input);
      const placing = db
        .with('buyer', (qb) =>
          qb
            .selectFrom('users')
            .select('users.id')
            .where('users.id', '=', buyer.id)
            .where('users.unpaid_orders', '<', options.maxUnpaidOrders)
            .$if(key !== undefined, (keyed) =>
              keyed.where(({ not, exists, selectFrom }) =>
                not(
                  exists(
                    selectFrom('purchase_keys')
                      .select('purchase_keys.key')
                      .where('purchase_keys.user_id', '=', buyer.id)
                      .where('purchase_keys.key', '=', key!),
                  ),
                ),
              ),
            )
            .forNoKeyUpdate(),
        )
        .with('taken', (qb) =>
          qb
            .updateTable('tools')
            .set((eb) => ({ available_quantity: eb('available_quantity', '-', input.quantity) }))
            .where('id', '=', input.toolId)
            .where('retired_at', 'is', null)
            .where('min_order_quantity', '<=', input.quantity)
            .where('available_quantity', '>=', input.quantity)
            // bigint: the product of two integers must not overflow before it is compared.
            .where(sql`price_cents::bigint * ${input.quantity}`, '<=', ORDER_TOTAL_MAX_CENTS)
            .where(({ exists, selectFrom }) => exists(selectFrom('buyer').select('buyer.id')))
            .returning(['id', 'name', 'img', 'price_cents', 'available_quantity']),
        )
        .with('placed', (qb) =>
          qb
            .insertInto('orders')
            .columns([
              'tool_id',
              'tool_name',
              'tool_img',
              'user_id',
              'user_name',
              'user_email',
              'phone',
              'address',
              'quantity',
              'unit_price_cents',
              'price_cents',
              'available_after',
              'needed_by',
              'pay_by',
            ])
            .expression((eb) =>
              eb
                .selectFrom('taken')
                .select((taken) => [
                  'taken.id',
                  'taken.name',
                  'taken.img',
                  taken.val(buyer.id).as('user_id'),
                  taken.val(buyer.name).as('user_name'),
                  taken.val(buyer.email).as('user_email'),
                  taken.val(input.phone).as('phone'),
                  taken.val(input.address).as('address'),
                  taken.val(input.quantity).as('quantity'),
                  'taken.price_cents',
                  taken('taken.price_cents', '*', input.quantity).as('price_cents'),
                  'taken.available_quantity',
                  sql<string | null>`${input.neededBy ?? null}::date`.as('needed_by'),
                  sql<Date>`now() + make_interval(mins => ${options.unpaidOrderTtlMinutes})`.as(
                    'pay_by',
                  ),
                ]),
            )
            .returningAll(),
        );
      // The key, when there is one, is written by the same statement.
      const placed =
        key === undefined
          ? placing.selectFrom('placed')
          : placing
              .with('keyed', (qb) =>
                qb
                  .insertInto('purchase_keys')
                  .columns(['user_id', 'key', 'fingerprint', 'order_id'])
                  .expression((eb) =>
                    eb
                      .selectFrom('placed')
                      .select((placed) => [
                        'placed.user_id',
                        placed.val(key).as('key'),
                        placed.val(fingerprint).as('fingerprint'),
                        'placed.id',
                      ]),
                  )
                  .returning('purchase_keys.key'),
              )
              .selectFrom('placed');
      let row: OrderRow | undefined;
      try {
        row = (await placed
          .selectAll()
          .select(sql<string | null>`placed.needed_by::text`.as('needed_by'))
          .executeTakeFirst()) as OrderRow | undefined;
      } catch (error) {
        if (!(key !== undefined && isUniqueViolation(error, 'purchase_keys_pkey'))) throw error;
      }
      if (row) {
        options.onStockChange?.();
        options.events?.orderPlaced();
        return { order: toOrder(row), replayed: false };
      }
      if (key !== undefined) {
        const earlier = await earlierPurchase(buyer, key, fingerprint);
        if (earlier) return { order: toOrder(earlier), replayed: true };
      }
      throw await refusal(input, buyer);
    },

    /**
     * The caller's own orders, newest first. SPEC's call names the email in the query: it is
     * compared with the caller's, never trusted.
     */
    async listOwn(caller: CurrentUser, claimedEmail: string): Promise<Order[]> {
      if (normaliseEmail(claimedEmail) !== caller.email) {
        throw new AppError('FORBIDDEN', 'You can only list your own orders');
      }
      const rows = await ordersOf(caller.id);
      return rows.map(toOrder);
    },

    async listAll(): Promise<Order[]> {
      const rows = await selectOrders().orderBy('created_at', 'desc').orderBy('id').execute();
      return rows.map(toOrder);
    },

    async get(id: string, caller: CurrentUser): Promise<Order> {
      return toOrder(await findVisibleOrder(id, caller));
    },

    /**
     * The buyer, or an admin, cancels an unpaid order; its units return to stock in the same
     * statement. Anyone else is told the order does not exist. Only the database: a payment
     * already under way is for the caller to settle first.
     */
    async cancel(id: string, caller: CurrentUser): Promise<Order> {
      const order = await findVisibleOrder(id, caller);
      const [cancelled] = await cancelUnpaid(db, { id: order.id });
      if (!cancelled) {
        const now = await selectOrders().where('id', '=', order.id).executeTakeFirstOrThrow();
        throw new AppError(
          'CONFLICT',
          `This order is ${now.status} and can no longer be cancelled`,
        );
      }
      options.onStockChange?.();
      return toOrder(cancelled);
    },

    /**
     * The expiry of one unpaid order past its time (order-expiry.ts): cancelled, stock back,
     * once. False when it was no longer unpaid (paid, cancelled, or expired by another process).
     */
    async expire(orderId: string): Promise<boolean> {
      const cancelled = await cancelUnpaid(db, { id: orderId });
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
      const cancelled = await cancelUnpaid(trx, { userId });
      return cancelled.length;
    },

    /** The owner's order that can still be paid, with its stored amount. */
    async payable(id: string, caller: CurrentUser) {
      const order = await findVisibleOrder(id, caller);
      if (order.user_id !== caller.id) throw notFound('Order');
      if (order.status !== 'unpaid') {
        throw new AppError(
          order.status === 'cancelled' ? 'CONFLICT' : 'ALREADY_PAID',
          `This order is ${order.status}`,
        );
      }
      return { id: order.id, amountCents: order.price_cents, email: order.user_email };
    },

    /** The order as stored, for its buyer or an admin (who may cancel it); 404 for others. */
    async rowFor(id: string, caller: CurrentUser) {
      return findVisibleOrder(id, caller);
    },

    /** The buyer's own order as stored (for payment checks); 404 for anyone else. */
    async ownRow(id: string, caller: CurrentUser) {
      const order = await findVisibleOrder(id, caller);
      if (order.user_id !== caller.id) throw notFound('Order');
      return order;
    },

    /** Any order as stored, for the payment side's own checks (webhooks, expiry): no caller. */
    async row(id: string): Promise<OrderRow | undefined> {
      // Here the id may come from a provider's event, which no route's params have checked.
      if (!IdSchema.safeParse(id).success) return undefined;
      return selectOrders().where('id', '=', id).executeTakeFirst();
    },

    /**
     * Marks an order paid once its payment was verified with the provider. Idempotent: the
     * same transaction again changes nothing; another one for a paid order is refused.
     */
    async markPaid(
      id: string,
      transactionId: string,
      amountCents: number,
    ): Promise<{ order: Order; changed: boolean }> {
      const updated = await db
        .updateTable('orders')
        .set({ status: 'paid', transaction_id: transactionId, paid_at: new Date() })
        .where('id', '=', id)
        .where('status', '=', 'unpaid')
        .where('price_cents', '=', amountCents)
        .returning('id')
        .executeTakeFirst();
      const row = await selectOrders().where('id', '=', id).executeTakeFirst();
      if (!row) throw notFound('Order');
      if (updated) {
        options.events?.orderPaid();
        return { order: toOrder(row), changed: true };
      }
      if (row.transaction_id === transactionId) return { order: toOrder(row), changed: false };
      throw new AppError('ALREADY_PAID', `This order is ${row.status} and cannot be paid again`);
    },

    /** An admin marks a paid order shipped. */
    async ship(id: string, caller: CurrentUser): Promise<Order> {
      const order = await findVisibleOrder(id, caller);
      const shipped = await db
        .updateTable('orders')
        .set({ status: 'shipped' })
        .where('id', '=', order.id)
        .where('status', '=', 'paid')
        .returning('id')
        .executeTakeFirst();
      if (!shipped)
        throw new AppError(
          'CONFLICT',
          `Only a paid order can be shipped; this one is ${order.status}`,
        );
      return toOrder(await selectOrders().where('id', '=', order.id).executeTakeFirstOrThrow());
    },
  };
}

export type OrdersService = ReturnType<typeof createOrdersService>;
