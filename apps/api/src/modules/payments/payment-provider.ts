import { SHOP_CURRENCY } from '@shop/shared';

/** What we need of a card payment provider (decision 008): Stripe or our sandbox. */
export interface PaymentIntentInfo {
  id: string;
  status: string;
  amountCents: number;
  currency: string;
  /** The order the intent was created for (Stripe: metadata.orderId). */
  orderId: string | undefined;
}

/**
 * Why the shop gave money back: the order will not be delivered, it was paid twice, or an admin
 * refunded it.
 */
export type RefundReason =
  'order_cancelled' | 'order_expired' | 'duplicate_payment' | 'requested_by_admin';

export interface PaymentProvider {
  readonly name: 'stripe' | 'sandbox';
  /** Creates (or, for the same order and amount, reuses) an open intent. */
  createIntent(input: {
    orderId: string;
    amountCents: number;
    email: string;
  }): Promise<{ intentId: string; clientSecret: string }>;
  /** The provider's own word on an intent, or undefined when it does not know the id. */
  retrieveIntent(id: string): Promise<PaymentIntentInfo | undefined>;
  /**
   * Cancels the intent if it can still be cancelled, and answers it as it now stands:
   * 'canceled', or 'succeeded' when the payment got there first (or another state that cannot
   * be cancelled, such as 'processing'). Undefined when the provider does not know the id.
   */
  cancelIntent(id: string): Promise<PaymentIntentInfo | undefined>;
  /**
   * Refunds `amountCents` of a succeeded intent and answers the provider's refund id.
   * Idempotent per `key` (the intent's id when not given: a refund of what is left of it):
   * asking again answers the same refund and never gives the money back twice. An intent can
   * have several refunds under different keys (lines of its order), never more than it took.
   */
  refund(
    intentId: string,
    amountCents: number,
    reason: RefundReason,
    key?: string,
  ): Promise<string>;
}

/** The shop's currency as Stripe writes it (lower case). */
export const CURRENCY = SHOP_CURRENCY.toLowerCase();
