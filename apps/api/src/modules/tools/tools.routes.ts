import { TOTAL_COUNT_HEADER, ToolListQuerySchema } from '@shop/shared';
import { Hono } from 'hono';
import { validate } from '../../lib/validation';
import type { ToolsService } from './tools.service';

export function toolsRoutes(tools: ToolsService) {
  return new Hono()
    .get('/', validate('query', ToolListQuerySchema), async (c) => {
      const { tools: page, total } = await tools.list(c.req.valid('query'));
      c.header(TOTAL_COUNT_HEADER, String(total));
      return c.json(page);
    })
    .get('/:id', async (c) => c.json(await tools.get(c.req.param('id'))));
}
