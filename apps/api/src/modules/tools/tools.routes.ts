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

/** `If-None-Match` lists ETags (or `*`); weak comparison, as RFC 9110 asks for GET. */
function matchesEtag(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  const opaque = (tag: string) => tag.trim().replace(/^W\//, '');
  return header.split(',').some((tag) => tag.trim() === '*' || opaque(tag) === opaque(etag));
}

export function toolsRoutes(tools: ToolsService, signedIn: MiddlewareHandler<AuthedEnv>) {
  return (
    new Hono<AuthedEnv>()
      .get('/', validate('query', ToolListQuerySchema), async (c) => {
        const page = await tools.listPage(c.req.valid('query'));
        c.header(TOTAL_COUNT_HEADER, String(page.total));
        // Browsers revalidate every time; an unchanged page costs a 304 and no body.
        c.header('Cache-Control', 'no-cache');
        c.header('ETag', page.etag);
        if (matchesEtag(c.req.header('If-None-Match'), page.etag)) return c.body(null, 304);
        return c.body(page.json, 200, { 'Content-Type': 'application/json' });
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
