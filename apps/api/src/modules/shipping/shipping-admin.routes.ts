import {
  idParams,
  ShippingMethodInputSchema,
  ShippingMethodSchema,
  ShippingZoneInputSchema,
  ShippingZoneSchema,
  TaxRateInputSchema,
  TaxRateKeySchema,
  TaxRateSchema,
  TaxSettingsSchema,
} from '@shop/shared';
import type { MiddlewareHandler } from 'hono';
import { z } from 'zod';
import { type AuthedEnv, requireAdmin } from '../../auth/guards';
import { bearer, defineRoute, errors, json, jsonBody, routesOf } from '../../lib/openapi';
import type { ShippingAdminService } from './shipping-admin.service';

const ZoneParams = idParams('Shipping zone');
const MethodParams = idParams('Shipping method');
const tags = ['Shipping (admins)'];

const listZones = defineRoute({
  method: 'get',
  path: '/shipping/zones',
  tags,
  summary: 'Every shipping zone with its countries and its methods (admins)',
  security: bearer,
  responses: { 200: json(z.array(ShippingZoneSchema), 'The zones'), ...errors(401, 403) },
});

const createZone = defineRoute({
  method: 'post',
  path: '/shipping/zones',
  tags,
  summary: 'Add a shipping zone (admins)',
  description:
    'A country already in another zone, a second rest of the world, or a name another zone has ' +
    '(whatever its case) answer 409 CONFLICT naming what is in the way under its field.',
  security: bearer,
  request: { body: jsonBody(ShippingZoneInputSchema) },
  responses: { 201: json(ShippingZoneSchema, 'Added'), ...errors(400, 401, 403, 409, 415) },
});

const updateZone = defineRoute({
  method: 'put',
  path: '/shipping/zones/{id}',
  tags,
  summary: "Replace a zone's name, countries, rest-of-the-world flag and refused classes (admins)",
  security: bearer,
  request: { params: ZoneParams, body: jsonBody(ShippingZoneInputSchema) },
  responses: {
    200: json(ShippingZoneSchema, 'Changed'),
    ...errors(400, 401, 403, 404, 409, 415),
  },
});

const removeZone = defineRoute({
  method: 'delete',
  path: '/shipping/zones/{id}',
  tags,
  summary: 'Remove a zone and its methods; past orders keep the method they were sent by (admins)',
  security: bearer,
  request: { params: ZoneParams },
  responses: { 204: { description: 'Removed' }, ...errors(401, 403, 404) },
});

const createMethod = defineRoute({
  method: 'post',
  path: '/shipping/zones/{id}/methods',
  tags,
  summary: 'Add a shipping method to a zone (admins)',
  security: bearer,
  request: { params: ZoneParams, body: jsonBody(ShippingMethodInputSchema) },
  responses: {
    201: json(ShippingMethodSchema, 'Added'),
    ...errors(400, 401, 403, 404, 409, 415),
  },
});

const updateMethod = defineRoute({
  method: 'put',
  path: '/shipping/methods/{id}',
  tags,
  summary: "Replace a method's name, rate rule, estimate, refused classes and position (admins)",
  security: bearer,
  request: { params: MethodParams, body: jsonBody(ShippingMethodInputSchema) },
  responses: {
    200: json(ShippingMethodSchema, 'Changed'),
    ...errors(400, 401, 403, 404, 409, 415),
  },
});

const removeMethod = defineRoute({
  method: 'delete',
  path: '/shipping/methods/{id}',
  tags,
  summary: 'Remove a shipping method; past orders keep its name and figures (admins)',
  security: bearer,
  request: { params: MethodParams },
  responses: { 204: { description: 'Removed' }, ...errors(401, 403, 404) },
});

const listTaxRates = defineRoute({
  method: 'get',
  path: '/shipping/tax-rates',
  tags,
  summary: 'Every tax rate, by country, the whole country before its regions (admins)',
  security: bearer,
  responses: { 200: json(z.array(TaxRateSchema), 'The rates'), ...errors(401, 403) },
});

const saveTaxRate = defineRoute({
  method: 'put',
  path: '/shipping/tax-rates',
  tags,
  summary: 'Set the tax rate of a country or of one of its regions, replacing its rate (admins)',
  security: bearer,
  request: { body: jsonBody(TaxRateInputSchema) },
  responses: { 200: json(TaxRateSchema, 'Saved'), ...errors(400, 401, 403, 415) },
});

const removeTaxRate = defineRoute({
  method: 'delete',
  path: '/shipping/tax-rates',
  tags,
  summary: 'Remove the tax rate of a country, or of one of its regions (admins)',
  security: bearer,
  request: { query: TaxRateKeySchema },
  responses: { 204: { description: 'Removed' }, ...errors(400, 401, 403, 404) },
});

const taxSettings = defineRoute({
  method: 'get',
  path: '/settings/tax',
  tags,
  summary: 'Whether prices include tax, and whether shipping is taxed (admins)',
  security: bearer,
  responses: { 200: json(TaxSettingsSchema, 'The settings'), ...errors(401, 403) },
});

const setTaxSettings = defineRoute({
  method: 'put',
  path: '/settings/tax',
  tags,
  summary: 'Set whether prices include tax, and whether shipping is taxed (admins)',
  security: bearer,
  request: { body: jsonBody(TaxSettingsSchema) },
  responses: { 200: json(TaxSettingsSchema, 'The new settings'), ...errors(400, 401, 403, 415) },
});

/** Every route is for admins: the guards run before the body is read. */
export function shippingAdminRoutes(
  admin: ShippingAdminService,
  signedIn: MiddlewareHandler<AuthedEnv>,
) {
  const middleware = [signedIn, requireAdmin];
  return routesOf<AuthedEnv>()
    .openapi({ ...listZones, middleware }, async (c) => c.json(await admin.listZones(), 200))
    .openapi({ ...createZone, middleware }, async (c) =>
      c.json(await admin.createZone(c.req.valid('json')), 201),
    )
    .openapi({ ...updateZone, middleware }, async (c) =>
      c.json(await admin.updateZone(c.req.valid('param').id, c.req.valid('json')), 200),
    )
    .openapi({ ...removeZone, middleware }, async (c) => {
      await admin.removeZone(c.req.valid('param').id);
      return c.body(null, 204);
    })
    .openapi({ ...createMethod, middleware }, async (c) =>
      c.json(await admin.createMethod(c.req.valid('param').id, c.req.valid('json')), 201),
    )
    .openapi({ ...updateMethod, middleware }, async (c) =>
      c.json(await admin.updateMethod(c.req.valid('param').id, c.req.valid('json')), 200),
    )
    .openapi({ ...removeMethod, middleware }, async (c) => {
      await admin.removeMethod(c.req.valid('param').id);
      return c.body(null, 204);
    })
    .openapi({ ...listTaxRates, middleware }, async (c) => c.json(await admin.listTaxRates(), 200))
    .openapi({ ...saveTaxRate, middleware }, async (c) =>
      c.json(await admin.saveTaxRate(c.req.valid('json')), 200),
    )
    .openapi({ ...removeTaxRate, middleware }, async (c) => {
      await admin.removeTaxRate(c.req.valid('query'));
      return c.body(null, 204);
    })
    .openapi({ ...taxSettings, middleware }, async (c) => c.json(await admin.taxSettings(), 200))
    .openapi({ ...setTaxSettings, middleware }, async (c) =>
      c.json(await admin.setTaxSettings(c.req.valid('json')), 200),
    );
}
