import {
  CreatePaymentIntentSchema,
  type PaymentConfig,
  PayOrderSchema,
  SandboxCardPaymentSchema,
} from '@shop/shared';
import { Hono, type MiddlewareHandler } from 'hono';
import type { AuthedEnv } from '../../auth/guards';
import { AppError } from '../../lib/errors';
import { validate } from '../../lib/validation';
import type { PaymentsService } from './payments.service';

export function paymentsRoutes(
  payments: PaymentsService,
  signedIn: MiddlewareHandler<AuthedEnv>,
  publishableKey: string | undefined,
) {
  return (
    new Hono<AuthedEnv>()
      .get('/payment-config', (c) =>
        c.json(
          (payments.provider.name === 'stripe' && publishableKey
            ? { provider: 'stripe', publishableKey }
            : { provider: 'sandbox' }) satisfies PaymentConfig,
        ),
      )
      .post(
        '/create-payment-intent',
        signedIn,
        validate('json', CreatePaymentIntentSchema),
        async (c) => c.json(await payments.createIntent(c.req.valid('json').orderId, c.var.user)),
      )
      .patch('/purchase/:id', signedIn, validate('json', PayOrderSchema), async (c) => {
        const { transactionId, orderID } = c.req.valid('json');
        if (orderID !== undefined && orderID !== c.req.param('id')) {
          throw new AppError('VALIDATION_FAILED', 'orderID does not match the order in the path');
        }
        return c.json(await payments.confirm(c.req.param('id'), transactionId, c.var.user));
      })
      // Here, not in orders: a cancel settles the payment with the provider first (issue 13).
      .post('/purchase/:id/cancel', signedIn, async (c) =>
        c.json(await payments.cancelOrder(c.req.param('id'), c.var.user)),
      )
      .post('/sandbox/confirm', signedIn, validate('json', SandboxCardPaymentSchema), async (c) =>
        c.json(await payments.sandboxConfirm(c.req.valid('json'), c.var.user)),
      )
      // Raw body: the signature is over the exact bytes Stripe sent.
      .post('/stripe/webhook', async (c) => {
        const result = await payments.handleWebhook(
          await c.req.text(),
          c.req.header('stripe-signature'),
        );
        return c.json({ received: true, ...result });
      })
  );
}
