/**
 * What the Stripe provider asks of Stripe and how it reads the answers, against the local
 * stand-in of Stripe's API (test/stripe-stand-in.ts) through the official SDK.
 */
import Stripe from 'stripe';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { AppError } from '../../lib/errors';
import { startStripeStandIn } from '../../test/stripe-stand-in';
import { createStripeProvider } from './stripe-provider';

const orderId = '6f1c1d5e-2b0a-4f8e-9c3d-1a2b3c4d5e6f';

describe('the Stripe provider', () => {
  let standIn: Awaited<ReturnType<typeof startStripeStandIn>>;
  let provider: ReturnType<typeof createStripeProvider>;
  beforeEach(async () => {
    standIn = await startStripeStandIn();
    provider = createStripeProvider({
      secretKey: 'sk_test_provider',
      webhookSecret: 'whsec_provider',
      api: standIn.api,
    });
  });
  afterEach(() => standIn.close());

  it("asks for a card-only intent of the order's amount, keyed on the order and amount", async () => {
    const made = await provider.createIntent({
      orderId,
      amountCents: 2900,
      email: 'alice@example.com',
    });
    expect(made.clientSecret).toBe(`${made.intentId}_secret_standin`);
    const [create] = standIn.creates;
    expect(create?.idempotencyKey).toBe(`order-${orderId}-2900`);
    expect(Object.fromEntries(create?.params ?? [])).toEqual({
      amount: '2900',
      currency: 'usd',
      'allowed_payment_method_types[0]': 'card',
      receipt_email: 'alice@example.com',
      'metadata[orderId]': orderId,
    });
  });

  it('answers a refund made before, under a key Stripe no longer remembers, with that refund', async () => {
    const { intentId } = await provider.createIntent({
      orderId,
      amountCents: 2900,
      email: 'a@b.co',
    });
    standIn.succeed(intentId);
    // Refunded a day ago: Stripe has forgotten the idempotency key it was made with.
    const elsewhere = new Stripe('sk_test_provider', { ...standIn.api, telemetry: false });
    const earlier = await elsewhere.refunds.create(
      { payment_intent: intentId, amount: 2900 },
      { idempotencyKey: 'refund-made-a-day-ago' },
    );
    expect(await provider.refund(intentId, 2900, 'order_cancelled')).toBe(earlier.id);
    expect(standIn.refunds).toHaveLength(1);
  });

  it('Stripe out of reach: a lookup fails as unavailable (503), not as an unknown payment', async () => {
    await standIn.close();
    const lookup = provider.retrieveIntent('pi_standin_1');
    await expect(lookup).rejects.toBeInstanceOf(AppError);
    await expect(lookup).rejects.toMatchObject({
      code: 'PAYMENT_PROVIDER_UNAVAILABLE',
      message:
        'The card payment service cannot be reached right now. Please try again in a minute.',
    });
  });
});
