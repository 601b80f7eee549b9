import fs from 'node:fs';
import path from 'node:path';
import { serveStatic } from '@hono/node-server/serve-static';
import type { Context, Hono, MiddlewareHandler } from 'hono';
import type { Logger } from 'pino';
import { type RenderedScreens, renderedScreens } from './web-rendered';

/** A page of the web app, with the build's compressed copies when it made them. */
interface Page {
  html: string;
  br?: Buffer;
  gzip?: Buffer;
}

/** What the web build writes in `.vite/pages.json` (apps/web/scripts/prerender.mjs). */
interface BuiltPages {
  /** The public pages, rendered ahead of time: URL path -> file. */
  pages: Record<string, string>;
  /** The missing page, rendered ahead of time. */
  notFound: string;
  /** Every path pattern of the app's screens, as "/tools/:id". */
  routes: string[];
  /** The renderer the server renders some screens with at each request (decision 036). */
  renderer?: string;
  /** Those screens: route pattern -> the page's template. */
  dynamic?: Record<string, string>;
}

/** `.vite/pages.json`, when the build wrote one. */
function builtPages(webRoot: string): BuiltPages | undefined {
  const listPath = path.join(webRoot, '.vite', 'pages.json');
  return fs.existsSync(listPath)
    ? (JSON.parse(fs.readFileSync(listPath, 'utf8')) as BuiltPages)
    : undefined;
}

function readPage(file: string): Page {
  const read = (suffix: string) =>
    fs.existsSync(file + suffix) ? fs.readFileSync(file + suffix) : undefined;
  return { html: fs.readFileSync(file, 'utf8'), br: read('.br'), gzip: read('.gz') };
}

/** "/tools/:id" as a test of a path: one segment per parameter, a trailing slash allowed. */
function patternTest(pattern: string): (urlPath: string) => boolean {
  const segments = pattern
    .split('/')
    .filter(Boolean)
    .map((segment) =>
      segment.startsWith(':') ? '[^/]+' : segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'),
    );
  const expression = new RegExp(`^/${segments.join('/')}/?$`);
  return (urlPath) => expression.test(urlPath);
}

/**
 * The page for each path: a public page as the build rendered it (decision 018), the app's
 * shell for the other screens and for public pages asked with a query, and the missing page with 404 for paths no screen answers.
 * A build without `.vite/pages.json` answers every path with its shell.
 */
function pagesOf(webRoot: string, shell: Page, built: BuiltPages | undefined) {
  if (!built) return () => ({ page: shell, status: 200 as const });
  const rendered = new Map(
    Object.entries(built.pages).map(([urlPath, file]) => [
      urlPath,
      readPage(path.join(webRoot, file)),
    ]),
  );
  const notFound = readPage(path.join(webRoot, built.notFound));
  const screens = built.routes.map(patternTest);
  return (urlPath: string, hasQuery: boolean) => {
    // A query can change a page's first render (`/login?error=`): the browser renders it.
    const page = hasQuery ? undefined : rendered.get(urlPath);
    if (page) return { page, status: 200 as const };
    return screens.some((isScreen) => isScreen(urlPath))
      ? { page: shell, status: 200 as const }
      : { page: notFound, status: 404 as const };
  };
}

/** The page in the best encoding the browser accepts. */
function answerPage(c: Context, page: Page, status: 200 | 404) {
  c.header('Cache-Control', 'no-cache');
  c.header('Vary', 'Accept-Encoding');
  const accepted = c.req.header('Accept-Encoding') ?? '';
  const [encoding, body] =
    page.br && /\bbr\b/.test(accepted)
      ? ['br', page.br]
      : page.gzip && /\bgzip\b/.test(accepted)
        ? ['gzip', page.gzip]
        : [undefined, undefined];
  if (!encoding || !body) return c.html(page.html, status);
  c.header('Content-Encoding', encoding);
  c.header('Content-Type', 'text/html; charset=UTF-8');
  return c.body(new Uint8Array(body), status);
}

/**
 * Serves the built web app: hashed assets cached for a year, everything else revalidated, the
 * public pages already rendered, a part's and a laptop model's page rendered with their data
 * at each request (`screens`, when given), and the app's page for the other screens so deep
 * links such as `/dashboard/orders` load the app.
 */
export function serveWebApp(
  app: Hono,
  webRoot: string,
  rendering?: { screens: RenderedScreens; logger: Logger },
): boolean {
  const indexPath = path.join(webRoot, 'index.html');
  if (!fs.existsSync(indexPath)) return false;
  const built = builtPages(webRoot);
  const shell = readPage(indexPath);
  const pageFor = pagesOf(webRoot, shell, built);
  const root = path.relative(process.cwd(), webRoot) || '.';

  const cacheFor =
    (cacheControl: string): MiddlewareHandler =>
    async (c, next) => {
      await next();
      if (c.res.status === 200 && !c.res.headers.has('Cache-Control')) {
        c.res.headers.set('Cache-Control', cacheControl);
      }
    };
  // The app's pages are always revalidated: after a deploy they must name the new assets.
  const appPage: MiddlewareHandler = async (c) => {
    const urlPath = c.req.path === '/index.html' ? '/' : c.req.path;
    const { page, status } = pageFor(urlPath, c.req.url.includes('?'));
    return answerPage(c, page, status);
  };
  const notFound: MiddlewareHandler = async (c) => c.text('Not found', 404);
  app.get('/', appPage);
  app.get('/index.html', appPage);
  if (rendering && built?.renderer && built.dynamic) {
    const handlers = renderedScreens({
      webRoot,
      renderer: built.renderer,
      templates: built.dynamic,
      screens: rendering.screens,
      notFoundHtml: fs.readFileSync(path.join(webRoot, built.notFound), 'utf8'),
      shellHtml: shell.html,
      logger: rendering.logger,
    });
    for (const [pattern, handler] of handlers) app.get(pattern, handler);
  }
  // The build's own notes (manifest, preload list, pages) are not for browsers.
  app.all('/.vite/*', notFound);
  // The innermost one sets the header first: hashed assets, then every other file.
  app.use('*', cacheFor('public, max-age=3600'));
  app.use('/assets/*', cacheFor('public, max-age=31536000, immutable'));
  app.use('*', serveStatic({ root, precompressed: true }));
  // A missing file (an old asset, a mistyped image) is a plain 404, not a page.
  app.get('*', (c, next) =>
    path.extname(c.req.path) !== '' ? notFound(c, next) : appPage(c, next),
  );
  return true;
}
