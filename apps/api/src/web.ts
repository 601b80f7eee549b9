import fs from 'node:fs';
import path from 'node:path';
import { serveStatic } from '@hono/node-server/serve-static';
import type { Hono, MiddlewareHandler } from 'hono';

/**
 * Serves the built web app: hashed assets cached for a year, everything else revalidated,
 * and `index.html` for any other path so deep links such as `/dashboard/orders` load the app.
 */
export function serveWebApp(app: Hono, webRoot: string): boolean {
  const indexPath = path.join(webRoot, 'index.html');
  if (!fs.existsSync(indexPath)) return false;
  const indexHtml = fs.readFileSync(indexPath, 'utf8');
  const root = path.relative(process.cwd(), webRoot) || '.';

  const cacheFor =
    (cacheControl: string): MiddlewareHandler =>
    async (c, next) => {
      await next();
      if (c.res.status === 200 && !c.res.headers.has('Cache-Control')) {
        c.res.headers.set('Cache-Control', cacheControl);
      }
    };
  // The innermost one sets the header first: hashed assets, then every other file.
  app.use('*', cacheFor('public, max-age=3600'));
  app.use('/assets/*', cacheFor('public, max-age=31536000, immutable'));
  app.use('*', serveStatic({ root, precompressed: true }));
  app.get('*', (c) => {
    // A missing file (an old asset, a mistyped image) is a 404, not the app's page.
    if (path.extname(c.req.path) !== '') return c.text('Not found', 404);
    c.header('Cache-Control', 'no-cache');
    return c.html(indexHtml);
  });
  return true;
}
