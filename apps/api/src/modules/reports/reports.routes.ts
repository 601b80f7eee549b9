import { LowStockThresholdSchema, SalesReportSchema } from '@shop/shared';
import type { MiddlewareHandler } from 'hono';
import { type AuthedEnv, requireAdmin } from '../../auth/guards';
import { bearer, defineRoute, errors, json, jsonBody, routesOf } from '../../lib/openapi';
import type { ReportsService } from './reports.service';

const sales = defineRoute({
  method: 'get',
  path: '/reports/sales',
  tags: ['Reports'],
  summary:
    'The sales dashboard (admins): revenue per day, orders by status, best sellers, low stock',
  security: bearer,
  responses: { 200: json(SalesReportSchema, 'The figures'), ...errors(401, 403) },
});

const lowStock = defineRoute({
  method: 'put',
  path: '/settings/low-stock',
  tags: ['Reports'],
  summary: 'Set the stock at or below which the dashboard lists a tool (admins)',
  security: bearer,
  request: { body: jsonBody(LowStockThresholdSchema) },
  responses: {
    200: json(LowStockThresholdSchema, 'The new threshold'),
    ...errors(400, 401, 403, 415),
  },
});

export function reportsRoutes(reports: ReportsService, signedIn: MiddlewareHandler<AuthedEnv>) {
  return routesOf<AuthedEnv>()
    .openapi({ ...sales, middleware: [signedIn, requireAdmin] }, async (c) =>
      c.json(await reports.sales(), 200),
    )
    .openapi({ ...lowStock, middleware: [signedIn, requireAdmin] }, async (c) =>
      c.json(await reports.setLowStockThreshold(c.req.valid('json')), 200),
    );
}
