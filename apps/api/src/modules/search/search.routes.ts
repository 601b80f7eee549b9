import { SearchQuerySchema, SearchResultSchema } from '@shop/shared';
import { defineRoute, errors, json, routesOf } from '../../lib/openapi';
import type { SearchService } from './search.service';

const searchParts = defineRoute({
  method: 'get',
  path: '/search',
  tags: ['Search'],
  summary: 'Find parts by part number, laptop model, part type or words, with facets',
  description:
    'Ranked as docs/product.md (Search) describes: a part number or SKU typed in any form first, then the parts that fit a laptop the text names and are of the part type it names, then full-text relevance, then names like the text (typos). Each facet counts what choosing its value lists.',
  request: { query: SearchQuerySchema },
  responses: {
    200: json(SearchResultSchema, 'A page of parts, their total and the facets'),
    ...errors(400),
  },
});

export const searchRoutes = (search: SearchService) =>
  routesOf().openapi(searchParts, async (c) => {
    c.header('Cache-Control', 'no-cache');
    return c.json(await search.search(c.req.valid('query')), 200);
  });
