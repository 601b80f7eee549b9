import {
  CategoryListSchema,
  idParams,
  LaptopBrandsSchema,
  LaptopListQuerySchema,
  LaptopListSchema,
  LaptopPageSchema,
} from '@shop/shared';
import type { Context } from 'hono';
import { z } from 'zod';
import { defineRoute, errors, json, routesOf } from '../../lib/openapi';
import type { LaptopsService } from './laptops.service';

const listCategories = defineRoute({
  method: 'get',
  path: '/categories',
  tags: ['Laptops'],
  summary: "The part types, in the shop's order",
  responses: { 200: json(CategoryListSchema, 'The part types') },
});

const listBrands = defineRoute({
  method: 'get',
  path: '/laptops/brands',
  tags: ['Laptops'],
  summary: "Laptop brands and their series, by name: the picker's first two steps",
  responses: { 200: json(LaptopBrandsSchema, 'Brands, each with its series that have models') },
});

const listLaptops = defineRoute({
  method: 'get',
  path: '/laptops',
  tags: ['Laptops'],
  summary: 'The models of a series, or the models a typed name or machine type names',
  description:
    "With `brand` and `series`: that series' models by name. With `q`: the models whose name or " +
    'an alias starts with it, compared as letters and digits ("t48", "20L5", "thinkpad t4", ' +
    '"Lenovo T480"), exact matches first, then by name. At most `limit`.',
  request: { query: LaptopListQuerySchema },
  responses: { 200: json(LaptopListSchema, 'The models'), ...errors(400, 404) },
});

const getLaptop = defineRoute({
  method: 'get',
  path: '/laptops/{slug}',
  tags: ['Laptops'],
  summary: 'A laptop model and every part on sale that fits it, by part type',
  // Checked by the service: a slug that cannot be one names no model (404, as an unknown one).
  request: { params: z.object({ slug: z.string() }) },
  responses: { 200: json(LaptopPageSchema, 'The model and its parts'), ...errors(404) },
});

const toolFits = defineRoute({
  method: 'get',
  path: '/tools/{id}/fits',
  tags: ['Laptops'],
  summary: 'Every laptop model a part fits, by brand, then by name',
  request: { params: idParams('Tool') },
  responses: { 200: json(LaptopListSchema, 'The models'), ...errors(404) },
});

/** Public and the same for everyone: browsers may keep it, asking again each time. */
const revalidated = (c: Context) => c.header('Cache-Control', 'no-cache');

export const laptopsRoutes = (laptops: LaptopsService) =>
  routesOf()
    .openapi(listCategories, async (c) => {
      revalidated(c);
      return c.json({ categories: await laptops.categories() }, 200);
    })
    // Before `/laptops/{slug}`, which would take "brands" for a model.
    .openapi(listBrands, async (c) => {
      revalidated(c);
      return c.json(await laptops.brands(), 200);
    })
    .openapi(listLaptops, async (c) => {
      revalidated(c);
      return c.json(await laptops.list(c.req.valid('query')), 200);
    })
    .openapi(getLaptop, async (c) => {
      revalidated(c);
      return c.json(await laptops.page(c.req.valid('param').slug), 200);
    })
    .openapi(toolFits, async (c) => {
      revalidated(c);
      return c.json(await laptops.fitsOf(c.req.valid('param').id), 200);
    });
