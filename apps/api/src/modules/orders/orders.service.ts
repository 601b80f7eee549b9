import { createHash } from 'node:crypto';
import {
  type AllOrdersQuery,
  type CartLine,
  type Checkout,
  IdSchema,
  ORDER_TOTAL_MAX_CENTS,
  cartLineProblem,
  isPastNeededBy,
  messages,
  type Order,
  type OrderEvent,
  type OrderFilter,
  type OrderLine,
  type OrderListQuery,
  type OrderStatus,
  type Purchase,
  type Refund,
  paidStatuses,
  SHOP_TIME_ZONE,
} from '@shop/shared';
import { type Kysely, type SelectQueryBuilder, sql } from 'kysely';
import { compileOnce } from '../../db/compile-once';
import type { CopyCsv } from '../../db/copy-csv';
import { containing } from '../../db/like-pattern';
import { keptCount } from '../../db/list-counts';
import type { Database, OrderLineRow, OrderRow } from '../../db/schema';
import { AppError, notFound } from '../../lib/errors';
import type { ShopEvents } from '../../lib/metrics';
import type { ToolsService } from '../tools/tools.service';
import { CSV_COLUMNS_SQL } from './orders-export';
import { type CurrentUser, normaliseEmail } from '../../auth/identity';

const centsToDollars = (cents: number) => cents / 100;
const dollarsToCents = (dollars: number) => Math.round(dollars * 100);

const toLine = (line: Omit<OrderLineRow, 'order_id' | 'position'>): OrderLine => ({
  toolId: line.tool_id,
  tool: line.tool_name,
  img: line.tool_img,
  quantity: line.quantity,
  unitPrice: centsToDollars(line.unit_price_cents),
  price: centsToDollars(line.price_cents),
});

/**
 * The order in the API's words. A one-line order is its own line (its columns are the line's);
 * an order of several tools brings its `lines` read from `order_lines`.
 */
function toOrder(row: OrderRow, lines?: OrderLine[]): Order {
  const ownLine =
    row.line_count === 1 && row.unit_price_cents !== null && row.available_after !== null
      ? toLine({
          ...row,
          unit_price_cents: row.unit_price_cents,
          available_after: row.available_after,
        })
      : undefined;
  const orderLines = ownLine ? [ownLine] : lines;
  if (!orderLines?.length) throw new Error(`Order ${row.id} was read without its lines`);
  return {
    _id: row.id,
    toolId: row.tool_id,
    tool: row.tool_name,
    img: row.tool_img,
    price: centsToDollars(row.price_cents),
    unitPrice: row.unit_price_cents === null ? null : centsToDollars(row.unit_price_cents),
    availableQuantity: row.available_after,
    quantity: row.quantity,
    lines: orderLines,
    userName: row.user_name,
    userEmail: row.user_email,
    phone: row.phone,
    address: row.address,
    neededBy: row.needed_by,
    paid: paidStatuses.includes(row.status),
    transactionId: row.transaction_id,
    status: row.status,
    createdAt: row.created_at.toISOString(),
    payBy: row.status === 'unpaid' && row.pay_by ? row.pay_by.toISOString() : null,
  };
}

/** One page of a list of orders, and how many orders the list has over all its pages. */
export interface OrdersPage {
  orders: Order[];
  total: number;
}

/** The rows a list of orders reads (its `where`), given to a page query and to its count alike. */
type OrderScope = <Output>(
  query: SelectQueryBuilder<Database, 'orders', Output>,
) => SelectQueryBuilder<Database, 'orders', Output>;

/** How many orders a scope holds, as a subquery. */
const countOf = (db: Kysely<Database>, scope: OrderScope) =>
  scope(db.selectFrom('orders')).select(sql<number>`count(*)::int`.as('total'));

/**
 * How many orders a status holds, or all of them, from the counts migration 0017 keeps: a few
 * rows, where counting the orders reads a million.
 */
const statusCountOf = (db: Kysely<Database>, status: OrderStatus | undefined) =>
  keptCount(db, 'orders', status);

/** Newest first, the order of every list of orders and of the CSV export (index: 0017). */
const newestFirst = <Output>(query: SelectQueryBuilder<Database, 'orders', Output>) =>
  query.orderBy('orders.created_at', 'desc').orderBy('orders.id', 'desc');

/** A count of orders, as a subquery. */
type Count = ReturnType<typeof countOf> | ReturnType<typeof statusCountOf>;

/** Whether the filter selects by status alone (or nothing): its count is kept (0017). */
const byStatusAlone = ({ search, from, to }: OrderFilter) => !search && !from && !to;

/** The admins' filters (status, search, days placed) on a query of orders. */
function filtered<Output>(
  query: SelectQueryBuilder<Database, 'orders', Output>,
  { status, search, from, to }: OrderFilter,
): SelectQueryBuilder<Database, 'orders', Output> {
  let result = query;
  if (status) result = result.where('orders.status', '=', status);
  if (from) {
    result = result.where(
      'orders.created_at',
      '>=',
      sql<Date>`${from}::date::timestamp at time zone ${SHOP_TIME_ZONE}`,
    );
  }
  if (to) {
    result = result.where(
      'orders.created_at',
      '<',
      sql<Date>`(${to}::date + 1)::timestamp at time zone ${SHOP_TIME_ZONE}`,
    );
  }
  if (search) {
    const pattern = containing(search);
    // The orders matched by each trigram index, gathered once (migration 0016): an OR with a
    // subquery per order would read every order and its lines.
    result = result.where((eb) =>
      eb(
        'orders.id',
        'in',
        eb
          .selectFrom('orders as matched')
          .select('matched.id')
          .where((match) =>
            match.or([
              match('matched.user_email', 'ilike', pattern),
              match('matched.user_name', 'ilike', pattern),
              match('matched.tool_name', 'ilike', pattern),
            ]),
          )
          .union(
            eb
              .selectFrom('order_lines')
              .select('order_lines.order_id as id')
              .where('order_lines.tool_name', 'ilike', pattern),
          ),
      ),
    );
  }
  return result;
}

/** The name a several-tool order goes by in lists: "NVMe SSD 1TB M.2 + 2 more". */
export const orderSummaryName = (firstTool: string, lineCount: number) =>
  lineCount === 1 ? firstTool : `${firstTool} + ${lineCount - 1} more`;

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

/**
 * What a checkout asked for. Its lines are the cart's, which the first checkout emptied, so a
 * retry is told apart by its delivery details; the prefix keeps it apart from any purchase.
 */
const checkoutFingerprintOf = (input: Checkout) =>
  createHash('sha256')
    .update(JSON.stringify(['checkout', input.phone, input.address, input.neededBy ?? null]))
    .digest('base64url');

/** Idempotency keys are kept this long (at least; the expiry job deletes older ones). */
export const PURCHASE_KEY_TTL_HOURS = 24;

const isUniqueViolation = (error: unknown, constraint: string) =>
  typeof error === 'object' &&
  error !== null &&
  (error as { code?: unknown }).code === '23505' &&
  (error as { constraint?: unknown }).constraint === constraint;

/** A cart line as a checkout takes it, its tool's row locked for the checkout's transaction. */
export interface CheckoutLine extends CartLine {
  unitPriceCents: number;
  /** The order the customer put it in the cart (the order's lines follow it). */
  position: number;
}

/** The cart, read and emptied by a checkout inside the checkout's own transaction. */
export interface CheckoutCart {
  linesForCheckout(trx: Kysely<Database>, userId: string): Promise<CheckoutLine[]>;
  clear(trx: Kysely<Database>, userId: string): Promise<void>;
}

export interface OrdersServiceOptions {
  /** The catalogue, read through its own module (why a purchase was refused). */
  tools: Pick<ToolsService, 'get'>;
  /** The customer's cart, which a checkout turns into one order. */
  cart: CheckoutCart;
  /** Called after a committed change to a tool's stock (the catalogue cache forgets it). */
  onStockChange?: () => void;
  /** A bounded query's rows as CSV, formatted by the database (the CSV export). */
  copyCsv?: CopyCsv;
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

  /**
   * One page of the orders of a scope, newest first, each row carrying the scope's count: the
   * page and its total in one statement, one round trip.
   */
  const pageQuery = (
    scope: OrderScope,
    limit: number,
    offset: number,
    total: Count = countOf(db, scope),
  ) =>
    newestFirst(
      selectOrders()
        .select(total.as('total'))
        // The page's ids first, then their rows: the rows a deep page skips are read from an
        // index alone ((created_at desc, id desc), migration 0017), not fetched from the table.
        .where(
          'orders.id',
          'in',
          newestFirst(scope(db.selectFrom('orders').select('orders.id')))
            .limit(limit)
            .offset(offset),
        ),
    );

  const ownedBy =
    (userId: string): OrderScope =>
    (query) =>
      query.where('orders.user_id', '=', userId);

  // My Orders, the read a signed-in customer makes most.
  const ordersOf = compileOnce(db, (userId: string, limit: number, offset: number) =>
    pageQuery(ownedBy(userId), limit, offset),
  );

  /** The lines of several-tool orders, by order id: one query. */
  async function linesOf(orderIds: string[], executor: Kysely<Database>) {
    const byOrder = new Map<string, OrderLine[]>();
    const lines = await executor
      .selectFrom('order_lines')
      .selectAll()
      .where('order_id', 'in', orderIds)
      .orderBy('order_id')
      .orderBy('position')
      .execute();
    for (const line of lines) {
      byOrder.set(line.order_id, [...(byOrder.get(line.order_id) ?? []), toLine(line)]);
    }
    return byOrder;
  }

  /**
   * Orders in the API's words, with their lines. Answered at once, not as a promise, when no order
   * has several lines (the usual My Orders): no second query and no await on the uncached read's
   * path (decision 017).
   */
  function present(rows: OrderRow[], executor: Kysely<Database> = db): Order[] | Promise<Order[]> {
    const several = rows.filter((row) => row.line_count > 1).map((row) => row.id);
    if (several.length === 0) return rows.map((row) => toOrder(row));
    return linesOf(several, executor).then((lines) =>
      rows.map((row) => toOrder(row, lines.get(row.id))),
    );
  }
  const presentOne = async (row: OrderRow, executor: Kysely<Database> = db) =>
    (await present([row], executor))[0]!;

  /**
   * A page of orders with its total. Past the last page no row carries the count, so it is
   * asked apart, only then (on page 1 an empty page means none). Like `present`, answered
   * without a promise when it can.
   */
  function presentPage(
    rows: (OrderRow & { total: number | null })[],
    page: number,
    count: () => Promise<number>,
  ): OrdersPage | Promise<OrdersPage> {
    if (rows.length === 0) {
      return page === 1
        ? { orders: [], total: 0 }
        : count().then((total) => ({ orders: [], total }));
    }
    const total = rows[0]!.total ?? 0;
    const orders = present(rows);
    return Array.isArray(orders)
      ? { orders, total }
      : orders.then((list) => ({ orders: list, total }));
  }

  /** How many orders a scope holds (a page past the last one). */
  const countScope = async (scope: OrderScope) =>
    (await countOf(db, scope).executeTakeFirstOrThrow()).total;

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
    executor: Kysely<Database> = db,
  ): Promise<OrderRow | undefined> {
    const earlier = await executor
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
    return selectOrders(executor).where('id', '=', earlier.order_id).executeTakeFirstOrThrow();
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
   * Names who changes orders in this transaction, and why: the history trigger of migration 0013
   * records them with each change of status. Nobody named: the shop itself.
   */
  async function actingAs(trx: Kysely<Database>, caller: CurrentUser | null, reason?: string) {
    await sql`select set_config('shop.actor_id', ${caller?.id ?? ''}, true),
      set_config('shop.reason', ${reason ?? ''}, true)`.execute(trx);
  }

  /**
   * Returns the units of the orders' lines to stock, inside the caller's transaction, locking
   * the tools in id order (the lock order of every stock writer).
   */
  async function returnStock(trx: Kysely<Database>, orderIds: string[]) {
    const freed = await trx
      .selectFrom('order_lines')
      .select(['tool_id', sql<number>`sum(quantity)::int`.as('units')])
      .where('order_id', 'in', orderIds)
      .groupBy('tool_id')
      .orderBy('tool_id')
      .execute();
    await trx
      .selectFrom('tools')
      .select('id')
      .where(
        'id',
        'in',
        freed.map((line) => line.tool_id),
      )
      .orderBy('id')
      .forNoKeyUpdate()
      .execute();
    for (const { tool_id, units } of freed) {
      await trx
        .updateTable('tools')
        .set((eb) => ({ available_quantity: eb('available_quantity', '+', units) }))
        .where('id', '=', tool_id)
        .execute();
    }
  }

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
    options: {
      reason?: string;
      also?: (trx: Kysely<Database>) => Promise<void>;
      /** Refused while a refund has claimed the order (a shipment, a delivery). */
      unlessRefunding?: boolean;
    } = {},
  ): Promise<OrderRow | undefined> {
    return db.transaction().execute(async (trx) => {
      await actingAs(trx, caller, options.reason);
      const changed = (await trx
        .updateTable('orders')
        .set({ status: to })
        .where('id', '=', id)
        .where('status', 'in', from)
        .$if(Boolean(options.unlessRefunding), (q) => q.where('refund_started_at', 'is', null))
        .returningAll()
        .returning(sql<string | null>`orders.needed_by::text`.as('needed_by'))
        .executeTakeFirst()) as OrderRow | undefined;
      if (changed) await options.also?.(trx);
      return changed;
    });
  }

  /** Why a shipment or a delivery changed nothing: the order's status, or a refund under way. */
  async function refusedStep(id: string, to: 'shipped' | 'delivered', rule: string) {
    const now = await selectOrders().where('id', '=', id).executeTakeFirstOrThrow();
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
   * in id order: the order every other writer follows (a purchase and a checkout lock the buyer
   * then tools in id order; a payment the order then the buyer), so none can deadlock another.
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
      if (rows.length > 0)
        await returnStock(
          trx,
          rows.map((row) => row.id),
        );
      return rows;
    };
    return executor.isTransaction ? cancel(executor) : db.transaction().execute(cancel);
  }

  /** The words of a checkout refused for its lines: which tools, and why each. */
  function shortLines(lines: CheckoutLine[]): AppError | undefined {
    const problems = lines.flatMap((line) => {
      const problem = cartLineProblem(line);
      return problem ? [{ line, problem }] : [];
    });
    if (problems.length === 0) return undefined;
    const names = problems.map(({ line }) => line.name).join(', ');
    return new AppError(
      'OUT_OF_STOCK',
      `Not enough stock for: ${names}. Change or remove ${problems.length === 1 ? 'that line' : 'those lines'}; nothing was ordered.`,
      Object.fromEntries(problems.map(({ line, problem }) => [line.toolId, [problem]])),
    );
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
        )
        // The order's one line, from the same row.
        .with('lined', (qb) =>
          qb
            .insertInto('order_lines')
            .columns([
              'order_id',
              'position',
              'tool_id',
              'tool_name',
              'tool_img',
              'quantity',
              'unit_price_cents',
              'price_cents',
              'available_after',
            ])
            .expression((eb) =>
              eb
                .selectFrom('placed')
                .select((placed) => [
                  'placed.id',
                  placed.val(0).as('position'),
                  'placed.tool_id',
                  'placed.tool_name',
                  'placed.tool_img',
                  'placed.quantity',
                  sql<number>`placed.unit_price_cents`.as('unit_price_cents'),
                  'placed.price_cents',
                  sql<number>`placed.available_after`.as('available_after'),
                ]),
            )
            .returning('order_lines.order_id'),
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
        if (earlier) return { order: await presentOne(earlier), replayed: true };
      }
      throw await refusal(input, buyer);
    },

    /**
     * Turns the buyer's cart into one unpaid order of several lines, in one transaction, all
     * or nothing: the buyer's row is locked first (the unpaid-order limit, and one checkout of
     * theirs at a time, so the same Idempotency-Key twice at once places one order), then the
     * cart's tools in id order; every line is priced from the stored unit price and must be on
     * sale and within its minimum and stock, or the checkout is refused naming the short lines
     * and nothing changes. Then the stock is taken, the order and its lines written, the cart
     * emptied and the key kept.
     */
    async checkout(input: Checkout, buyer: CurrentUser, key?: string): Promise<Placed> {
      if (input.neededBy && isPastNeededBy(input.neededBy, new Date())) {
        const message = messages.validation.neededByPast;
        throw new AppError('VALIDATION_FAILED', message, { neededBy: [message] });
      }
      const fingerprint = key === undefined ? '' : checkoutFingerprintOf(input);
      const placed = await db.transaction().execute(async (trx) => {
        const holder = await trx
          .selectFrom('users')
          .select('unpaid_orders')
          .where('id', '=', buyer.id)
          .forNoKeyUpdate()
          .executeTakeFirst();
        if (!holder) throw new AppError('UNAUTHENTICATED', 'Please sign in again');
        if (key !== undefined) {
          const earlier = await earlierPurchase(buyer, key, fingerprint, trx);
          if (earlier) return { row: earlier, replayed: true };
        }
        if (holder.unpaid_orders >= options.maxUnpaidOrders) {
          throw tooManyUnpaidOrders(options.maxUnpaidOrders);
        }
        const locked = await options.cart.linesForCheckout(trx, buyer.id);
        if (locked.length === 0) {
          throw new AppError('CONFLICT', 'Your cart is empty. Add a tool before checking out.');
        }
        const lines = [...locked].sort((a, b) => a.position - b.position);
        const refused = shortLines(lines);
        if (refused) throw refused;
        const totalCents = lines.reduce(
          (sum, line) => sum + line.unitPriceCents * line.quantity,
          0,
        );
        if (totalCents > ORDER_TOTAL_MAX_CENTS) throw orderTotalTooLarge();

        const left = new Map<string, number>();
        // The tools' rows are locked already: taking in id order keeps to the lock order.
        for (const line of locked) {
          const taken = await trx
            .updateTable('tools')
            .set((eb) => ({ available_quantity: eb('available_quantity', '-', line.quantity) }))
            .where('id', '=', line.toolId)
            .returning('available_quantity')
            .executeTakeFirstOrThrow();
          left.set(line.toolId, taken.available_quantity);
        }
        const [first] = lines as [CheckoutLine, ...CheckoutLine[]];
        const single = lines.length === 1;
        const order = (await trx
          .insertInto('orders')
          .values({
            tool_id: first.toolId,
            tool_name: orderSummaryName(first.name, lines.length),
            tool_img: first.img,
            user_id: buyer.id,
            user_name: buyer.name,
            user_email: buyer.email,
            phone: input.phone,
            address: input.address,
            quantity: lines.reduce((sum, line) => sum + line.quantity, 0),
            unit_price_cents: single ? first.unitPriceCents : null,
            price_cents: totalCents,
            available_after: single ? left.get(first.toolId)! : null,
            line_count: lines.length,
            needed_by: input.neededBy ?? null,
            pay_by: sql<Date>`now() + make_interval(mins => ${options.unpaidOrderTtlMinutes})`,
          })
          .returningAll()
          .returning(sql<string | null>`orders.needed_by::text`.as('needed_by'))
          .executeTakeFirstOrThrow()) as OrderRow;
        await trx
          .insertInto('order_lines')
          .values(
            lines.map((line, position) => ({
              order_id: order.id,
              position,
              tool_id: line.toolId,
              tool_name: line.name,
              tool_img: line.img,
              quantity: line.quantity,
              unit_price_cents: line.unitPriceCents,
              price_cents: line.unitPriceCents * line.quantity,
              available_after: left.get(line.toolId)!,
            })),
          )
          .execute();
        await options.cart.clear(trx, buyer.id);
        if (key !== undefined) {
          await trx
            .insertInto('purchase_keys')
            .values({ user_id: buyer.id, key, fingerprint, order_id: order.id })
            .execute();
        }
        return { row: order, replayed: false };
      });
      if (!placed.replayed) {
        options.onStockChange?.();
        options.events?.orderPlaced();
      }
      return { order: await presentOne(placed.row), replayed: placed.replayed };
    },

    /**
     * The caller's own orders, newest first. SPEC's call names the email in the query: it is
     * compared with the caller's, never trusted.
     */
    async listOwn(
      caller: CurrentUser,
      { userEmail, page, limit }: OrderListQuery,
    ): Promise<OrdersPage> {
      if (normaliseEmail(userEmail) !== caller.email) {
        throw new AppError('FORBIDDEN', 'You can only list your own orders');
      }
      const rows = await ordersOf(caller.id, limit, (page - 1) * limit);
      return presentPage(rows, page, () => countScope(ownedBy(caller.id)));
    },

    /** Manage All Orders: the orders the admins' filters select, newest first, a page at a time. */
    async listAll({ page, limit, ...filter }: AllOrdersQuery): Promise<OrdersPage> {
      const scope: OrderScope = (query) => filtered(query, filter);
      const total = byStatusAlone(filter) ? statusCountOf(db, filter.status) : countOf(db, scope);
      const rows = await pageQuery(scope, limit, (page - 1) * limit, total).execute();
      return presentPage(rows, page, async () => (await total.executeTakeFirstOrThrow()).total);
    },

    async get(id: string, caller: CurrentUser): Promise<Order> {
      return presentOne(await findVisibleOrder(id, caller));
    },

    /**
     * The buyer, or an admin, cancels an unpaid order; its units return to stock in the same
     * statement. Anyone else is told the order does not exist. Only the database: a payment
     * already under way is for the caller to settle first.
     */
    async cancel(id: string, caller: CurrentUser): Promise<Order> {
      const order = await findVisibleOrder(id, caller);
      const [cancelled] = await cancelUnpaid(db, { id: order.id }, caller);
      if (!cancelled) {
        const now = await selectOrders().where('id', '=', order.id).executeTakeFirstOrThrow();
        throw new AppError(
          'CONFLICT',
          `This order is ${now.status} and can no longer be cancelled`,
        );
      }
      options.onStockChange?.();
      return presentOne(cancelled);
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
        // The database's clock, as every other time of an order (its history's, its pay-by).
        .set({ status: 'paid', transaction_id: transactionId, paid_at: sql<Date>`now()` })
        .where('id', '=', id)
        .where('status', '=', 'unpaid')
        .where('price_cents', '=', amountCents)
        .returning('id')
        .executeTakeFirst();
      const row = await selectOrders().where('id', '=', id).executeTakeFirst();
      if (!row) throw notFound('Order');
      if (updated) {
        options.events?.orderPaid();
        return { order: await presentOne(row), changed: true };
      }
      if (row.transaction_id === transactionId) {
        return { order: await presentOne(row), changed: false };
      }
      throw new AppError('ALREADY_PAID', `This order is ${row.status} and cannot be paid again`);
    },

    /** An admin marks a paid order shipped. */
    async ship(id: string, caller: CurrentUser): Promise<Order> {
      const order = await findVisibleOrder(id, caller);
      const shipped = await transition(order.id, caller, ['paid'], 'shipped', {
        unlessRefunding: true,
      });
      if (!shipped) {
        throw await refusedStep(order.id, 'shipped', 'Only a paid order can be shipped');
      }
      return presentOne(shipped);
    },

    /** An admin marks a shipped order delivered. */
    async deliver(id: string, caller: CurrentUser): Promise<Order> {
      const order = await findVisibleOrder(id, caller);
      const delivered = await transition(order.id, caller, ['shipped'], 'delivered', {
        unlessRefunding: true,
      });
      if (!delivered) {
        throw await refusedStep(order.id, 'delivered', 'Only a shipped order can be delivered');
      }
      return presentOne(delivered);
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
        also: refund.restock ? (trx) => returnStock(trx, [id]) : undefined,
      });
      if (refunded && refund.restock) options.onStockChange?.();
      const row = refunded ?? (await findVisibleOrder(id, caller));
      if (!refunded && row.status !== 'refunded') {
        throw new AppError(
          'CONFLICT',
          `Only a paid or shipped order can be refunded; this one is ${row.status}`,
        );
      }
      return { order: await presentOne(row), changed: Boolean(refunded) };
    },

    /**
     * The filtered orders as CSV (orders-export.ts's columns), newest first, a batch at a time,
     * each formatted by the database (`copyCsv`), so no row becomes an object. Keyset paging on
     * created_at and id: the index gives a batch's size and last row, and the batch is the
     * filtered rows from the last one sent to that one. Each batch is read only when the one
     * before has been used: an export of a million orders holds one batch in memory and keeps
     * no transaction open between batches. The first batch has the header line.
     */
    async *exportCsv(filter: OrderFilter, batchSize = 1000): AsyncGenerator<Uint8Array> {
      const { copyCsv } = options;
      if (!copyCsv) throw new Error('The orders service was made without copyCsv: no export');
      // A row's place in the list: its stored time as text, to the microsecond (a JavaScript
      // Date would round it to the millisecond), and its id. Written as values, not looked up
      // by id, so the planner estimates a batch from its histogram, not a tenth of the table.
      type Place = { at: string; id: string };
      const row = (place: Place) => sql`(${place.at}::timestamptz, ${place.id}::uuid)`;
      const placed = sql`(orders.created_at, orders.id)`;
      let after: Place | undefined;
      for (let first = true; ; first = false) {
        const cursor = after;
        const remaining = <Output>(query: SelectQueryBuilder<Database, 'orders', Output>) =>
          filtered(query, filter).$if(cursor !== undefined, (q) =>
            q.where(sql<boolean>`${placed} < ${row(cursor!)}`),
          );
        const batch = newestFirst(remaining(db.selectFrom('orders').select(['id', 'created_at'])))
          .limit(batchSize)
          .as('batch');
        const last = await db
          .selectFrom(batch)
          .select([
            sql<number>`(count(*) over ())::int`.as('size'),
            sql<string>`batch.created_at::text`.as('at'),
            'batch.id',
          ])
          .orderBy('batch.created_at')
          .orderBy('batch.id')
          .limit(1)
          .executeTakeFirst();
        if (last || first) {
          const rows = newestFirst(
            remaining(db.selectFrom('orders').select(CSV_COLUMNS_SQL)).where(
              last ? sql<boolean>`${placed} >= ${row(last)}` : sql<boolean>`false`,
            ),
          );
          yield await copyCsv(rows.compile(), first);
        }
        if (!last || last.size < batchSize) return;
        after = last;
      }
    },

    /** An order's history, oldest first, for its buyer or an admin (404 for anyone else). */
    async history(id: string, caller: CurrentUser): Promise<OrderEvent[]> {
      const order = await findVisibleOrder(id, caller);
      const events = await db
        .selectFrom('order_events')
        .leftJoin('users', 'users.id', 'order_events.actor_id')
        .select([
          'order_events.at',
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
        from: event.from_status,
        to: event.to_status,
        by: event.name && event.role ? { name: event.name, role: event.role } : null,
        reason: event.reason,
      }));
    },
  };
}

export type OrdersService = ReturnType<typeof createOrdersService>;
