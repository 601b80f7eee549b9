import {
  type Cart,
  type CartLine,
  type CartLineAdd,
  CART_LINES_MAX,
  centsToDollars,
  messages,
  titleOf,
} from '@shop/shared';
import { type Kysely, sql } from 'kysely';
import type { Database } from '../../db/schema';
import { AppError, notFound } from '../../lib/errors';
import { holdAccount } from '../users';

/** A cart line as a checkout takes it, its tool's row locked for the checkout's transaction. */
export interface CheckoutLine extends CartLine {
  unitPriceCents: number;
  /** The order the customer put it in the cart (the order's lines follow it). */
  position: number;
}

/**
 * The cart's lines with their tools as they are now. The cart reads `tools` in the same query
 * (price, stock, on sale or not), as a purchase takes its stock in the same statement: a
 * cart is only ever shown at today's prices (docs/architecture.md).
 */
const selectLines = (executor: Kysely<Database>, userId: string) =>
  executor
    .selectFrom('cart_lines')
    .innerJoin('tools', 'tools.id', 'cart_lines.tool_id')
    .select([
      'cart_lines.tool_id',
      'cart_lines.quantity',
      'cart_lines.added_unit_price_cents',
      'cart_lines.added_at',
      'tools.name',
      'tools.title',
      'tools.img',
      'tools.price_cents',
      'tools.min_order_quantity',
      'tools.available_quantity',
      sql<boolean>`tools.retired_at is null`.as('on_sale'),
    ])
    .where('cart_lines.user_id', '=', userId);

type LineRow = Awaited<ReturnType<ReturnType<typeof selectLines>['execute']>>[number];

const toLine = (row: LineRow): CartLine => ({
  toolId: row.tool_id,
  name: row.name,
  title: titleOf(row),
  img: row.img,
  quantity: row.quantity,
  unitPrice: centsToDollars(row.price_cents),
  addedUnitPrice: centsToDollars(row.added_unit_price_cents),
  price: centsToDollars(row.price_cents * row.quantity),
  minOrderQuantity: row.min_order_quantity,
  availableQuantity: row.available_quantity,
  onSale: row.on_sale,
});

/** A quantity the tool can be bought in now, or the refusal the product's notice words. */
function checkQuantity(
  quantity: number,
  tool: { min_order_quantity: number; available_quantity: number },
) {
  const notice = messages.quantityNotice(tool.min_order_quantity, tool.available_quantity);
  if (quantity < tool.min_order_quantity) {
    throw new AppError('VALIDATION_FAILED', notice, { quantity: [notice] });
  }
  if (quantity > tool.available_quantity) {
    throw new AppError('OUT_OF_STOCK', `Not enough stock left. ${notice}`, {
      quantity: [notice],
    });
  }
}

/**
 * A signed-in customer's cart, kept on the server so every device shows the same one. Prices,
 * stock and whether a tool is on sale are read from the catalogue at every answer; the line
 * keeps only the quantity and the unit price it was last added at. The cart owns `cart_lines`.
 */
export function createCartService(db: Kysely<Database>, maxLines = CART_LINES_MAX) {
  async function view(userId: string, executor: Kysely<Database> = db): Promise<Cart> {
    const rows = await selectLines(executor, userId)
      .orderBy('cart_lines.added_at')
      .orderBy('cart_lines.tool_id')
      .execute();
    const lines = rows.map(toLine);
    return {
      lines,
      itemCount: lines.reduce((sum, line) => sum + line.quantity, 0),
      subtotal: centsToDollars(
        rows
          .filter((row) => row.on_sale)
          .reduce((sum, row) => sum + row.price_cents * row.quantity, 0),
      ),
    };
  }

  /**
   * One change of the customer's cart, in a transaction that holds their user row, so two
   * changes of one cart at once (two tabs) are made one after the other.
   */
  const changing = <T>(userId: string, change: (trx: Kysely<Database>) => Promise<T>) =>
    db.transaction().execute(async (trx) => {
      await holdAccount(trx, userId);
      await change(trx);
      return view(userId, trx);
    });

  const lineOf = (trx: Kysely<Database>, userId: string, toolId: string) =>
    trx
      .selectFrom('cart_lines')
      .select('quantity')
      .where('user_id', '=', userId)
      .where('tool_id', '=', toolId)
      .executeTakeFirst();

  return {
    view: (userId: string) => view(userId),

    /**
     * Adds units of a tool on sale to the cart (making its line): the line's quantity must stay
     * within the tool's minimum and its stock, and a cart holds at most `maxLines` tools.
     */
    add(userId: string, input: CartLineAdd): Promise<Cart> {
      return changing(userId, async (trx) => {
        const tool = await trx
          .selectFrom('tools')
          .select(['price_cents', 'min_order_quantity', 'available_quantity'])
          .where('id', '=', input.toolId)
          .where('retired_at', 'is', null)
          .executeTakeFirst();
        if (!tool) throw notFound('Tool');
        const line = await lineOf(trx, userId, input.toolId);
        if (!line) {
          const { count } = await trx
            .selectFrom('cart_lines')
            .select(sql<number>`count(*)::int`.as('count'))
            .where('user_id', '=', userId)
            .executeTakeFirstOrThrow();
          if (count >= maxLines) {
            throw new AppError('CONFLICT', messages.cartFull(maxLines));
          }
        }
        const quantity = (line?.quantity ?? 0) + input.quantity;
        checkQuantity(quantity, tool);
        await trx
          .insertInto('cart_lines')
          .values({
            user_id: userId,
            tool_id: input.toolId,
            quantity,
            added_unit_price_cents: tool.price_cents,
          })
          .onConflict((conflict) =>
            conflict.columns(['user_id', 'tool_id']).doUpdateSet({
              quantity,
              added_unit_price_cents: tool.price_cents,
            }),
          )
          .execute();
      });
    },

    /** Sets a line's quantity, within the tool's minimum and its stock (404 without the line). */
    update(userId: string, toolId: string, quantity: number): Promise<Cart> {
      return changing(userId, async (trx) => {
        const line = await selectLines(trx, userId)
          .where('cart_lines.tool_id', '=', toolId)
          .executeTakeFirst();
        if (!line) throw notFound('Cart line');
        if (!line.on_sale) {
          throw new AppError('CONFLICT', `${line.name} is no longer available. Remove it.`);
        }
        checkQuantity(quantity, line);
        await trx
          .updateTable('cart_lines')
          .set({ quantity, added_unit_price_cents: line.price_cents })
          .where('user_id', '=', userId)
          .where('tool_id', '=', toolId)
          .execute();
      });
    },

    /** Removes a line; removing a line the cart does not hold changes nothing. */
    remove(userId: string, toolId: string): Promise<Cart> {
      return changing(userId, async (trx) => {
        await trx
          .deleteFrom('cart_lines')
          .where('user_id', '=', userId)
          .where('tool_id', '=', toolId)
          .execute();
      });
    },

    /**
     * The cart as a checkout takes it, inside the checkout's transaction: its tools' rows
     * locked in id order (the lock order every stock writer keeps; see tools/inventory.ts).
     */
    async linesForCheckout(trx: Kysely<Database>, userId: string): Promise<CheckoutLine[]> {
      const rows = await selectLines(trx, userId)
        .orderBy('tools.id')
        .forNoKeyUpdate('tools')
        .execute();
      const byAdded = [...rows].sort(
        (a, b) => a.added_at.getTime() - b.added_at.getTime() || a.tool_id.localeCompare(b.tool_id),
      );
      return rows.map((row) => ({
        ...toLine(row),
        unitPriceCents: row.price_cents,
        position: byAdded.indexOf(row),
      }));
    },

    /** Empties the cart, inside the checkout that ordered it. */
    async clear(trx: Kysely<Database>, userId: string): Promise<void> {
      await trx.deleteFrom('cart_lines').where('user_id', '=', userId).execute();
    },
  };
}

export type CartService = ReturnType<typeof createCartService>;
