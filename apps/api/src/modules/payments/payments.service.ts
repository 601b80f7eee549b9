import { type Order, type Refund, type SandboxCardPayment, can } from '@shop/shared';
import { type Kysely, sql } from 'kysely';
import type { Logger } from 'pino';
import type { Database } from '../../db/schema';
import { AppError } from '../../lib/errors';
import type { PaymentFailure, ShopEvents } from '../../lib/metrics';
import type { BillableOrder } from '../orders/orders.presenter';
import type { OrdersForPayments } from '../orders/orders.service';
import { checkLinesRefundable } from '../orders/orders.refunds';
import type { CurrentUser } from '../../auth/identity';
import { CURRENCY, type PaymentIntentInfo, type RefundReason } from './payment-provider';
import type { SandboxProvider } from './sandbox-provider';
import type { StripeProvider } from './stripe-provider';

export type AnyProvider = SandboxProvider | StripeProvider;

/** The database half of an expiry: cancels the unpaid order and returns its stock, if due. */
export type ExpireInDatabase = (orderId: string) => Promise<boolean>;

const notVerified = (reason: string) =>
  new AppError('PAYMENT_NOT_VERIFIED', `The payment could not be verified: ${reason}`);

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
  orders: OrdersForPayments,
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

  /** The provider's word, not the browser's: succeeded, for this order, for its stored amount. */
  function verify(intent: PaymentIntentInfo | undefined, orderId: string, amountCents: number) {
    if (!intent) throw notVerified('no such payment');
    if (intent.orderId !== orderId) throw notVerified('it belongs to another order');
    if (intent.status !== 'succeeded') throw notVerified('it has not succeeded');
    if (intent.amountCents !== amountCents || intent.currency !== CURRENCY) {
      throw notVerified('the amount does not match the order');
    }
  }

  const succeededFor = (intent: PaymentIntentInfo | undefined, orderId: string) =>
    intent?.status === 'succeeded' && intent.orderId === orderId;

  const intentsOf = async (orderId: string) =>
    (
      await db
        .selectFrom('order_payments')
        .select('intent_id')
        .where('order_id', '=', orderId)
        // Intents of another provider (test mode before Stripe was set up) are not this one's.
        .where('provider', '=', provider.name)
        .orderBy('created_at')
        .execute()
    ).map((row) => row.intent_id);

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
  async function refundOnce(intent: PaymentIntentInfo, orderId: string, reason: RefundReason) {
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

  /** Cancels an intent of a closed order; one that succeeded anyway is refunded. */
  async function closeIntent(intentId: string, orderId: string, reason: RefundReason) {
    const intent = await provider.cancelIntent(intentId);
    if (intent && succeededFor(intent, orderId)) await refundOnce(intent, orderId, reason);
  }

  /**
   * Before an unpaid order closes: cancel every intent it has. One that already succeeded (for
   * this order and its amount) wins, and the order is paid instead.
   */
  async function settle(order: BillableOrder): Promise<Settlement> {
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
  async function refundUnwanted(order: BillableOrder, intent: PaymentIntentInfo) {
    const reason = isPaid(order.status) ? 'duplicate_payment' : 'order_cancelled';
    await refundOnce(intent, order.id, reason);
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
  async function refuseClosed(order: BillableOrder, intent: PaymentIntentInfo | undefined) {
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
     * `POST /api/purchase/{id}/refund` (admins): the order's payment is given back through the
     * provider that took it, after checking with the provider that it succeeded for this order
     * and its stored amount; then the order is refunded, with the admin's reason and, when
     * chosen, its units back in stock. Once only: the provider refunds an intent once however
     * often asked, and an order refunded already is answered as it is. The order is claimed
     * before the provider is asked, so no shipment or delivery lands between the money going
     * back and the order saying so; a refusal at the provider lifts the claim.
     */
    async refundOrder(id: string, caller: CurrentUser, refund: Refund): Promise<Order> {
      const order = await orders.visibleTo(caller, id);
      if (!can(order, 'refund', 'admin') || !(await orders.claimRefund(order.id))) {
        return (await orders.markRefunded(order.id, caller, refund)).order; // refunded, or 409
      }
      try {
        if (!order.paymentId) throw notVerified('the order has no payment');
        const intent = await provider.retrieveIntent(order.paymentId);
        verify(intent, order.id, order.amountCents);
        await refundOnce(intent!, order.id, 'requested_by_admin');
      } catch (error) {
        await orders.releaseRefund(order.id);
        throw error;
      }
      return (await orders.markRefunded(order.id, caller, refund, true)).order;
    },

    /**
     * `POST /api/purchase/{id}/refund` with `lines` (admins): those lines are given back, with
     * their tax and share of shipping (docs/product.md, Refunds of lines), through the provider
     * that took the payment, checked first as a whole refund is. The lines are claimed before
     * the provider is asked, so no line is ever given back twice; asked again, the same refund
     * is asked of the provider again (under the same key) and answered as it is.
     */
    async refundLines(
      id: string,
      caller: CurrentUser,
      refund: Refund & { lines: string[] },
      /** A return's restocking fee, in percent of the lines' goods (issue 36). */
      feePercent = 0,
    ): Promise<Order> {
      const order = await orders.visibleTo(caller, id);
      checkLinesRefundable(order.status);
      if (!order.paymentId) throw notVerified('the order has no payment');
      const intent = await provider.retrieveIntent(order.paymentId);
      verify(intent, order.id, order.amountCents);
      const claim = await orders.claimLines(
        order.id,
        caller,
        refund.lines,
        intent!.id,
        async (trx, c) => {
          await trx
            .insertInto('payment_refunds')
            .values({
              key: c.key,
              intent_id: c.intentId,
              order_id: order.id,
              provider: provider.name,
              amount_cents: c.amountCents,
              reason: 'requested_by_admin',
            })
            .onConflict((oc) => oc.column('key').doNothing())
            .execute();
          const kept = await trx
            .selectFrom('payment_refunds')
            .select('amount_cents')
            .where('key', '=', c.key)
            .executeTakeFirstOrThrow();
          return { ...c, amountCents: kept.amount_cents };
        },
        feePercent,
      );
      const refundId = await giveBack(claim.key);
      logger.warn(
        { orderId: order.id, intentId: claim.intentId, amountCents: claim.amountCents, refundId },
        'order lines refunded',
      );
      return orders.settleLines(order.id, caller, claim, refund);
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
