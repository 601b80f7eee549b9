import { type Kysely, type RawBuilder, sql } from 'kysely';
import type { Database } from '../../db/schema';

/**
 * The one owner of a tool's stock (`tools.available_quantity`) as orders take and give it back.
 * Both run inside the caller's transaction: stock moves with the order that moves it, or not at
 * all. Tools are always locked in id order, the lock order of every stock writer, after the
 * buyer's row (see modules/orders/orders.placement.ts), so no two writers can deadlock.
 */

/** A line of an order being placed: units of a tool, at its place in the order. */
export interface WantedLine {
  toolId: string;
  quantity: number;
  position: number;
}

/**
 * A wanted line as it was priced: the unit price, weight and shipping class its figures (tax,
 * shipping) were computed from. The stock is taken only if the tool still has them.
 */
export interface PricedWantedLine extends WantedLine {
  unitPriceCents: number;
  weightGrams: number;
  shippingClass: string;
}

/** Units of a tool going back to stock. */
export interface ReturnedUnits {
  toolId: string;
  units: number;
}

/**
 * Takes the stock of every wanted line, or of none, as the `WITH` clauses of the caller's one
 * statement (a purchase is one round trip; decision 013). It locks the lines' tools in id order,
 * only `when` the caller allows it (it holds the buyer), and takes their units only if each tool
 * is on sale at the price, weight and shipping class its figures were computed from, each
 * quantity within the tool's minimum and its stock, and `allowed` holds over
 * the locked lines (`stock`: the order's total). The locked rows are the newest ones, so the check
 * is the one the update then makes: concurrent orders never oversell. The clauses end with
 * `reserved(id, name, title, img, price_cents, quantity, position, available_after)`, one row per
 * line taken, or none.
 */
export function reserve(
  lines: readonly PricedWantedLine[],
  { when, allowed }: { when: RawBuilder<boolean>; allowed: RawBuilder<boolean> },
): RawBuilder<unknown> {
  const wanted = sql.join(
    lines.map(
      (line) =>
        sql`(${line.toolId}::uuid, ${line.quantity}::int, ${line.position}::int,
          ${line.unitPriceCents}::int, ${line.weightGrams}::int, ${line.shippingClass}::text)`,
    ),
  );
  return sql`wanted (tool_id, quantity, position, price_cents, weight_grams, shipping_class) as (
      values ${wanted}),
    stock as (
      select tools.id, tools.price_cents, wanted.quantity, wanted.position
      from tools join wanted on wanted.tool_id = tools.id
      where ${when}
        and tools.retired_at is null
        and tools.price_cents = wanted.price_cents
        and tools.weight_grams = wanted.weight_grams
        and tools.shipping_class = wanted.shipping_class
        and tools.min_order_quantity <= wanted.quantity
        and tools.available_quantity >= wanted.quantity
      order by tools.id
      for no key update of tools
    ),
    complete as (
      select count(*) = ${lines.length} and ${allowed} as ok from stock
    ),
    reserved as (
      update tools set available_quantity = tools.available_quantity - stock.quantity
      from stock
      where tools.id = stock.id and (select ok from complete)
      returning tools.id, tools.name, tools.title, tools.img, tools.price_cents, stock.quantity,
        stock.position, tools.available_quantity as available_after
    )`;
}

/**
 * Gives units back to stock inside the caller's transaction (a cancel, an expiry, a refund
 * with restock): the tools locked in id order, then each one's units added.
 */
export async function release(trx: Kysely<Database>, returned: readonly ReturnedUnits[]) {
  if (returned.length === 0) return;
  await trx
    .selectFrom('tools')
    .select('id')
    .where(
      'id',
      'in',
      returned.map((line) => line.toolId),
    )
    .orderBy('id')
    .forNoKeyUpdate()
    .execute();
  for (const { toolId, units } of returned) {
    await trx
      .updateTable('tools')
      .set((eb) => ({ available_quantity: eb('available_quantity', '+', units) }))
      .where('id', '=', toolId)
      .execute();
  }
}
