import { type Order, type SandboxCardPayment } from '@shop/shared';
import type { Kysely } from 'kysely';
import type { Logger } from 'pino';
import type { CurrentUser } from '../../auth/identity';
import type { Database } from '../../db/schema';
import { AppError } from '../../lib/errors';
import type { PaymentFailure, ShopEvents } from '../../lib/metrics';
import type { PaymentIntentInfo, RefundReason } from './payment-provider';
import {
  type AnyProvider,
  createPaymentSteps,
  type PayableOrder,
  type PaymentsOrders,
  succeededFor,
  verify,
} from './payment-steps';

export type { AnyProvider } from './payment-steps';

/** The database half of an expiry: cancels the unpaid order and returns its stock, if due. */
export type ExpireInDatabase = (orderId: string) => Promise<boolean>;

/** Paid once, whatever happened since (shipped, delivered, or refunded by an admin). */
const isPaid = (status: string) => status !== 'unpaid' && status !== 'cancelled';
/** Cancelled (or expired, however the orders side names it): it will never be delivered. */
const isClosed = (status: string) => status === 'cancelled';

/** The refusals of a payment attempt that the metrics count as failed payments. */
const failures: Partial<Record<string, PaymentFailure>> = {
  CARD_ERROR: 'declined',
  PAYMENT_NOT_VERIFIED: 'not_verified',
  PAYMENT_PROVIDER_UNAVAILABLE: 'provider_unavailable',
};

/** How the provider left an order's payments when asked to cancel them all. */
type Settlement = 'open' | 'paid' | 'pending';

export function createPaymentsService(
  db: Kysely<Database>,
  provider: AnyProvider,
  orders: PaymentsOrders,
  logger: Logger,
  events?: Pick<ShopEvents, 'paymentFailed'>,
) {
  /** A payment attempt (intent, card, confirmation): a refusal that is a failed payment counts. */
  async function attempt<T>(work: () => Promise<T>): Promise<T> {
    try {
      return await work();
    } catch (error) {
      const failure = error instanceof AppError ? failures[error.code] : undefined;
      if (failure) events?.paymentFailed(failure);
      throw error;
    }
  }

  const steps = createPaymentSteps(db, provider, logger);
  const { intentsOf, closeIntent } = steps;

  /**
   * Before an unpaid order closes: cancel every intent it has. One that already succeeded (for
   * this order and its amount) wins, and the order is paid instead.
   */
  async function settle(order: PayableOrder): Promise<Settlement> {
    let pending = false;
    for (const intentId of await intentsOf(order.id)) {
      const intent = await provider.cancelIntent(intentId);
      if (!intent || intent.status === 'canceled') continue;
      if (intent.status !== 'succeeded') {
        pending = true; // e.g. Stripe's 'processing': it may still succeed
        continue;
      }
      try {
        verify(intent, order.id, order.amountCents);
        await orders.markPaid(order.id, intent.id, intent.amountCents);
        return 'paid';
      } catch (error) {
        // Not this order's price, or the order changed meanwhile: the sweep after the close
        // refunds it.
        logger.warn({ err: error, orderId: order.id, intentId }, 'payment not applied at cancel');
      }
    }
    return pending ? 'pending' : 'open';
  }

  /**
   * After an order closed: an intent made meanwhile (the page opened while the cancel ran) is
   * cancelled, or refunded if it succeeded. Errors are logged: the order is already closed, and
   * a payment that succeeds later is refunded when it is reported.
   */
  async function sweep(orderId: string, reason: RefundReason) {
    for (const intentId of await intentsOf(orderId)) {
      try {
        await closeIntent(intentId, orderId, reason);
      } catch (error) {
        logger.error(
          { err: error, orderId, intentId },
          'could not settle a closed order’s payment',
        );
      }
    }
  }

  /** A succeeded payment for an order that is cancelled, or paid by another payment. */
  async function refundUnwanted(order: PayableOrder, intent: PaymentIntentInfo) {
    const reason = isPaid(order.status) ? 'duplicate_payment' : 'order_cancelled';
    await steps.refundRest(intent, order.id, reason);
    return reason;
  }

  const refundedAnswer = (reason: RefundReason) =>
    reason === 'duplicate_payment'
      ? new AppError(
          'ALREADY_PAID',
          'This order was already paid, so this second payment has been refunded',
        )
      : new AppError(
          'ORDER_CANCELLED',
          'This order was cancelled, so your payment has been refunded',
        );

  /** `PATCH` for an order that will not be paid by this intent: refund it if it is this order's. */
  async function refuseClosed(order: PayableOrder, intent: PaymentIntentInfo | undefined) {
    if (succeededFor(intent, order.id) && order.paymentId !== intent!.id) {
      throw refundedAnswer(await refundUnwanted(order, intent!));
    }
    if (isPaid(order.status)) {
      throw new AppError('ALREADY_PAID', `This order is ${order.status} and cannot be paid again`);
    }
    throw new AppError('ORDER_CANCELLED', 'This order was cancelled and cannot be paid');
  }

  const service = {
    provider,
    // The steps the refund flow (flows/refund.ts) composes with the orders' and the invoices'.
    verifiedPayment: steps.verifiedPayment,
    refundRest: steps.refundRest,
    recordLineRefund: steps.recordLineRefund,
    giveBackLines: steps.giveBackLines,

    async createIntent(orderId: string, caller: CurrentUser) {
      const order = await orders.payableBy(caller, orderId);
      const { intentId, clientSecret } = await provider.createIntent({
        orderId: order.id,
        amountCents: order.amountCents,
        email: order.buyerEmail,
      });
      await db
        .insertInto('order_payments')
        .values({
          intent_id: intentId,
          order_id: order.id,
          provider: provider.name,
          amount_cents: order.amountCents,
        })
        .onConflict((oc) => oc.column('intent_id').doNothing())
        .execute();
      // A cancel that ran while this intent was made could not see it: close it here.
      const now = await orders.anyOrder(order.id);
      if (now && now.status !== 'unpaid') {
        if (isClosed(now.status)) await closeIntent(intentId, order.id, 'order_cancelled');
        await orders.payableBy(caller, orderId); // throws the order's 409
      }
      return { clientSecret };
    },

    /** `PATCH /api/purchase/{id}`: paid only after the provider confirms it. */
    async confirm(orderId: string, transactionId: string, caller: CurrentUser): Promise<Order> {
      const order = await orders.ownedBy(caller, orderId);
      const intent = await provider.retrieveIntent(transactionId);
      if (order.status !== 'unpaid' && order.paymentId !== transactionId) {
        await refuseClosed(order, intent);
      }
      verify(intent, order.id, order.amountCents);
      try {
        return (await orders.markPaid(order.id, transactionId, order.amountCents)).order;
      } catch (error) {
        // Cancelled (or paid otherwise) while we asked the provider.
        const now = await orders.anyOrder(order.id);
        if (now && now.status !== 'unpaid') await refuseClosed(now, intent);
        throw error;
      }
    },

    sandboxConfirm(payment: SandboxCardPayment, caller: CurrentUser) {
      if (provider.name !== 'sandbox')
        throw new AppError('NOT_FOUND', 'Test mode is off on this shop');
      // Only the buyer's own order can be paid with its client secret.
      return provider.confirmCard(payment, (orderId) =>
        orders.ownedBy(caller, orderId).then(
          () => true,
          () => false,
        ),
      );
    },

    /**
     * `POST /api/purchase/{id}/cancel`: the provider is settled first, so a payment that got
     * there first makes the order paid (409), and no payment can start once it is cancelled.
     */
    async cancelOrder(id: string, caller: CurrentUser): Promise<Order> {
      // Who may cancel is checked before the provider is touched: the buyer, or an admin.
      const order = await orders.visibleTo(caller, id);
      if (order.status === 'unpaid') {
        const settlement = await settle(order);
        if (settlement === 'paid') {
          throw new AppError(
            'ALREADY_PAID',
            'This order has just been paid and can no longer be cancelled',
          );
        }
        if (settlement === 'pending') {
          throw new AppError(
            'PAYMENT_PENDING',
            'A payment for this order is still being processed. Try again in a minute.',
          );
        }
      }
      const cancelled = await orders.cancel(id, caller);
      await sweep(order.id, 'order_cancelled');
      return cancelled;
    },

    /**
     * The expiry job's step for one due order: settle with the provider, then the database's
     * expiry, then the sweep. False when the order was paid, a payment is still in flight, or the
     * provider could not be reached (the next run tries again).
     */
    async expireOrder(orderId: string, expireInDatabase: ExpireInDatabase): Promise<boolean> {
      const order = await orders.anyOrder(orderId);
      if (!order || order.status !== 'unpaid') return false;
      let settlement: Settlement;
      try {
        settlement = await settle(order);
      } catch (error) {
        logger.warn({ err: error, orderId }, 'expiry postponed: the payment could not be settled');
        return false;
      }
      if (settlement !== 'open') {
        logger.info({ orderId, settlement }, 'unpaid order not expired: a payment came first');
        return false;
      }
      const expired = await expireInDatabase(orderId);
      if (expired) await sweep(orderId, 'order_expired');
      return expired;
    },

    /**
     * Stripe's signed events. Only `payment_intent.succeeded` counts, and the intent is asked of
     * Stripe itself: it pays its unpaid order once, and is refunded when its order was cancelled
     * or already paid by another payment.
     */
    async handleWebhook(
      rawBody: string,
      signature: string | undefined,
    ): Promise<{ changed: boolean; refunded?: true }> {
      if (provider.name !== 'stripe')
        throw new AppError('NOT_FOUND', 'Stripe is not set up on this shop');
      let event;
      try {
        event = provider.parseWebhook(rawBody, signature ?? '');
      } catch {
        throw new AppError('BAD_REQUEST', 'Invalid webhook signature');
      }
      // With Stripe a card is refused in the browser: this event is how the server hears of it.
      if (event.type === 'payment_intent.payment_failed') events?.paymentFailed('declined');
      if (event.type !== 'payment_intent.succeeded' || !event.intent) return { changed: false };
      const intent = await provider.retrieveIntent(event.intent.id);
      const order = intent?.orderId ? await orders.anyOrder(intent.orderId) : undefined;
      if (!intent || intent.status !== 'succeeded' || !order) {
        logger.warn({ event: event.id, intentId: event.intent.id }, 'webhook payment not found');
        return { changed: false };
      }
      let current = order;
      if (current.status === 'unpaid') {
        try {
          verify(intent, current.id, current.amountCents);
          return {
            changed: (await orders.markPaid(current.id, intent.id, intent.amountCents)).changed,
          };
        } catch (error) {
          current = (await orders.anyOrder(current.id)) ?? current;
          if (current.status === 'unpaid') {
            // Acknowledge anyway: Stripe retrying an event we refuse would change nothing.
            logger.warn({ err: error, event: event.id }, 'webhook payment not applied');
            return { changed: false };
          }
        }
      }
      if (current.paymentId === intent.id) return { changed: false };
      const reason = await refundUnwanted(current, intent);
      logger.info({ event: event.id, orderId: current.id, reason }, 'webhook payment refunded');
      return { changed: false, refunded: true };
    },
  };
  return {
    ...service,
    createIntent: (orderId: string, caller: CurrentUser) =>
      attempt(() => service.createIntent(orderId, caller)),
    confirm: (orderId: string, transactionId: string, caller: CurrentUser) =>
      attempt(() => service.confirm(orderId, transactionId, caller)),
    sandboxConfirm: (payment: SandboxCardPayment, caller: CurrentUser) =>
      attempt(() => service.sandboxConfirm(payment, caller)),
  };
}

export type PaymentsService = ReturnType<typeof createPaymentsService>;
