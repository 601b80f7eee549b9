import {
  type AllOrdersQuery,
  IdSchema,
  type Order,
  type OrderFilter,
  type OrderListQuery,
  type OrderStatus,
  parseOrderNumber,
  SHOP_TIME_ZONE,
} from '@shop/shared';
import { type Kysely, type SelectQueryBuilder, sql } from 'kysely';
import { type CurrentUser, normaliseEmail } from '../../auth/identity';
import { compileOnce } from '../../db/compile-once';
import { containing } from '../../db/like-pattern';
import { keptCount } from '../../db/list-counts';
import type { Database, OrderRow } from '../../db/schema';
import { AppError, notFound } from '../../lib/errors';
import { type OrdersPage, presentOne, presentPage } from './orders.presenter';

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
export const newestFirst = <Output>(query: SelectQueryBuilder<Database, 'orders', Output>) =>
  query.orderBy('orders.created_at', 'desc').orderBy('orders.id', 'desc');

/** A count of orders, as a subquery. */
type Count = ReturnType<typeof countOf> | ReturnType<typeof statusCountOf>;

/** Whether the filter selects by status alone (or nothing): its count is kept (0017). */
const byStatusAlone = ({ search, from, to }: OrderFilter) => !search && !from && !to;

/** The admins' filters (status, search, days placed) on a query of orders. */
export function filtered<Output>(
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
    // An order number typed with or without its prefix ("ORD-000123", "123") finds its order
    // too, from the number's unique index (migration 0033).
    const number = parseOrderNumber(search);
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
          )
          .$if(number !== null, (matches) =>
            matches.union(
              eb
                .selectFrom('orders as numbered')
                .select('numbered.id')
                .where('numbered.number', '=', number!),
            ),
          ),
      ),
    );
  }
  return result;
}

/** Every column of an order, with the calendar day as text (a Date would shift with the zone). */
export const selectOrders = (executor: Kysely<Database>) =>
  executor
    .selectFrom('orders')
    .selectAll()
    .select(sql<string | null>`orders.needed_by::text`.as('needed_by'));

/**
 * Reading orders: the lists (My Orders, Manage All Orders) with their paging and counts, and
 * one order for whoever may see it.
 */
export function createOrderQueries(db: Kysely<Database>) {
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
      selectOrders(db)
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

  const ownScope =
    (userId: string): OrderScope =>
    (query) =>
      query.where('orders.user_id', '=', userId);

  // My Orders, the read a signed-in customer makes most.
  const ordersOf = compileOnce(db, (userId: string, limit: number, offset: number) =>
    pageQuery(ownScope(userId), limit, offset),
  );

  /** How many orders a scope holds (a page past the last one). */
  const countScope = async (scope: OrderScope) =>
    (await countOf(db, scope).executeTakeFirstOrThrow()).total;

  /**
   * An order its caller may see: their own account's, or any for an admin. Ownership is the
   * account, not the email: a removed user's orders stay for the shop's records, and an account
   * registered later with the same email never sees them.
   */
  async function visibleTo(caller: CurrentUser, id: string, executor: Kysely<Database> = db) {
    // The id is a UUID (the route's params, or a checked body); another user's order is
    // "not found" too (no leak).
    const row = await selectOrders(executor).where('id', '=', id).executeTakeFirst();
    if (!row || (row.user_id !== caller.id && caller.role !== 'admin')) throw notFound('Order');
    return row;
  }

  return {
    visibleTo,

    /** The buyer's own order; 404 for anyone else, an admin included. */
    async ownedBy(buyer: CurrentUser, id: string): Promise<OrderRow> {
      const order = await visibleTo(buyer, id);
      if (order.user_id !== buyer.id) throw notFound('Order');
      return order;
    },

    /** Any order, for the shop's own checks (webhooks, the expiry): nobody calls on its behalf. */
    async anyOrder(id: string): Promise<OrderRow | undefined> {
      // Here the id may come from a provider's event, which no route's params have checked.
      if (!IdSchema.safeParse(id).success) return undefined;
      return selectOrders(db).where('id', '=', id).executeTakeFirst();
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
      return presentPage(rows, page, () => countScope(ownScope(caller.id)), db);
    },

    /** Manage All Orders: the orders the admins' filters select, newest first, a page at a time. */
    async listAll({ page, limit, ...filter }: AllOrdersQuery): Promise<OrdersPage> {
      const scope: OrderScope = (query) => filtered(query, filter);
      const total = byStatusAlone(filter) ? statusCountOf(db, filter.status) : countOf(db, scope);
      const rows = await pageQuery(scope, limit, (page - 1) * limit, total).execute();
      return presentPage(rows, page, async () => (await total.executeTakeFirstOrThrow()).total, db);
    },

    async get(id: string, caller: CurrentUser): Promise<Order> {
      return presentOne(await visibleTo(caller, id), db);
    },
  };
}

export type OrderQueries = ReturnType<typeof createOrderQueries>;
