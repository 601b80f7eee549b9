import { CarrierInputSchema, CarrierSchema, idParams } from '@shop/shared';
import type { MiddlewareHandler } from 'hono';
import { z } from 'zod';
import { type AuthedEnv, requireAdmin } from '../../auth/guards';
import { bearer, defineRoute, errors, json, jsonBody, routesOf } from '../../lib/openapi';
import type { CarriersService } from './carriers.service';

const CarrierParams = idParams('Carrier');
const tags = ['Carriers (admins)'];

const listCarriers = defineRoute({
  method: 'get',
  path: '/carriers',
  tags,
  summary: 'Every carrier an order can be shipped by, by name (admins)',
  security: bearer,
  responses: { 200: json(z.array(CarrierSchema), 'The carriers'), ...errors(401, 403) },
});

const createCarrier = defineRoute({
  method: 'post',
  path: '/carriers',
  tags,
  summary: 'Add a carrier with its tracking link, {tracking} standing for the number (admins)',
  description: 'A name another carrier has (whatever its case) answers 409 CONFLICT.',
  security: bearer,
  request: { body: jsonBody(CarrierInputSchema) },
  responses: { 201: json(CarrierSchema, 'Added'), ...errors(400, 401, 403, 409, 415) },
});

const updateCarrier = defineRoute({
  method: 'put',
  path: '/carriers/{id}',
  tags,
  summary: "Replace a carrier's name and tracking link; shipped orders keep theirs (admins)",
  security: bearer,
  request: { params: CarrierParams, body: jsonBody(CarrierInputSchema) },
  responses: { 200: json(CarrierSchema, 'Changed'), ...errors(400, 401, 403, 404, 409, 415) },
});

const removeCarrier = defineRoute({
  method: 'delete',
  path: '/carriers/{id}',
  tags,
  summary: 'Remove a carrier; orders shipped by it keep its name and links (admins)',
  security: bearer,
  request: { params: CarrierParams },
  responses: { 204: { description: 'Removed' }, ...errors(401, 403, 404) },
});

/** Every route is for admins: the guards run before the body is read. */
export function carriersRoutes(carriers: CarriersService, signedIn: MiddlewareHandler<AuthedEnv>) {
  const middleware = [signedIn, requireAdmin];
  return routesOf<AuthedEnv>()
    .openapi({ ...listCarriers, middleware }, async (c) => c.json(await carriers.list(), 200))
    .openapi({ ...createCarrier, middleware }, async (c) =>
      c.json(await carriers.create(c.req.valid('json')), 201),
    )
    .openapi({ ...updateCarrier, middleware }, async (c) =>
      c.json(await carriers.update(c.req.valid('param').id, c.req.valid('json')), 200),
    )
    .openapi({ ...removeCarrier, middleware }, async (c) => {
      await carriers.remove(c.req.valid('param').id);
      return c.body(null, 204);
    });
}
