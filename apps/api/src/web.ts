import fs from 'node:fs';
import path from 'node:path';
import { serveStatic } from '@hono/node-server/serve-static';
import type { Hono, MiddlewareHandler } from 'hono';

/**
 * `index.html` for each path the web build lists in `.vite/route-preloads.json`, with that
 * screen's chunks as `<link rel="modulepreload">`: the browser fetches them with the entry
 * script instead of discovering them once it has run (decision 010).
 */
function pagesWithPreloads(webRoot: string, indexHtml: string): Map<string, string> {
  const listPath = path.join(webRoot, '.vite', 'route-preloads.json');
  if (!fs.existsSync(listPath)) return new Map();
  const list = JSON.parse(fs.readFileSync(listPath, 'utf8')) as Record<string, string[]>;
  return new Map(
    Object.entries(list).map(([urlPath, files]) => {
      const links = files.map((file) => `<link rel="modulepreload" crossorigin href="${file}">`);
      return [urlPath, indexHtml.replace('</head>', `  ${links.join('\n    ')}\n  </head>`)];
    }),
  );
}

/**
 * Serves the built web app: hashed assets cached for a year, everything else revalidated,
 * and `index.html` for any other path so deep links such as `/dashboard/orders` load the app.
 */
export function serveWebApp(app: Hono, webRoot: string): boolean {
  const indexPath = path.join(webRoot, 'index.html');
  if (!fs.existsSync(indexPath)) return false;
  const indexHtml = fs.readFileSync(indexPath, 'utf8');
  const pages = pagesWithPreloads(webRoot, indexHtml);
  const root = path.relative(process.cwd(), webRoot) || '.';

  const cacheFor =
    (cacheControl: string): MiddlewareHandler =>
    async (c, next) => {
      await next();
      if (c.res.status === 200 && !c.res.headers.has('Cache-Control')) {
        c.res.headers.set('Cache-Control', cacheControl);
      }
    };
  // The app's page is always revalidated: after a deploy it must name the new assets.
  const appPage: MiddlewareHandler = async (c) => {
    c.header('Cache-Control', 'no-cache');
    return c.html(pages.get(c.req.path) ?? indexHtml);
  };
  const notFound: MiddlewareHandler = async (c) => c.text('Not found', 404);
  app.get('/', appPage);
  app.get('/index.html', appPage);
  // The build's own notes (manifest, preload list) are not for browsers.
  app.all('/.vite/*', notFound);
  // The innermost one sets the header first: hashed assets, then every other file.
  app.use('*', cacheFor('public, max-age=3600'));
  app.use('/assets/*', cacheFor('public, max-age=31536000, immutable'));
  app.use('*', serveStatic({ root, precompressed: true }));
  // A missing file (an old asset, a mistyped image) is a 404, not the app's page.
  app.get('*', (c, next) =>
    path.extname(c.req.path) !== '' ? notFound(c, next) : appPage(c, next),
  );
  return true;
}
