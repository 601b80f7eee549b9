import type { Order, OrderStatus } from '@shop/shared';
import { type Kysely, sql } from 'kysely';
import type { Logger } from 'pino';
import type { CurrentUser } from '../../auth/identity';
import type { Database } from '../../db/schema';
import { AppError } from '../../lib/errors';
import { CURRENCY, type PaymentIntentInfo, type RefundReason } from './payment-provider';
import type { SandboxProvider } from './sandbox-provider';
import type { StripeProvider } from './stripe-provider';

export type AnyProvider = SandboxProvider | StripeProvider;

/** An order as payments see it: what it costs, whose it is, and the payment that paid it. */
export interface PayableOrder {
  id: string;
  status: OrderStatus;
  amountCents: number;
  /** The provider's payment that paid it (an intent id), once paid. */
  paymentId: string | null;
  buyerEmail: string;
}

/**
 * What payments ask of orders, in the order's terms (who may ask is in the name), wired by
 * app.ts: the orders module's service, and the order-paid flow's `markPaid`.
 */
export interface PaymentsOrders {
  /** An order its buyer or an admin acts on (a cancel, a refund); 404 for anyone else. */
  visibleTo(caller: CurrentUser, id: string): Promise<PayableOrder>;
  /** The buyer's own order (whose payment they confirm); 404 for anyone else, admins too. */
  ownedBy(buyer: CurrentUser, id: string): Promise<PayableOrder>;
  /** Any order, for the shop's own checks (a provider's event, the expiry): no caller. */
  anyOrder(id: string): Promise<PayableOrder | undefined>;
  /** The buyer's own order that can still be paid; 404 for anyone else, 409 once it cannot. */
  payableBy(buyer: CurrentUser, id: string): Promise<PayableOrder>;
  /** Marks an order paid by a verified payment, with its invoice (flows/order-paid.ts). */
  markPaid(
    id: string,
    paymentId: string,
    amountCents: number,
  ): Promise<{ order: Order; changed: boolean }>;
  /** Cancels an unpaid order in the database; its units return to stock. */
  cancel(id: string, caller: CurrentUser): Promise<Order>;
}

/** A refund of lines claimed by the orders' step, as payments keep it. */
export interface LineRefundClaim {
  key: string;
  intentId: string;
  amountCents: number;
}

export const notVerified = (reason: string) =>
  new AppError('PAYMENT_NOT_VERIFIED', `The payment could not be verified: ${reason}`);

/** The provider's word, not the browser's: succeeded, for this order, for its stored amount. */
export function verify(
  intent: PaymentIntentInfo | undefined,
  orderId: string,
  amountCents: number,
): asserts intent is PaymentIntentInfo {
  if (!intent) throw notVerified('no such payment');
  if (intent.orderId !== orderId) throw notVerified('it belongs to another order');
  if (intent.status !== 'succeeded') throw notVerified('it has not succeeded');
  if (intent.amountCents !== amountCents || intent.currency !== CURRENCY) {
    throw notVerified('the amount does not match the order');
  }
}

export const succeededFor = (intent: PaymentIntentInfo | undefined, orderId: string) =>
  intent?.status === 'succeeded' && intent.orderId === orderId;

/**
 * The payments' steps with the provider and their own tables (`order_payments`,
 * `payment_refunds`): what the service and the refund flow (flows/refund.ts) are made of.
 */
export function createPaymentSteps(db: Kysely<Database>, provider: AnyProvider, logger: Logger) {
  /** Asks the provider for a claimed refund (again, if need be) and keeps its answer. */
  async function giveBack(key: string) {
    const record = await db
      .selectFrom('payment_refunds')
      .selectAll()
      .where('key', '=', key)
      .executeTakeFirstOrThrow();
    if (record.provider_refund_id) return record.provider_refund_id;
    const refundId = await provider.refund(
      record.intent_id,
      record.amount_cents,
      record.reason as RefundReason,
      key,
    );
    await db
      .updateTable('payment_refunds')
      .set({ provider_refund_id: refundId })
      .where('key', '=', key)
      .execute();
    return refundId;
  }

  /**
   * Gives back what is left of a succeeded payment (all of it, less the refunds of lines), once
   * per intent: the row claims the refund under the intent's id, the provider refunds once per
   * key however often it is asked, so a claim left unfinished (a racing request, or a process
   * that stopped) is simply asked again. Nothing left: nothing to ask.
   */
  async function refundRest(intent: PaymentIntentInfo, orderId: string, reason: RefundReason) {
    const claimed = await sql<{ amount_cents: number }>`
      insert into payment_refunds (key, intent_id, order_id, provider, amount_cents, reason)
      select ${intent.id}::text, ${intent.id}::text, ${orderId}::uuid, ${provider.name}::text,
        rest, ${reason}::text
      from (select ${intent.amountCents}::integer - coalesce(sum(amount_cents), 0)::integer as rest
        from payment_refunds where intent_id = ${intent.id}) as left_to_give
      where rest > 0
      on conflict (key) do nothing
      returning amount_cents`.execute(db);
    const exists = await db
      .selectFrom('payment_refunds')
      .select('key')
      .where('key', '=', intent.id)
      .executeTakeFirst();
    if (!exists) return undefined;
    const refundId = await giveBack(intent.id);
    const amountCents = claimed.rows[0]?.amount_cents;
    if (amountCents !== undefined) {
      logger.warn(
        { orderId, intentId: intent.id, amountCents, reason, refundId },
        'payment refunded',
      );
    }
    return refundId;
  }

  return {
    giveBack,
    refundRest,

    /** The intents this provider made for an order, oldest first. */
    async intentsOf(orderId: string) {
      const rows = await db
        .selectFrom('order_payments')
        .select('intent_id')
        .where('order_id', '=', orderId)
        // Intents of another provider (test mode before Stripe was set up) are not this one's.
        .where('provider', '=', provider.name)
        .orderBy('created_at')
        .execute();
      return rows.map((row) => row.intent_id);
    },

    /** Cancels an intent of a closed order; one that succeeded anyway is refunded. */
    async closeIntent(intentId: string, orderId: string, reason: RefundReason) {
      const intent = await provider.cancelIntent(intentId);
      if (intent && succeededFor(intent, orderId)) await refundRest(intent, orderId, reason);
    },

    /** The payment that paid an order, checked with the provider: succeeded, for its amount. */
    async verifiedPayment(order: PayableOrder): Promise<PaymentIntentInfo> {
      if (!order.paymentId) throw notVerified('the order has no payment');
      const intent = await provider.retrieveIntent(order.paymentId);
      verify(intent, order.id, order.amountCents);
      return intent;
    },

    /**
     * Keeps a claimed refund of lines inside the claim's transaction, once per key: asked again,
     * the claim answers what was kept the first time.
     */
    async recordLineRefund<Claim extends LineRefundClaim>(
      trx: Kysely<Database>,
      orderId: string,
      claim: Claim,
    ): Promise<Claim> {
      await trx
        .insertInto('payment_refunds')
        .values({
          key: claim.key,
          intent_id: claim.intentId,
          order_id: orderId,
          provider: provider.name,
          amount_cents: claim.amountCents,
          reason: 'requested_by_admin',
        })
        .onConflict((oc) => oc.column('key').doNothing())
        .execute();
      const kept = await trx
        .selectFrom('payment_refunds')
        .select('amount_cents')
        .where('key', '=', claim.key)
        .executeTakeFirstOrThrow();
      return { ...claim, amountCents: kept.amount_cents };
    },

    /** Asks the provider for a kept refund of lines (again, under the same key, if need be). */
    async giveBackLines(orderId: string, claim: LineRefundClaim) {
      const refundId = await giveBack(claim.key);
      logger.warn(
        { orderId, intentId: claim.intentId, amountCents: claim.amountCents, refundId },
        'order lines refunded',
      );
    },
  };
}

export type PaymentSteps = ReturnType<typeof createPaymentSteps>;
