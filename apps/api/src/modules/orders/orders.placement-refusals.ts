import { createHash } from 'node:crypto';
import {
  cartLineProblem,
  centsToDollars,
  dollarsToCents,
  formatMoney,
  messages,
  type CartLine,
  type Checkout,
  ORDER_TOTAL_MAX_CENTS,
  type Purchase,
} from '@shop/shared';
import type { Kysely } from 'kysely';
import type { CurrentUser } from '../../auth/identity';
import type { Database } from '../../db/schema';
import { AppError } from '../../lib/errors';

/*
 * What a placement (orders.placement.ts) tells its callers besides the order: the fingerprint
 * that tells a retry under the same Idempotency-Key from another order, and the words of each
 * refusal, read again only once the placement placed nothing.
 */

/**
 * What a customer orders: one tool from its purchase page, or everything in their cart. A
 * purchase is a one-line checkout: both are placed by `place`, under the same rules.
 */
export type OrderRequest = ({ from: 'tool' } & Purchase) | ({ from: 'cart' } & Checkout);

/** A cart line as a checkout takes it, its tool's row locked for the checkout's transaction. */
export interface CheckoutLine extends CartLine {
  unitPriceCents: number;
  /** The order the customer put it in the cart (the order's lines follow it). */
  position: number;
}

/** What a refused purchase reads again to say why. */
export interface PurchaseRefusalOptions {
  /** The catalogue, read through its own module (app.ts wires the tools service). */
  tools: {
    get(
      id: string,
    ): Promise<{ minOrderQuantity: number; availableQuantity: number; price: number }>;
  };
  maxUnpaidOrders: number;
}

export const orderTotalTooLarge = () => {
  const message = `An order can total at most ${formatMoney(centsToDollars(ORDER_TOTAL_MAX_CENTS))}. Please order fewer units.`;
  return new AppError('VALIDATION_FAILED', message, { quantity: [message] });
};

export const tooManyUnpaidOrders = (limit: number) =>
  new AppError(
    'TOO_MANY_UNPAID_ORDERS',
    `You have ${limit} unpaid ${limit === 1 ? 'order' : 'orders'}. Pay or cancel one before placing another.`,
  );

export const signInAgain = () => new AppError('UNAUTHENTICATED', 'Please sign in again');

/**
 * What a request asked for, so a retry with the same key can be told from another order. A
 * checkout's lines are the cart's, which the first checkout emptied, so its retry is told apart
 * by its delivery details; the prefix keeps it apart from any purchase.
 */
export function fingerprintOf(request: OrderRequest) {
  const delivery = [
    request.phone,
    request.address,
    request.recipient ?? null,
    request.country,
    request.region ?? null,
    request.city,
    request.postalCode ?? null,
    request.shippingMethodId,
    request.neededBy ?? null,
  ];
  const asked =
    request.from === 'tool'
      ? [request.toolId, request.quantity, ...delivery]
      : ['checkout', ...delivery];
  return createHash('sha256').update(JSON.stringify(asked)).digest('base64url');
}

/** The words of a checkout refused for its lines: which tools, and why each. */
export function shortLines(lines: CheckoutLine[]): AppError | undefined {
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

/**
 * Why a purchase placed nothing: the tool is gone, the quantity is out of its bounds, the
 * total too large, the buyer holds too many unpaid orders, or the stock ran out.
 */
export async function purchaseRefusal(
  db: Kysely<Database>,
  options: {
    /** The catalogue, read through its own module (app.ts wires the tools service). */
    tools: {
      get(
        id: string,
      ): Promise<{ minOrderQuantity: number; availableQuantity: number; price: number }>;
    };
    maxUnpaidOrders: number;
  },
  input: Purchase,
  buyer: CurrentUser,
): Promise<AppError> {
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
  if (!holder) return signInAgain();
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
