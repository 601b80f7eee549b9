import { SavedAddressInputSchema, SavedAddressSchema, savedAddressParams } from '@shop/shared';
import type { MiddlewareHandler } from 'hono';
import { z } from 'zod';
import type { AuthedEnv } from '../../auth/guards';
import { bearer, defineRoute, errors, json, jsonBody, routesOf } from '../../lib/openapi';
import type { AddressesService } from './addresses.service';

const listAddresses = defineRoute({
  method: 'get',
  path: '/addresses',
  tags: ['Profiles'],
  summary: "The caller's address book, the default first",
  security: bearer,
  responses: { 200: json(z.array(SavedAddressSchema), 'The addresses'), ...errors(401) },
});

const addAddress = defineRoute({
  method: 'post',
  path: '/addresses',
  tags: ['Profiles'],
  summary: 'Save an address (the first saved is the default)',
  security: bearer,
  request: { body: jsonBody(SavedAddressInputSchema) },
  responses: {
    201: json(SavedAddressSchema, 'Saved'),
    ...errors(400, 401, 409, 415),
  },
});

const updateAddress = defineRoute({
  method: 'put',
  path: '/addresses/{id}',
  tags: ['Profiles'],
  summary: 'Change a saved address, or make it the default',
  security: bearer,
  request: { params: savedAddressParams, body: jsonBody(SavedAddressInputSchema) },
  responses: {
    200: json(SavedAddressSchema, 'Changed'),
    ...errors(400, 401, 404, 415),
  },
});

const removeAddress = defineRoute({
  method: 'delete',
  path: '/addresses/{id}',
  tags: ['Profiles'],
  summary: 'Remove a saved address (the newest left becomes the default)',
  security: bearer,
  request: { params: savedAddressParams },
  responses: { 204: { description: 'Removed' }, ...errors(401, 404) },
});

export const addressesRoutes = (
  addresses: AddressesService,
  signedIn: MiddlewareHandler<AuthedEnv>,
) =>
  routesOf<AuthedEnv>()
    .openapi({ ...listAddresses, middleware: signedIn }, async (c) =>
      c.json(await addresses.list(c.var.user), 200),
    )
    .openapi({ ...addAddress, middleware: signedIn }, async (c) =>
      c.json(await addresses.add(c.req.valid('json'), c.var.user), 201),
    )
    .openapi({ ...updateAddress, middleware: signedIn }, async (c) =>
      c.json(await addresses.update(c.req.valid('param').id, c.req.valid('json'), c.var.user), 200),
    )
    .openapi({ ...removeAddress, middleware: signedIn }, async (c) => {
      await addresses.remove(c.req.valid('param').id, c.var.user);
      return c.body(null, 204);
    });
