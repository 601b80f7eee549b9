import { PartPageSchema } from '@shop/shared';
import { z } from 'zod';
import { defineRoute, errors, json, routesOf } from '../../lib/openapi';
import type { PartsService } from './parts.service';

const getPart = defineRoute({
  method: 'get',
  path: '/parts/{slug}',
  tags: ['Parts'],
  summary: "A part's public page: the part, every laptop it fits, and the slug its page lives at",
  description:
    'The slug is the words of the part\'s name and its SKU normalised ("t480-battery-24wh-' +
    'lps100011"); the SKU finds the part, so a slug made before a rename still does, and `slug` ' +
    'is the one to link to. A retired part answers 410 GONE; a slug that names no part, 404.',
  // Checked by the service: a slug that cannot be one names no part (404, as an unknown one).
  request: { params: z.object({ slug: z.string() }) },
  responses: { 200: json(PartPageSchema, 'The part and what it fits'), ...errors(404, 410) },
});

export const partsRoutes = (parts: PartsService) =>
  routesOf().openapi(getPart, async (c) => {
    // Public and the same for everyone: browsers may keep it, asking again each time.
    c.header('Cache-Control', 'no-cache');
    return c.json(await parts.page(c.req.valid('param').slug), 200);
  });
