import {
  isPastNeededBy,
  messages,
  normaliseDestination,
  type Order,
  ORDER_TOTAL_MAX_CENTS,
  type Purchase,
} from '@shop/shared';
import { type Kysely, sql } from 'kysely';
import type { CurrentUser } from '../../auth/identity';
import type { Database, OrderRow } from '../../db/schema';
import { AppError } from '../../lib/errors';
import type { ShopEvents } from '../../lib/metrics';
import { isUniqueViolation } from '../../db/pg-errors';
import { type OrderCents, catalogueLines, figuresFor, type RulesReader } from '../shipping';
import { type PricedWantedLine, reserve, type WantedLine } from '../catalogue';
import { presentOne } from './orders.presenter';
import { selectOrders } from './orders.queries';
import {
  type CheckoutLine,
  fingerprintOf,
  type OrderRequest,
  orderTotalTooLarge,
  purchaseRefusal,
  type PurchaseRefusalOptions,
  shortLines,
  signInAgain,
  tooManyUnpaidOrders,
} from './orders.placement-refusals';

/** The answer of a placement: the order, and whether an earlier request placed it (same key). */
export type { CheckoutLine, OrderRequest } from './orders.placement-refusals';

export interface Placed {
  order: Order;
  replayed: boolean;
}

/** The cart, read and emptied by a checkout inside the checkout's own transaction. */
export interface CheckoutCart {
  linesForCheckout(trx: Kysely<Database>, userId: string): Promise<CheckoutLine[]>;
  clear(trx: Kysely<Database>, userId: string): Promise<void>;
}

export interface PlacementOptions {
  /** The catalogue, read through its own module (why a purchase was refused; app.ts wires it). */
  tools: PurchaseRefusalOptions['tools'];
  /** The customer's cart, which a checkout turns into one order. */
  cart: CheckoutCart;
  /** Called after a committed change to a tool's stock (the catalogue cache forgets it). */
  onStockChange?: () => void;
  /** Told of each order placed (the metrics). */
  events?: Pick<ShopEvents, 'orderPlaced'>;
  /** How long a new unpaid order holds its stock (UNPAID_ORDER_TTL_MINUTES). */
  unpaidOrderTtlMinutes: number;
  /** How many unpaid orders one customer may hold at once (MAX_UNPAID_ORDERS). */
  maxUnpaidOrders: number;
  /** The destinations' shipping and tax rules, kept in memory by the app; else read each time. */
  shippingRules?: RulesReader;
}

/**
 * Where an order's lines come from, and how a refusal is worded for the customer who asked.
 * Everything else (the needed-by day, the key, the buyer's limit, the stock, the total, the
 * writing of the order) is `place`'s, the same for both.
 */
interface LineSource {
  /** A cart's lines must be read, and the cart emptied, in the order's own transaction. */
  inTransaction: boolean;
  lines(executor: Kysely<Database>): Promise<WantedLine[]>;
  placed?(executor: Kysely<Database>): Promise<void>;
  refusal(): Promise<AppError>;
}

/**
 * Places orders. An order is placed by one statement (one round trip, atomic on its own; the
 * purchase page's path, decision 013):
 * 1. it locks the buyer's row, only if they hold fewer than MAX_UNPAID_ORDERS unpaid orders and
 *    have not used this Idempotency-Key. A placement blocked on that lock re-reads the row once
 *    it is free, so its count is the one the other placement left (the count of orders itself
 *    would be read as it was when the statement began);
 * 2. it takes the stock of every line or of none (`reserve`, the inventory's), only if each is on
 *    sale and within its bounds and the total within ORDER_TOTAL_MAX_CENTS (so concurrent buyers
 *    never oversell, and no total overflows);
 * 3. it writes the order and its lines from the rows it took, with the prices and the pay-by
 *    time set here, and the key with them (a crash keeps all or none).
 * Only a refused placement reads again, to say why. Same key twice at once: the second trips
 * over the key's primary key and answers the first one's order. A checkout runs the statement
 * in a transaction that first holds the buyer's row (one checkout of theirs at a time, so it
 * reads the cart the one before left), reads the cart and, once placed, empties it.
 */
export function createPlacement(db: Kysely<Database>, options: PlacementOptions) {
  /** The order an earlier request with this key placed, if any (or a 422 for another order). */
  async function earlierOrder(
    executor: Kysely<Database>,
    buyer: CurrentUser,
    key: string,
    fingerprint: string,
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

  /** The one statement that places an order of `lines` (see above); undefined when refused. */
  async function placeLines(
    executor: Kysely<Database>,
    buyer: CurrentUser,
    request: OrderRequest,
    lines: PricedWantedLine[],
    figures: OrderCents,
    keyed?: { key: string; fingerprint: string },
  ): Promise<OrderRow | undefined> {
    const perLine = sql.join(
      figures.lines.map(
        (line) =>
          sql`(${line.toolId}::uuid, ${line.taxRate}::numeric, ${line.taxCents}::int,
            ${line.shippingCents}::int, ${line.shippingTaxCents}::int)`,
      ),
    );
    const { method } = figures;
    const unusedKey = keyed
      ? sql`and not exists (select 1 from purchase_keys
          where purchase_keys.user_id = ${buyer.id} and purchase_keys.key = ${keyed.key})`
      : sql``;
    const keeping = keyed
      ? sql`, keyed as (
          insert into purchase_keys (user_id, key, fingerprint, order_id)
          select placed.user_id, ${keyed.key}, ${keyed.fingerprint}, placed.id from placed
        )`
      : sql``;
    const statement = sql<OrderRow>`with buyer as (
        select users.id from users
        where users.id = ${buyer.id} and users.unpaid_orders < ${options.maxUnpaidOrders}
          ${unusedKey}
        for no key update
      ),
      ${reserve(lines, {
        when: sql`exists (select 1 from buyer)`,
        // bigint: the products of two integers must not overflow before they are compared.
        allowed: sql`coalesce(sum(stock.price_cents::bigint * stock.quantity), 0) <= ${ORDER_TOTAL_MAX_CENTS}`,
      })},
      figures (tool_id, tax_rate, tax_cents, shipping_cents, shipping_tax_cents) as (
        values ${perLine}),
      placed as (
        insert into orders (tool_id, tool_name, tool_img, user_id, user_name, user_email, phone,
          address, quantity, unit_price_cents, price_cents, available_after, line_count,
          needed_by, pay_by, recipient, ship_country, ship_region, ship_city, ship_postal_code,
          shipping_method_id, shipping_method, delivery_min_days, delivery_max_days,
          shipping_cents, tax_cents, shipping_tax_cents, tax_rate, tax_name, prices_include_tax)
        select first.id,
          -- The name an order of several tools goes by in lists: "NVMe SSD 1TB M.2 + 2 more".
          case when taken.lines = 1 then first.name
            else first.name || ' + ' || (taken.lines - 1) || ' more' end,
          first.img, ${buyer.id}, ${buyer.name}, ${buyer.email}, ${request.phone},
          ${request.address}, taken.units,
          -- A one-line order is its own line (migration 0012).
          case when taken.lines = 1 then first.price_cents end, ${figures.totalCents}::int,
          case when taken.lines = 1 then first.available_after end, taken.lines,
          ${request.neededBy ?? null}::date,
          now() + make_interval(mins => ${options.unpaidOrderTtlMinutes}),
          ${request.recipient ?? buyer.name}, ${request.country}, ${request.region ?? null},
          ${request.city}, ${request.postalCode ?? null}, ${method.id}::uuid, ${method.name},
          ${method.minDays}::int, ${method.maxDays}::int, ${figures.shippingCents}::int,
          ${figures.taxCents}::int,
          ${figures.shippingTaxCents}::int, ${figures.taxRate}::numeric,
          ${figures.taxName},
          ${figures.pricesIncludeTax}
        from (select count(*)::int as lines, sum(quantity)::int as units from reserved) taken
          cross join (select * from reserved order by position limit 1) first
        returning *
      ),
      lined as (
        insert into order_lines (order_id, position, tool_id, tool_name, tool_title, tool_img,
          quantity, unit_price_cents, price_cents, available_after, tax_rate, tax_cents,
          shipping_cents, shipping_tax_cents)
        select placed.id, reserved.position, reserved.id, reserved.name,
          coalesce(nullif(reserved.title, ''), reserved.name), reserved.img,
          reserved.quantity, reserved.price_cents, reserved.price_cents * reserved.quantity,
          reserved.available_after, figures.tax_rate, figures.tax_cents, figures.shipping_cents,
          figures.shipping_tax_cents
        from placed cross join reserved join figures on figures.tool_id = reserved.id
      )${keeping}
      select placed.*, placed.needed_by::text as needed_by from placed`;
    try {
      return (await statement.execute(executor)).rows[0];
    } catch (error) {
      // The same key at once: the first request's order is the answer (read by the caller). Not
      // in a checkout: the buyer's row, held first, puts the second after the first's commit.
      if (keyed && !executor.isTransaction && isUniqueViolation(error, 'purchase_keys_pkey')) {
        return undefined;
      }
      throw error;
    }
  }

  const oneTool = (input: Purchase, buyer: CurrentUser): LineSource => ({
    inTransaction: false,
    lines: async () => [{ toolId: input.toolId, quantity: input.quantity, position: 0 }],
    refusal: () => purchaseRefusal(db, options, input, buyer),
  });

  /**
   * The cart's lines, its tools locked in id order, after the buyer's row: the lock order of
   * every stock writer. A refused checkout names the short lines.
   */
  function theCart(buyer: CurrentUser): LineSource {
    let holder: { unpaid_orders: number } | undefined;
    let lines: CheckoutLine[] = [];
    return {
      inTransaction: true,
      async lines(trx) {
        holder = await trx
          .selectFrom('users')
          .select('unpaid_orders')
          .where('id', '=', buyer.id)
          .forNoKeyUpdate()
          .executeTakeFirst();
        if (!holder) return [];
        lines = (await options.cart.linesForCheckout(trx, buyer.id)).sort(
          (a, b) => a.position - b.position,
        );
        return lines.map(({ toolId, quantity, position }) => ({ toolId, quantity, position }));
      },
      placed: (trx) => options.cart.clear(trx, buyer.id),
      async refusal() {
        if (!holder) return signInAgain();
        if (holder.unpaid_orders >= options.maxUnpaidOrders) {
          return tooManyUnpaidOrders(options.maxUnpaidOrders);
        }
        if (lines.length === 0) {
          return new AppError('CONFLICT', 'Your cart is empty. Add a tool before checking out.');
        }
        return shortLines(lines) ?? orderTotalTooLarge();
      },
    };
  }

  /** How many times a purchase is priced again when a price moved under it. */
  const PRICING_ATTEMPTS = 3;

  /**
   * The one way an order is placed, from the purchase page (one tool) or the cart: the
   * needed-by day, the Idempotency-Key, the destination and its shipping and tax, the buyer's
   * unpaid orders, the stock and the total, in one statement (and, for a cart, one
   * transaction). The figures are computed from the lines as the catalogue sells them, and the
   * statement takes the stock only at those prices: a price changed in between (a purchase,
   * whose tools are not locked first) prices the order again.
   */
  async function place(asked: OrderRequest, buyer: CurrentUser, key?: string): Promise<Placed> {
    // The shop's calendar (packages/shared), the one the forms check against.
    if (asked.neededBy && isPastNeededBy(asked.neededBy, new Date())) {
      const message = messages.validation.neededByPast;
      throw new AppError('VALIDATION_FAILED', message, { neededBy: [message] });
    }
    const request = normaliseDestination(asked);
    const keyed = key === undefined ? undefined : { key, fingerprint: fingerprintOf(request) };
    const source = request.from === 'tool' ? oneTool(request, buyer) : theCart(buyer);
    const earlier = async (executor: Kysely<Database>) =>
      keyed && (await earlierOrder(executor, buyer, keyed.key, keyed.fingerprint));
    const attempt = async (executor: Kysely<Database>) => {
      const lines = await source.lines(executor);
      for (let pricing = 1; lines.length > 0; pricing += 1) {
        const priced = await catalogueLines(executor, lines);
        if (!priced) break;
        let figures: OrderCents;
        try {
          figures = await figuresFor(executor, priced, request, options.shippingRules);
        } catch (error) {
          // A retry of a placed order answers it, whatever the shipping rules say since.
          const before = await earlier(executor);
          if (before) return { row: before, replayed: true };
          throw error;
        }
        if (figures.totalCents > ORDER_TOTAL_MAX_CENTS) break;
        const row = await placeLines(executor, buyer, request, priced, figures, keyed);
        if (row) {
          await source.placed?.(executor);
          return { row, replayed: false };
        }
        const now = await catalogueLines(executor, lines);
        const moved = now?.some((line, i) => {
          const then = priced[i]!;
          return (
            line.unitPriceCents !== then.unitPriceCents ||
            line.weightGrams !== then.weightGrams ||
            line.shippingClass !== then.shippingClass
          );
        });
        if (!moved) break;
        if (pricing === PRICING_ATTEMPTS) {
          const before = await earlier(executor);
          if (before) return { row: before, replayed: true };
          throw new AppError(
            'PRICES_CHANGED',
            'The price of a part changed while you ordered. Please check the new total and order again.',
          );
        }
      }
      const before = await earlier(executor);
      if (before) return { row: before, replayed: true };
      throw await source.refusal();
    };
    const { row, replayed } = source.inTransaction
      ? await db.transaction().execute(attempt)
      : await attempt(db);
    if (!replayed) {
      options.onStockChange?.();
      options.events?.orderPlaced();
    }
    return { order: await presentOne(row, db), replayed };
  }

  return { place };
}
