import Stripe from 'stripe';
import { CURRENCY, type PaymentIntentInfo, type PaymentProvider } from './payment-provider';

export interface StripeSettings {
  secretKey: string;
  webhookSecret: string;
  /** Tests point the SDK at a local stand-in for the Stripe API. */
  api?: { host: string; port: number; protocol: 'http' | 'https' };
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

  return {
    name: 'stripe' as const,

    async createIntent({ orderId, amountCents, email }) {
      const intent = await stripe.paymentIntents.create(
        {
          amount: amountCents,
          currency: CURRENCY,
          allowed_payment_method_types: ['card'],
          receipt_email: email,
          metadata: { orderId },
        },
        // One intent per order and amount, however often the payment page is opened.
        { idempotencyKey: `order-${orderId}-${amountCents}` },
      );
      if (!intent.client_secret) throw new Error('Stripe returned no client secret');
      return { clientSecret: intent.client_secret };
    },

    async retrieveIntent(id) {
      try {
        return toInfo(await stripe.paymentIntents.retrieve(id));
      } catch (error) {
        if (error instanceof Stripe.errors.StripeInvalidRequestError) return undefined;
        throw error;
      }
    },

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
