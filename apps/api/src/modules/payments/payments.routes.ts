import {
  CreatePaymentIntentSchema,
  idParams,
  PaymentConfigSchema,
  PaymentIntentResponseSchema,
  type Order,
  OrderSchema,
  PayOrderSchema,
  type Refund,
  RefundSchema,
  SandboxCardPaymentSchema,
  SandboxConfirmResponseSchema,
  WebhookResultSchema,
} from '@shop/shared';
import type { MiddlewareHandler } from 'hono';
import type { CurrentUser } from '../../auth/identity';
import { type AuthedEnv, requireAdmin } from '../../auth/guards';
import { AppError } from '../../lib/errors';
import { defineRoute, errors, json, jsonBody, routesOf, bearer } from '../../lib/openapi';
import type { PaymentsService } from './payments.service';

const OrderParams = idParams('Order');

const paymentConfig = defineRoute({
  method: 'get',
  path: '/payment-config',
  tags: ['Payments'],
  summary: 'How cards are paid on this shop: Stripe, or the built-in test mode',
  responses: { 200: json(PaymentConfigSchema, 'The payment provider') },
});

const createIntent = defineRoute({
  method: 'post',
  path: '/create-payment-intent',
  tags: ['Payments'],
  summary: "Start paying one's own unpaid order; the amount is the stored order's",
  security: bearer,
  request: { body: jsonBody(CreatePaymentIntentSchema) },
  responses: {
    200: json(PaymentIntentResponseSchema, "The payment's client secret"),
    ...errors(400, 401, 404, 409, 415, 503),
  },
});

const pay = defineRoute({
  method: 'patch',
  path: '/purchase/{id}',
  tags: ['Payments'],
  summary: "Mark one's own order paid, once the provider confirms the payment",
  security: bearer,
  request: { params: OrderParams, body: jsonBody(PayOrderSchema) },
  responses: { 200: json(OrderSchema, 'Paid'), ...errors(400, 401, 402, 404, 409, 415, 503) },
});

const cancel = defineRoute({
  method: 'post',
  path: '/purchase/{id}/cancel',
  tags: ['Payments'],
  summary: 'Cancel an unpaid order (its buyer, or an admin); its units return to stock',
  description: 'The payment provider is asked first: a payment that got there first wins (409).',
  security: bearer,
  request: { params: OrderParams },
  responses: { 200: json(OrderSchema, 'Cancelled'), ...errors(401, 404, 409, 503) },
});

const refund = defineRoute({
  method: 'post',
  path: '/purchase/{id}/refund',
  tags: ['Payments'],
  summary:
    'Refund a paid or shipped order, or some lines of a paid, shipped or delivered one (admins), with a reason; the stock back when chosen',
  description:
    'The payment is given back through the provider that took it, once: a repeated refund answers the order as it is. With `lines`, only those lines are given back, each with its tax and its share of shipping; once every line is, the order is refunded.',
  security: bearer,
  request: { params: OrderParams, body: jsonBody(RefundSchema) },
  responses: {
    200: json(OrderSchema, 'Refunded'),
    ...errors(400, 401, 402, 403, 404, 409, 415, 503),
  },
});

const sandboxConfirm = defineRoute({
  method: 'post',
  path: '/sandbox/confirm',
  tags: ['Payments'],
  summary: "Test mode: pay with a test card, as Stripe.js would with Stripe's",
  security: bearer,
  request: { body: jsonBody(SandboxCardPaymentSchema) },
  responses: {
    200: json(SandboxConfirmResponseSchema, 'The payment succeeded'),
    ...errors(400, 401, 402, 404, 409, 415),
  },
});

const webhook = defineRoute({
  method: 'post',
  path: '/stripe/webhook',
  tags: ['Payments'],
  summary: "Stripe's events (payment_intent.succeeded), signed with the webhook secret",
  parameters: [
    { name: 'Stripe-Signature', in: 'header', required: true, schema: { type: 'string' } },
  ],
  request: {
    // Not parsed before the signature is checked over the exact bytes: a plain schema, no zod.
    body: { required: true, content: { 'application/json': { schema: { type: 'object' } } } },
  },
  responses: {
    200: json(WebhookResultSchema, 'Received'),
    ...errors(400, 404, 503),
  },
});

/** The refunds an admin asks here: the refund flow's (flows/refund.ts), wired by app.ts. */
export interface PaymentRefunds {
  refundOrder(id: string, caller: CurrentUser, refund: Refund): Promise<Order>;
  refundLines(
    id: string,
    caller: CurrentUser,
    refund: Refund & { lines: string[] },
  ): Promise<Order>;
}

export function paymentsRoutes(
  payments: PaymentsService,
  refunds: PaymentRefunds,
  signedIn: MiddlewareHandler<AuthedEnv>,
  publishableKey: string | undefined,
) {
  return (
    routesOf<AuthedEnv>()
      .openapi(paymentConfig, (c) =>
        c.json(
          payments.provider.name === 'stripe' && publishableKey
            ? { provider: 'stripe' as const, publishableKey }
            : { provider: 'sandbox' as const },
          200,
        ),
      )
      .openapi({ ...createIntent, middleware: signedIn }, async (c) =>
        c.json(await payments.createIntent(c.req.valid('json').orderId, c.var.user), 200),
      )
      .openapi({ ...pay, middleware: signedIn }, async (c) => {
        const { id } = c.req.valid('param');
        const { transactionId, orderID } = c.req.valid('json');
        if (orderID !== undefined && orderID !== id) {
          throw new AppError('VALIDATION_FAILED', 'orderID does not match the order in the path');
        }
        return c.json(await payments.confirm(id, transactionId, c.var.user), 200);
      })
      // Here, not in orders: a cancel settles the payment with the provider first (issue 13).
      .openapi({ ...cancel, middleware: signedIn }, async (c) =>
        c.json(await payments.cancelOrder(c.req.valid('param').id, c.var.user), 200),
      )
      .openapi({ ...refund, middleware: [signedIn, requireAdmin] }, async (c) => {
        const { id } = c.req.valid('param');
        const body = c.req.valid('json');
        const { lines } = body;
        return c.json(
          lines
            ? await refunds.refundLines(id, c.var.user, { ...body, lines })
            : await refunds.refundOrder(id, c.var.user, body),
          200,
        );
      })
      .openapi({ ...sandboxConfirm, middleware: signedIn }, async (c) =>
        c.json(await payments.sandboxConfirm(c.req.valid('json'), c.var.user), 200),
      )
      // Raw body: the signature is over the exact bytes Stripe sent.
      .openapi(webhook, async (c) => {
        const result = await payments.handleWebhook(
          await c.req.text(),
          c.req.header('stripe-signature'),
        );
        return c.json({ received: true as const, ...result }, 200);
      })
  );
}
