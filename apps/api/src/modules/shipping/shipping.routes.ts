import { ShippingQuoteRequestSchema, ShippingQuoteSchema } from '@shop/shared';
import { defineRoute, errors, json, jsonBody, routesOf } from '../../lib/openapi';
import type { ShippingService } from './shipping.service';

const quoteRoute = defineRoute({
  method: 'post',
  path: '/shipping/quote',
  tags: ['Shipping'],
  summary:
    'What shipping these parts to a country (and region) costs by each method, with the tax, or why nothing can take them there',
  request: { body: jsonBody(ShippingQuoteRequestSchema) },
  responses: {
    200: json(ShippingQuoteSchema, 'The methods that can take them, priced, and those that cannot'),
    ...errors(400, 404, 415),
  },
});

/** Anyone may ask (a visitor's cart too): a quote reveals prices the shop shows anyway. */
export const shippingRoutes = (shipping: ShippingService) =>
  routesOf().openapi(quoteRoute, async (c) =>
    c.json(await shipping.quote(c.req.valid('json')), 200),
  );
