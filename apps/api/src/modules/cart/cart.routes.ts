import { CartLineAddSchema, CartLineUpdateSchema, CartSchema, cartLineParams } from '@shop/shared';
import type { MiddlewareHandler } from 'hono';
import type { AuthedEnv } from '../../auth/guards';
import { bearer, defineRoute, errors, json, jsonBody, routesOf } from '../../lib/openapi';
import type { CartService } from './cart.service';

const getCart = defineRoute({
  method: 'get',
  path: '/cart',
  tags: ['Cart'],
  summary: "The caller's cart, priced as the catalogue stands now",
  security: bearer,
  responses: { 200: json(CartSchema, 'The cart'), ...errors(401) },
});

const addLine = defineRoute({
  method: 'post',
  path: '/cart/lines',
  tags: ['Cart'],
  summary: 'Add units of a tool to the cart (its line is made if the cart has none)',
  security: bearer,
  request: { body: jsonBody(CartLineAddSchema) },
  responses: {
    200: json(CartSchema, 'The cart with the line'),
    ...errors(400, 401, 404, 409, 415),
  },
});

const updateLine = defineRoute({
  method: 'patch',
  path: '/cart/lines/{toolId}',
  tags: ['Cart'],
  summary: "Set a cart line's quantity",
  security: bearer,
  request: { params: cartLineParams, body: jsonBody(CartLineUpdateSchema) },
  responses: {
    200: json(CartSchema, 'The cart with the new quantity'),
    ...errors(400, 401, 404, 409, 415),
  },
});

const removeLine = defineRoute({
  method: 'delete',
  path: '/cart/lines/{toolId}',
  tags: ['Cart'],
  summary: 'Remove a line from the cart (a line it does not hold changes nothing)',
  security: bearer,
  request: { params: cartLineParams },
  responses: { 200: json(CartSchema, 'The cart without the line'), ...errors(401, 404) },
});

/** The cart of the signed-in caller; nobody reaches another's cart (it is found by account). */
export function cartRoutes(cart: CartService, signedIn: MiddlewareHandler<AuthedEnv>) {
  return routesOf<AuthedEnv>()
    .openapi({ ...getCart, middleware: signedIn }, async (c) =>
      c.json(await cart.view(c.var.user.id), 200),
    )
    .openapi({ ...addLine, middleware: signedIn }, async (c) =>
      c.json(await cart.add(c.var.user.id, c.req.valid('json')), 200),
    )
    .openapi({ ...updateLine, middleware: signedIn }, async (c) =>
      c.json(
        await cart.update(c.var.user.id, c.req.valid('param').toolId, c.req.valid('json').quantity),
        200,
      ),
    )
    .openapi({ ...removeLine, middleware: signedIn }, async (c) =>
      c.json(await cart.remove(c.var.user.id, c.req.valid('param').toolId), 200),
    );
}
