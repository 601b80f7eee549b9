import fs from 'node:fs';
import path from 'node:path';
import { serveStatic } from '@hono/node-server/serve-static';
import type { Hono } from 'hono';

/**
 * Serves the built web app: hashed assets cached for a year, everything else revalidated,
 * and `index.html` for any other path so deep links such as `/dashboard/orders` load the app.
 */
export function serveWebApp(app: Hono, webRoot: string): boolean {
  const indexPath = path.join(webRoot, 'index.html');
  if (!fs.existsSync(indexPath)) return false;
  const indexHtml = fs.readFileSync(indexPath, 'utf8');
  const root = path.relative(process.cwd(), webRoot) || '.';

  app.use(
    '/assets/*',
    serveStatic({
      root,
      precompressed: true,
      onFound: (_path, c) => c.header('Cache-Control', 'public, max-age=31536000, immutable'),
    }),
  );
  app.use(
    '*',
    serveStatic({
      root,
      precompressed: true,
      onFound: (_path, c) => c.header('Cache-Control', 'public, max-age=3600'),
    }),
  );
  app.get('*', (c) => {
    c.header('Cache-Control', 'no-cache');
    return c.html(indexHtml);
  });
  return true;
}
