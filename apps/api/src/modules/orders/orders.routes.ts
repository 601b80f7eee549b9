import {
  IDEMPOTENCY_KEY_HEADER,
  IdempotencyKeySchema,
  OrderListQuerySchema,
  PurchaseSchema,
} from '@shop/shared';
import { Hono, type MiddlewareHandler } from 'hono';
import { type AuthedEnv, requireAdmin } from '../../auth/guards';
import { AppError } from '../../lib/errors';
import { validate } from '../../lib/validation';
import type { OrdersService } from './orders.service';

/** The purchase's Idempotency-Key header: absent, or 1 to 255 printable characters. */
function idempotencyKeyOf(header: string | undefined): string | undefined {
  if (header === undefined) return undefined;
  const parsed = IdempotencyKeySchema.safeParse(header);
  if (!parsed.success) {
    const message = parsed.error.issues[0]?.message ?? 'Invalid Idempotency-Key';
    throw new AppError('VALIDATION_FAILED', message, { [IDEMPOTENCY_KEY_HEADER]: [message] });
  }
  return parsed.data;
}

export function ordersRoutes(orders: OrdersService, signedIn: MiddlewareHandler<AuthedEnv>) {
  return new Hono<AuthedEnv>()
    .post('/purchase', signedIn, validate('json', PurchaseSchema), async (c) => {
      const key = idempotencyKeyOf(c.req.header(IDEMPOTENCY_KEY_HEADER));
      const { order, replayed } = await orders.purchase(c.req.valid('json'), c.var.user, key);
      // A retry with the same key answers as the first request did, 201, with the order as it
      // is now; the header tells a replay from a new order (as Stripe does).
      if (replayed) c.header('Idempotent-Replayed', 'true');
      return c.json(order, 201);
    })
    .get('/purchase', signedIn, validate('query', OrderListQuerySchema), async (c) => {
      return c.json(await orders.listOwn(c.var.user, c.req.valid('query').userEmail));
    })
    .get('/purchase/:id', signedIn, async (c) =>
      c.json(await orders.get(c.req.param('id'), c.var.user)),
    )
    .post('/purchase/:id/ship', signedIn, requireAdmin, async (c) =>
      c.json(await orders.ship(c.req.param('id'), c.var.user)),
    )
    .get('/allPurchase', signedIn, requireAdmin, async (c) => c.json(await orders.listAll()));
}
