/** What we need of a card payment provider (DESIGN.md "Payments"): Stripe or our sandbox. */
export interface PaymentIntentInfo {
  id: string;
  status: string;
  amountCents: number;
  currency: string;
  /** The order the intent was created for (Stripe: metadata.orderId). */
  orderId: string | undefined;
}

export interface PaymentProvider {
  readonly name: 'stripe' | 'sandbox';
  /** Creates (or, for the same order and amount, reuses) an intent; answers its client secret. */
  createIntent(input: {
    orderId: string;
    amountCents: number;
    email: string;
  }): Promise<{ clientSecret: string }>;
  /** The provider's own word on an intent, or undefined when it does not know the id. */
  retrieveIntent(id: string): Promise<PaymentIntentInfo | undefined>;
}

export const CURRENCY = 'usd';
