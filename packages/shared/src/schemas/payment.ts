import { z } from 'zod';
import { IdSchema } from './id';
import { noControlCharacters } from './text';

/** `POST /api/create-payment-intent`: the amount comes from the stored order; a `price` is ignored. */
export const CreatePaymentIntentSchema = z
  .object({ orderId: IdSchema, price: z.unknown().optional() })
  .strict()
  .transform(({ orderId }) => ({ orderId }));

/** `PATCH /api/purchase/{id}` (orderID and transactionId). */
export const PayOrderSchema = z
  .object({
    transactionId: z
      .string()
      .check(noControlCharacters('transactionId'))
      .trim()
      .min(1, 'transactionId is required')
      .max(255),
    orderID: z.string().check(noControlCharacters('orderID')).max(100).optional(),
  })
  .strict();

/** The sandbox's "confirm card payment", as Stripe.js would send it to Stripe. */
export const SandboxCardPaymentSchema = z
  .object({
    clientSecret: z.string().check(noControlCharacters('clientSecret')).min(10).max(200),
    card: z
      .object({
        number: z
          .string()
          .check(noControlCharacters('Card number'))
          .min(1, 'Your card number is incomplete.')
          .max(30),
        expMonth: z
          .number()
          .int()
          .min(1, "Your card's expiration month is invalid.")
          .max(12, "Your card's expiration month is invalid."),
        expYear: z.number().int().min(0).max(9999),
        cvc: z
          .string()
          .check(noControlCharacters('Security code'))
          .regex(/^\d{0,4}$/, "Your card's security code is invalid."),
      })
      .strict(),
    billingName: z.string().check(noControlCharacters('Billing name')).max(200).optional(),
    billingEmail: z.string().check(noControlCharacters('Billing email')).max(254).optional(),
  })
  .strict();
export type SandboxCardPayment = z.infer<typeof SandboxCardPaymentSchema>;

/** `GET /api/payment-config`: Stripe with its publishable key, or the built-in test mode. */
export const PaymentConfigSchema = z.discriminatedUnion('provider', [
  z.object({ provider: z.literal('sandbox') }),
  z.object({ provider: z.literal('stripe'), publishableKey: z.string() }),
]);
export type PaymentConfig = z.infer<typeof PaymentConfigSchema>;

/** `POST /api/create-payment-intent` */
export const PaymentIntentResponseSchema = z.object({ clientSecret: z.string() });
export type PaymentIntentResponse = z.infer<typeof PaymentIntentResponseSchema>;

/** `POST /api/sandbox/confirm`: the payment intent, succeeded. */
export const SandboxConfirmResponseSchema = z.object({
  id: z.string(),
  status: z.literal('succeeded'),
});
export type SandboxConfirmResponse = z.infer<typeof SandboxConfirmResponseSchema>;

/** `POST /api/stripe/webhook`: whether the event changed an order, and whether it was refunded. */
export const WebhookResultSchema = z.object({
  received: z.literal(true),
  changed: z.boolean(),
  refunded: z.literal(true).optional(),
});
