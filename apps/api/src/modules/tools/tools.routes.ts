import {
  messages,
  TOTAL_COUNT_HEADER,
  ToolInputSchema,
  ToolListQuerySchema,
  ToolUpdateSchema,
} from '@shop/shared';
import { Hono, type MiddlewareHandler } from 'hono';
import { type AuthedEnv, requireAdmin } from '../../auth/guards';
import { validate } from '../../lib/validation';
import type { ToolsService } from './tools.service';

export function toolsRoutes(tools: ToolsService, signedIn: MiddlewareHandler<AuthedEnv>) {
  return (
    new Hono<AuthedEnv>()
      .get('/', validate('query', ToolListQuerySchema), async (c) => {
        const { tools: page, total } = await tools.list(c.req.valid('query'));
        c.header(TOTAL_COUNT_HEADER, String(total));
        return c.json(page);
      })
      .get('/:id', async (c) => c.json(await tools.get(c.req.param('id'))))
      // The catalogue changes only by an admin (DESIGN.md: SPEC.md sent no token here).
      .post('/', signedIn, requireAdmin, validate('json', ToolInputSchema), async (c) =>
        c.json(
          { ...(await tools.create(c.req.valid('json'))), message: messages.success.toolAdded },
          201,
        ),
      )
      .patch('/:id', signedIn, requireAdmin, validate('json', ToolUpdateSchema), async (c) =>
        c.json(await tools.update(c.req.param('id'), c.req.valid('json'))),
      )
      .delete('/:id', signedIn, requireAdmin, async (c) => {
        const { retired } = await tools.remove(c.req.param('id'));
        return c.json({ deletedCount: 1, retired });
      })
  );
}
