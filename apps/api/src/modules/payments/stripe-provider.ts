import Stripe from 'stripe';
import { AppError } from '../../lib/errors';
import { CURRENCY, type PaymentIntentInfo, type PaymentProvider } from './payment-provider';

export interface StripeSettings {
  secretKey: string;
  webhookSecret: string;
  /** Tests point the SDK at a local stand-in for the Stripe API. */
  api?: { host: string; port: number; protocol: 'http' | 'https' };
}

/**
 * Stripe out of reach (network, its own outage, its rate limit, a revoked key) is not a bug of
 * ours: the caller gets 503 and may try again; nothing was changed on our side.
 */
const unavailable = (error: unknown) =>
  error instanceof Stripe.errors.StripeConnectionError ||
  error instanceof Stripe.errors.StripeAPIError ||
  error instanceof Stripe.errors.StripeRateLimitError ||
  error instanceof Stripe.errors.StripeAuthenticationError
    ? new AppError(
        'PAYMENT_PROVIDER_UNAVAILABLE',
        'The card payment service cannot be reached right now. Please try again in a minute.',
      )
    : error;

async function askStripe<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    throw unavailable(error);
  }
}

/** Real card payments: PaymentIntents created from the stored amount, verified by asking Stripe. */
export function createStripeProvider(settings: StripeSettings) {
  const stripe = new Stripe(settings.secretKey, {
    maxNetworkRetries: 2,
    timeout: 20_000,
    telemetry: false,
    ...(settings.api ?? {}),
  });

  const toInfo = (intent: Stripe.PaymentIntent): PaymentIntentInfo => ({
    id: intent.id,
    status: intent.status,
    amountCents: intent.amount,
    currency: intent.currency,
    orderId: intent.metadata?.orderId,
  });

  const retrieveIntent = (id: string): Promise<PaymentIntentInfo | undefined> =>
    askStripe(async () => {
      try {
        return toInfo(await stripe.paymentIntents.retrieve(id));
      } catch (error) {
        if (error instanceof Stripe.errors.StripeInvalidRequestError) return undefined;
        throw error;
      }
    });

  return {
    name: 'stripe' as const,

    createIntent: ({ orderId, amountCents, email }) =>
      askStripe(async () => {
        // One intent per order and amount, however often the payment page is opened. A cancelled
        // one (a cancel that did not go through) is followed by a new one, keyed on the one before,
        // so pages opened at once still agree on a single intent.
        let idempotencyKey = `order-${orderId}-${amountCents}`;
        for (let attempt = 0; attempt < 5; attempt++) {
          const intent = await stripe.paymentIntents.create(
            {
              amount: amountCents,
              currency: CURRENCY,
              allowed_payment_method_types: ['card'],
              receipt_email: email,
              metadata: { orderId },
            },
            { idempotencyKey },
          );
          if (intent.status !== 'canceled') {
            if (!intent.client_secret) throw new Error('Stripe returned no client secret');
            return { intentId: intent.id, clientSecret: intent.client_secret };
          }
          idempotencyKey = `order-${orderId}-${amountCents}-after-${intent.id}`;
        }
        throw new Error(`Stripe keeps answering cancelled intents for order ${orderId}`);
      }),

    retrieveIntent,

    cancelIntent: (id) =>
      askStripe(async () => {
        try {
          return toInfo(await stripe.paymentIntents.cancel(id));
        } catch (error) {
          // Stripe refuses to cancel an intent that succeeded (or is processing, or was already
          // cancelled): its current state is the answer.
          if (error instanceof Stripe.errors.StripeInvalidRequestError) return retrieveIntent(id);
          throw error;
        }
      }),

    refund: (intentId, amountCents, reason, key = intentId) =>
      askStripe(async () => {
        try {
          const refund = await stripe.refunds.create(
            { payment_intent: intentId, amount: amountCents, metadata: { reason, key } },
            // Stripe answers a repeated key with the first refund: money goes back once.
            { idempotencyKey: `refund-${key}` },
          );
          return refund.id;
        } catch (error) {
          // Refunded already under a key Stripe no longer remembers (kept 24 hours).
          if (
            error instanceof Stripe.errors.StripeInvalidRequestError &&
            error.code === 'charge_already_refunded'
          ) {
            const earlier = await stripe.refunds.list({ payment_intent: intentId, limit: 100 });
            // Refunds made before lines could be refunded carry no key: the intent's.
            const same = earlier.data.find((r) => (r.metadata?.key ?? intentId) === key);
            if (same) return same.id;
          }
          throw error;
        }
      }),

    /** A verified webhook event, or an error for a bad or stale signature. */
    parseWebhook(
      rawBody: string,
      signature: string,
    ): { type: string; intent?: PaymentIntentInfo; id: string } {
      const event = stripe.webhooks.constructEvent(rawBody, signature, settings.webhookSecret);
      const object = event.data.object as { object?: string };
      return {
        id: event.id,
        type: event.type,
        intent:
          object.object === 'payment_intent' ? toInfo(object as Stripe.PaymentIntent) : undefined,
      };
    },
  } satisfies PaymentProvider & Record<string, unknown>;
}

export type StripeProvider = ReturnType<typeof createStripeProvider>;
