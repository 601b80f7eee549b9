import {
  AllOrdersQuerySchema,
  CheckoutSchema,
  IDEMPOTENCY_KEY_HEADER,
  IdempotencyKeySchema,
  idParams,
  OrderEventSchema,
  OrderFilterSchema,
  OrderListQuerySchema,
  OrderSchema,
  PurchaseSchema,
  RefundPreviewRequestSchema,
  RefundPreviewSchema,
  ShipOrderSchema,
  TOTAL_COUNT_HEADER,
} from '@shop/shared';
import type { MiddlewareHandler } from 'hono';
import { z } from 'zod';
import { type AuthedEnv, requireAdmin } from '../../auth/guards';
import { defineRoute, errors, json, jsonBody, jsonPage, routesOf, bearer } from '../../lib/openapi';
import { csvStream } from './orders-export';
import type { OrdersService } from './orders.service';

const OrderParams = idParams('Order');

const replayedHeader = z.object({
  'Idempotent-Replayed': z
    .literal('true')
    .optional()
    .openapi({ description: 'Present when the answer is a replay of an earlier request' }),
});

const purchase = defineRoute({
  method: 'post',
  path: '/purchase',
  tags: ['Orders'],
  summary: 'Buy a tool: the order is placed unpaid and its units leave the stock',
  security: bearer,
  request: {
    // A retry with the same key answers the order the first request placed.
    headers: z.object({ [IDEMPOTENCY_KEY_HEADER]: IdempotencyKeySchema.optional() }),
    body: jsonBody(PurchaseSchema),
  },
  responses: {
    201: {
      ...json(OrderSchema, 'Placed (or, for a repeated Idempotency-Key, the order placed before)'),
      headers: replayedHeader,
    },
    ...errors(400, 401, 404, 409, 415, 422),
  },
});

const checkout = defineRoute({
  method: 'post',
  path: '/checkout',
  tags: ['Orders'],
  summary:
    "Order the caller's cart: one unpaid order of several lines, all taken from stock or none",
  security: bearer,
  request: {
    // A retry or a second click with the same key answers the order the first one placed.
    headers: z.object({ [IDEMPOTENCY_KEY_HEADER]: IdempotencyKeySchema.optional() }),
    body: jsonBody(CheckoutSchema),
  },
  responses: {
    201: {
      ...json(OrderSchema, 'Placed (or, for a repeated Idempotency-Key, the order placed before)'),
      headers: replayedHeader,
    },
    ...errors(400, 401, 409, 415, 422),
  },
});

const listOwn = defineRoute({
  method: 'get',
  path: '/purchase',
  tags: ['Orders'],
  summary: "The caller's own orders (My Orders), newest first, a page at a time",
  security: bearer,
  request: { query: OrderListQuerySchema },
  responses: {
    200: jsonPage(OrderSchema, 'One page of the orders, newest first', 'orders'),
    ...errors(400, 401, 403),
  },
});

const getOrder = defineRoute({
  method: 'get',
  path: '/purchase/{id}',
  tags: ['Orders'],
  summary: 'One order (its buyer, or an admin)',
  security: bearer,
  request: { params: OrderParams },
  responses: { 200: json(OrderSchema, 'The order'), ...errors(401, 404) },
});

const ship = defineRoute({
  method: 'post',
  path: '/purchase/{id}/ship',
  tags: ['Orders'],
  summary: 'Mark a paid order shipped, by a carrier with an optional tracking number (admins)',
  description:
    'The body names the carrier (`GET /api/carriers`) and may add the tracking number; the server ' +
    "builds the carrier's tracking link with the number URL-encoded. The body may be left out, as " +
    'clients before carriers did: the order is then shipped without one. A tracking number ' +
    'without a carrier, or an unknown carrier, answers 400 under `carrierId`.',
  security: bearer,
  request: { params: OrderParams, body: { ...jsonBody(ShipOrderSchema), required: false } },
  responses: { 200: json(OrderSchema, 'Shipped'), ...errors(400, 401, 403, 404, 409, 415) },
});

const refundPreview = defineRoute({
  method: 'post',
  path: '/purchase/{id}/refund-preview',
  tags: ['Orders'],
  summary:
    'What a refund of these lines, or of the whole order, would give back, with its tax and ' +
    'shipping share; changes nothing (admins)',
  security: bearer,
  request: { params: OrderParams, body: jsonBody(RefundPreviewRequestSchema) },
  responses: {
    200: json(RefundPreviewSchema, 'What the refund would give back'),
    ...errors(400, 401, 403, 404, 409, 415),
  },
});

const deliver = defineRoute({
  method: 'post',
  path: '/purchase/{id}/deliver',
  tags: ['Orders'],
  summary: 'Mark a shipped order delivered (admins)',
  security: bearer,
  request: { params: OrderParams },
  responses: { 200: json(OrderSchema, 'Delivered'), ...errors(401, 403, 404, 409) },
});

const history = defineRoute({
  method: 'get',
  path: '/purchase/{id}/history',
  tags: ['Orders'],
  summary: "An order's history: every change of its status, oldest first (its buyer, or an admin)",
  security: bearer,
  request: { params: OrderParams },
  responses: { 200: json(z.array(OrderEventSchema), 'The history'), ...errors(401, 404) },
});

const exportOrders = defineRoute({
  method: 'get',
  path: '/orders/export',
  tags: ['Orders'],
  summary: 'The orders the filters select, newest first, as CSV, streamed (admins)',
  security: bearer,
  request: { query: OrderFilterSchema },
  responses: {
    200: {
      description: 'A CSV file with a header line; cells that could run as formulas escaped',
      content: { 'text/csv': { schema: z.string() } },
    },
    ...errors(400, 401, 403),
  },
});

const listAll = defineRoute({
  method: 'get',
  path: '/allPurchase',
  tags: ['Orders'],
  summary:
    'Every order (admins), newest first, a page at a time: by status, searched, by days placed',
  security: bearer,
  request: { query: AllOrdersQuerySchema },
  responses: {
    200: jsonPage(OrderSchema, 'One page of the orders, newest first', 'orders'),
    ...errors(400, 401, 403),
  },
});

export function ordersRoutes(orders: OrdersService, signedIn: MiddlewareHandler<AuthedEnv>) {
  return routesOf<AuthedEnv>()
    .openapi({ ...purchase, middleware: signedIn }, async (c) => {
      const key = c.req.valid('header')[IDEMPOTENCY_KEY_HEADER];
      const request = { from: 'tool' as const, ...c.req.valid('json') };
      const { order, replayed } = await orders.place(request, c.var.user, key);
      // A retry with the same key answers as the first request did, 201, with the order as it
      // is now; the header tells a replay from a new order (as Stripe does).
      if (replayed) c.header('Idempotent-Replayed', 'true');
      return c.json(order, 201);
    })
    .openapi({ ...checkout, middleware: signedIn }, async (c) => {
      const key = c.req.valid('header')[IDEMPOTENCY_KEY_HEADER];
      const request = { from: 'cart' as const, ...c.req.valid('json') };
      const { order, replayed } = await orders.place(request, c.var.user, key);
      if (replayed) c.header('Idempotent-Replayed', 'true');
      return c.json(order, 201);
    })
    .openapi({ ...listOwn, middleware: signedIn }, async (c) => {
      const page = await orders.listOwn(c.var.user, c.req.valid('query'));
      c.header(TOTAL_COUNT_HEADER, String(page.total));
      return c.json(page.orders, 200);
    })
    .openapi({ ...getOrder, middleware: signedIn }, async (c) =>
      c.json(await orders.get(c.req.valid('param').id, c.var.user), 200),
    )
    .openapi({ ...ship, middleware: [signedIn, requireAdmin] }, async (c) =>
      c.json(await orders.ship(c.req.valid('param').id, c.var.user, c.req.valid('json')), 200),
    )
    .openapi({ ...refundPreview, middleware: [signedIn, requireAdmin] }, async (c) =>
      c.json(
        await orders.refundPreview(c.req.valid('param').id, c.var.user, c.req.valid('json').lines),
        200,
      ),
    )
    .openapi({ ...deliver, middleware: [signedIn, requireAdmin] }, async (c) =>
      c.json(await orders.deliver(c.req.valid('param').id, c.var.user), 200),
    )
    .openapi({ ...history, middleware: signedIn }, async (c) =>
      c.json(await orders.history(c.req.valid('param').id, c.var.user), 200),
    )
    .openapi({ ...exportOrders, middleware: [signedIn, requireAdmin] }, (c) => {
      const day = new Date().toISOString().slice(0, 10);
      return c.body(csvStream(orders.exportCsv(c.req.valid('query'))), 200, {
        'Content-Type': 'text/csv; charset=utf-8',
        'Content-Disposition': `attachment; filename="orders-${day}.csv"`,
      });
    })
    .openapi({ ...listAll, middleware: [signedIn, requireAdmin] }, async (c) => {
      const page = await orders.listAll(c.req.valid('query'));
      c.header(TOTAL_COUNT_HEADER, String(page.total));
      return c.json(page.orders, 200);
    });
}
