import type { Order, SandboxCardPayment } from '@shop/shared';
import type { Logger } from 'pino';
import { AppError } from '../../lib/errors';
import type { OrdersService } from '../orders/orders.service';
import type { CurrentUser } from '../users/users.service';
import { CURRENCY, type PaymentIntentInfo } from './payment-provider';
import type { SandboxProvider } from './sandbox-provider';
import type { StripeProvider } from './stripe-provider';

export type AnyProvider = SandboxProvider | StripeProvider;

const notVerified = (reason: string) =>
  new AppError(402, 'PAYMENT_NOT_VERIFIED', `The payment could not be verified: ${reason}`);

export function createPaymentsService(
  provider: AnyProvider,
  orders: OrdersService,
  logger: Logger,
) {
  /** The provider's word, not the browser's: succeeded, for this order, for its stored amount. */
  function verify(intent: PaymentIntentInfo | undefined, orderId: string, amountCents: number) {
    if (!intent) throw notVerified('no such payment');
    if (intent.orderId !== orderId) throw notVerified('it belongs to another order');
    if (intent.status !== 'succeeded') throw notVerified('it has not succeeded');
    if (intent.amountCents !== amountCents || intent.currency !== CURRENCY) {
      throw notVerified('the amount does not match the order');
    }
  }

  return {
    provider,

    async createIntent(orderId: string, caller: CurrentUser) {
      const order = await orders.payable(orderId, caller);
      return provider.createIntent({
        orderId: order.id,
        amountCents: order.amountCents,
        email: order.email,
      });
    },

    /** `PATCH /api/purchase/{id}`: paid only after the provider confirms it. */
    async confirm(orderId: string, transactionId: string, caller: CurrentUser): Promise<Order> {
      const order = await orders.ownRow(orderId, caller);
      if (order.status !== 'unpaid' && order.transaction_id !== transactionId) {
        throw new AppError(
          409,
          'ALREADY_PAID',
          `This order is ${order.status} and cannot be paid again`,
        );
      }
      verify(await provider.retrieveIntent(transactionId), order.id, order.price_cents);
      return (await orders.markPaid(order.id, transactionId, order.price_cents)).order;
    },

    sandboxConfirm(payment: SandboxCardPayment, caller: CurrentUser) {
      if (provider.name !== 'sandbox')
        throw new AppError(404, 'NOT_FOUND', 'Test mode is off on this shop');
      return provider.confirmCard(payment, async (orderId) => {
        try {
          await orders.ownRow(orderId, caller);
          return true;
        } catch {
          return false;
        }
      });
    },

    /** Stripe's signed events: a succeeded intent marks its order paid, once. */
    async handleWebhook(
      rawBody: string,
      signature: string | undefined,
    ): Promise<{ changed: boolean }> {
      if (provider.name !== 'stripe')
        throw new AppError(404, 'NOT_FOUND', 'Stripe is not set up on this shop');
      let event;
      try {
        event = provider.parseWebhook(rawBody, signature ?? '');
      } catch {
        throw new AppError(400, 'BAD_REQUEST', 'Invalid webhook signature');
      }
      if (event.type !== 'payment_intent.succeeded' || !event.intent?.orderId)
        return { changed: false };
      const { intent } = event;
      try {
        const { changed } = await orders.markPaid(intent.orderId!, intent.id, intent.amountCents);
        return { changed };
      } catch (error) {
        // Acknowledge anyway: Stripe retrying an event we refuse would change nothing.
        logger.warn({ err: error, event: event.id }, 'webhook payment not applied');
        return { changed: false };
      }
    },
  };
}

export type PaymentsService = ReturnType<typeof createPaymentsService>;
