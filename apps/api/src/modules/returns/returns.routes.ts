import {
  idParams,
  ReturnDecisionSchema,
  ReturnListQuerySchema,
  type ReturnReceipt,
  ReturnReceiptSchema,
  type ReturnRequest,
  ReturnRequestInputSchema,
  ReturnRequestSchema,
  ReturnSettingsSchema,
} from '@shop/shared';
import type { MiddlewareHandler } from 'hono';
import { z } from 'zod';
import { type AuthedEnv, requireAdmin } from '../../auth/guards';
import type { CurrentUser } from '../../auth/identity';
import { bearer, defineRoute, errors, json, jsonBody, routesOf } from '../../lib/openapi';
import type { ReturnsService } from './returns.service';

const tags = ['Returns'];
const OrderParams = idParams('Order');
const ReturnParams = idParams('Return');

const requestReturn = defineRoute({
  method: 'post',
  path: '/purchase/{id}/returns',
  tags,
  summary: 'Ask to return lines of a delivered order, with a reason (its buyer)',
  description:
    'Within the return window after delivery (GET /api/settings/returns). Another status, a ' +
    'closed window, or a line refunded or being returned already answer 409 with the reason.',
  security: bearer,
  request: { params: OrderParams, body: jsonBody(ReturnRequestInputSchema) },
  responses: {
    201: json(ReturnRequestSchema, 'Asked'),
    ...errors(400, 401, 404, 409, 415),
  },
});

const orderReturns = defineRoute({
  method: 'get',
  path: '/purchase/{id}/returns',
  tags,
  summary: "An order's returns, oldest first (its buyer, or an admin)",
  security: bearer,
  request: { params: OrderParams },
  responses: { 200: json(z.array(ReturnRequestSchema), 'The returns'), ...errors(401, 404) },
});

const listReturns = defineRoute({
  method: 'get',
  path: '/returns',
  tags,
  summary: 'The returns of every order, by status (admins)',
  security: bearer,
  request: { query: ReturnListQuerySchema },
  responses: { 200: json(z.array(ReturnRequestSchema), 'The returns'), ...errors(400, 401, 403) },
});

const decision = (step: 'authorise' | 'refuse', summary: string) =>
  defineRoute({
    method: 'post',
    path: `/returns/{id}/${step}`,
    tags,
    summary,
    security: bearer,
    request: { params: ReturnParams, body: jsonBody(ReturnDecisionSchema) },
    responses: {
      200: json(ReturnRequestSchema, 'Decided'),
      ...errors(400, 401, 403, 404, 409, 415),
    },
  });
const authorise = decision('authorise', 'Authorise a requested return, with a message (admins)');
const refuse = decision('refuse', 'Refuse a requested return, saying why (admins)');

const receive = defineRoute({
  method: 'post',
  path: '/returns/{id}/receive',
  tags,
  summary: "Mark an authorised return's parts received, each resaleable or not (admins)",
  description: 'Resaleable parts go back to stock, once, however often this is sent.',
  security: bearer,
  request: { params: ReturnParams, body: jsonBody(ReturnReceiptSchema) },
  responses: {
    200: json(ReturnRequestSchema, 'Received'),
    ...errors(400, 401, 403, 404, 409, 415),
  },
});

const refund = defineRoute({
  method: 'post',
  path: '/returns/{id}/refund',
  tags,
  summary: "Refund a received return: its lines' price, tax and shipping, less the fee (admins)",
  security: bearer,
  request: { params: ReturnParams },
  responses: {
    200: json(ReturnRequestSchema, 'Refunded'),
    ...errors(401, 402, 403, 404, 409, 503),
  },
});

const settings = defineRoute({
  method: 'get',
  path: '/settings/returns',
  tags,
  summary: 'The return window after delivery, and each reason’s restocking fee',
  responses: { 200: json(ReturnSettingsSchema, 'The rules') },
});

const setSettings = defineRoute({
  method: 'put',
  path: '/settings/returns',
  tags,
  summary:
    'Set the return window and the restocking fees of the returns asked from now on (admins)',
  security: bearer,
  request: { body: jsonBody(ReturnSettingsSchema) },
  responses: { 200: json(ReturnSettingsSchema, 'The new rules'), ...errors(400, 401, 403, 415) },
});

/** Receiving and refunding a return: the return flow's (flows/return.ts), wired by app.ts. */
export interface ReturnFlowSteps {
  receive(caller: CurrentUser, id: string, receipt: ReturnReceipt): Promise<ReturnRequest>;
  refund(caller: CurrentUser, id: string): Promise<ReturnRequest>;
}

export function returnsRoutes(
  returns: ReturnsService,
  flow: ReturnFlowSteps,
  signedIn: MiddlewareHandler<AuthedEnv>,
) {
  const admins = [signedIn, requireAdmin];
  return routesOf<AuthedEnv>()
    .openapi({ ...requestReturn, middleware: signedIn }, async (c) =>
      c.json(await returns.request(c.var.user, c.req.valid('param').id, c.req.valid('json')), 201),
    )
    .openapi({ ...orderReturns, middleware: signedIn }, async (c) =>
      c.json(await returns.forOrder(c.var.user, c.req.valid('param').id), 200),
    )
    .openapi({ ...listReturns, middleware: admins }, async (c) =>
      c.json(await returns.list(c.req.valid('query').status), 200),
    )
    .openapi({ ...authorise, middleware: admins }, async (c) =>
      c.json(
        await returns.decide(c.var.user, c.req.valid('param').id, 'authorise', c.req.valid('json')),
        200,
      ),
    )
    .openapi({ ...refuse, middleware: admins }, async (c) =>
      c.json(
        await returns.decide(c.var.user, c.req.valid('param').id, 'refuse', c.req.valid('json')),
        200,
      ),
    )
    .openapi({ ...receive, middleware: admins }, async (c) =>
      c.json(await flow.receive(c.var.user, c.req.valid('param').id, c.req.valid('json')), 200),
    )
    .openapi({ ...refund, middleware: admins }, async (c) =>
      c.json(await flow.refund(c.var.user, c.req.valid('param').id), 200),
    )
    .openapi(settings, async (c) => c.json(await returns.settings(), 200))
    .openapi({ ...setSettings, middleware: admins }, async (c) =>
      c.json(await returns.setSettings(c.req.valid('json')), 200),
    );
}
