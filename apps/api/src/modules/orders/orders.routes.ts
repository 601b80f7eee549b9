import { OrderListQuerySchema, PurchaseSchema } from '@shop/shared';
import { Hono, type MiddlewareHandler } from 'hono';
import { type AuthedEnv, requireAdmin } from '../../auth/guards';
import { AppError } from '../../lib/errors';
import { validate } from '../../lib/validation';
import { normaliseEmail } from '../users/users.service';
import type { OrdersService } from './orders.service';

export function ordersRoutes(orders: OrdersService, signedIn: MiddlewareHandler<AuthedEnv>) {
  return new Hono<AuthedEnv>()
    .post('/purchase', signedIn, validate('json', PurchaseSchema), async (c) =>
      c.json(await orders.purchase(c.req.valid('json'), c.var.user), 201),
    )
    .get('/purchase', signedIn, validate('query', OrderListQuerySchema), async (c) => {
      if (normaliseEmail(c.req.valid('query').userEmail) !== c.var.user.email) {
        throw new AppError(403, 'FORBIDDEN', 'You can only list your own orders');
      }
      return c.json(await orders.listOwn(c.var.user));
    })
    .get('/purchase/:id', signedIn, async (c) =>
      c.json(await orders.get(c.req.param('id'), c.var.user)),
    )
    .post('/purchase/:id/ship', signedIn, requireAdmin, async (c) =>
      c.json(await orders.ship(c.req.param('id'), c.var.user)),
    )
    .get('/allPurchase', signedIn, requireAdmin, async (c) => c.json(await orders.listAll()));
}
