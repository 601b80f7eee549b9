import { IdSchema, messages, type Order, type Purchase } from '@shop/shared';
import { type Kysely, sql } from 'kysely';
import type { Database, OrderRow } from '../../db/schema';
import { AppError, notFound } from '../../lib/errors';
import type { CurrentUser } from '../users/users.service';

const centsToDollars = (cents: number) => cents / 100;

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
  };
}

const today = () => new Date().toISOString().slice(0, 10);

/** Why no stock was taken: the tool is gone, the quantity is out of its bounds, or sold out. */
async function refusal(db: Kysely<Database>, input: Purchase): Promise<AppError> {
  const tool = await db
    .selectFrom('tools')
    .select(['min_order_quantity', 'available_quantity'])
    .where('id', '=', input.toolId)
    .where('retired_at', 'is', null)
    .executeTakeFirst();
  if (!tool) return notFound('Tool');
  const notice = messages.quantityNotice(tool.min_order_quantity, tool.available_quantity);
  if (input.quantity < tool.min_order_quantity) {
    return new AppError(400, 'VALIDATION_FAILED', notice, { quantity: [notice] });
  }
  if (input.quantity > tool.available_quantity) {
    return new AppError(409, 'OUT_OF_STOCK', `Not enough stock left. ${notice}`, {
      quantity: [notice],
    });
  }
  return new AppError(409, 'OUT_OF_STOCK', 'Sorry, this tool has just sold out in that quantity.');
}

export interface OrdersServiceOptions {
  /** Called after a committed change to a tool's stock (the catalogue cache forgets it). */
  onStockChange?: () => void;
}

export function createOrdersService(db: Kysely<Database>, options: OrdersServiceOptions = {}) {
  /** Every column, with the calendar day as text (a Date would shift with the time zone). */
  const selectOrders = (executor: Kysely<Database> = db) =>
    executor
      .selectFrom('orders')
      .selectAll()
      .select(sql<string | null>`orders.needed_by::text`.as('needed_by'));

  async function findOwnOrder(id: string, caller: CurrentUser, executor: Kysely<Database> = db) {
    // A malformed id names no order; another user's order is "not found" too (no leak).
    if (!IdSchema.safeParse(id).success) throw notFound('Order');
    const row = await selectOrders(executor).where('id', '=', id).executeTakeFirst();
    if (!row || (row.user_email !== caller.email && caller.role !== 'admin'))
      throw notFound('Order');
    return row;
  }

  return {
    /**
     * Places an order in one statement: a conditional update takes the stock, and the order is
     * written from the row it took, with the price stored here. Only a refused update reads
     * the tool again, to say why.
     */
    async purchase(input: Purchase, buyer: CurrentUser): Promise<Order> {
      if (input.neededBy && input.neededBy < today()) {
        throw new AppError(400, 'VALIDATION_FAILED', 'The needed-by date cannot be in the past', {
          neededBy: ['The needed-by date cannot be in the past'],
        });
      }
      // One statement is atomic on its own and costs one round trip. The stock is taken only
      // if the tool is on sale, the quantity within its bounds and enough left, so concurrent
      // buyers never oversell.
      const row = await db
        .with('taken', (qb) =>
          qb
            .updateTable('tools')
            .set((eb) => ({ available_quantity: eb('available_quantity', '-', input.quantity) }))
            .where('id', '=', input.toolId)
            .where('retired_at', 'is', null)
            .where('min_order_quantity', '<=', input.quantity)
            .where('available_quantity', '>=', input.quantity)
            .returning(['id', 'name', 'img', 'price_cents', 'available_quantity']),
        )
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
            ]),
        )
        .returningAll()
        .returning(sql<string | null>`needed_by::text`.as('needed_by'))
        .executeTakeFirst();
      if (!row) throw await refusal(db, input);
      const order = toOrder(row);
      options.onStockChange?.();
      return order;
    },

    /** The caller's own orders, newest first. */
    async listOwn(caller: CurrentUser): Promise<Order[]> {
      const rows = await selectOrders()
        .where('user_email', '=', caller.email)
        .orderBy('created_at', 'desc')
        .orderBy('id')
        .execute();
      return rows.map(toOrder);
    },

    async listAll(): Promise<Order[]> {
      const rows = await selectOrders().orderBy('created_at', 'desc').orderBy('id').execute();
      return rows.map(toOrder);
    },

    async get(id: string, caller: CurrentUser): Promise<Order> {
      return toOrder(await findOwnOrder(id, caller));
    },

    /** The buyer cancels an unpaid order; its units return to stock in the same transaction. */
    async cancel(id: string, caller: CurrentUser): Promise<Order> {
      const result = await db.transaction().execute(async (trx) => {
        const order = await findOwnOrder(id, caller, trx);
        if (order.user_email !== caller.email) throw notFound('Order');
        const cancelled = await trx
          .updateTable('orders')
          .set({ status: 'cancelled' })
          .where('id', '=', order.id)
          .where('status', '=', 'unpaid')
          .returning('id')
          .executeTakeFirst();
        if (!cancelled) {
          throw new AppError(
            409,
            'CONFLICT',
            `This order is ${order.status} and can no longer be cancelled`,
          );
        }
        await trx
          .updateTable('tools')
          .set((eb) => ({ available_quantity: eb('available_quantity', '+', order.quantity) }))
          .where('id', '=', order.tool_id)
          .execute();
        return toOrder(
          await selectOrders(trx).where('id', '=', order.id).executeTakeFirstOrThrow(),
        );
      });
      options.onStockChange?.();
      return result;
    },

    /** The owner's order that can still be paid, with its stored amount. */
    async payable(id: string, caller: CurrentUser) {
      const order = await findOwnOrder(id, caller);
      if (order.user_email !== caller.email) throw notFound('Order');
      if (order.status !== 'unpaid') {
        throw new AppError(
          409,
          order.status === 'cancelled' ? 'CONFLICT' : 'ALREADY_PAID',
          `This order is ${order.status}`,
        );
      }
      return { id: order.id, amountCents: order.price_cents, email: order.user_email };
    },

    /** The owner's order as stored (for payment checks). */
    async ownRow(id: string, caller: CurrentUser) {
      const order = await findOwnOrder(id, caller);
      if (order.user_email !== caller.email) throw notFound('Order');
      return order;
    },

    /** Any order as stored, for the payment side's own checks (webhooks, expiry): no caller. */
    async row(id: string): Promise<OrderRow | undefined> {
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
      if (updated) return { order: toOrder(row), changed: true };
      if (row.transaction_id === transactionId) return { order: toOrder(row), changed: false };
      throw new AppError(
        409,
        'ALREADY_PAID',
        `This order is ${row.status} and cannot be paid again`,
      );
    },

    /** An admin marks a paid order shipped. */
    async ship(id: string, caller: CurrentUser): Promise<Order> {
      const order = await findOwnOrder(id, caller);
      const shipped = await db
        .updateTable('orders')
        .set({ status: 'shipped' })
        .where('id', '=', order.id)
        .where('status', '=', 'paid')
        .returning('id')
        .executeTakeFirst();
      if (!shipped)
        throw new AppError(
          409,
          'CONFLICT',
          `Only a paid order can be shipped; this one is ${order.status}`,
        );
      return toOrder(await selectOrders().where('id', '=', order.id).executeTakeFirstOrThrow());
    },
  };
}

export type OrdersService = ReturnType<typeof createOrdersService>;
