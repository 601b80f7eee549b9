import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import type { RenderedPageData } from '@shop/shared';
import type { Context, Handler } from 'hono';
import type { Logger } from 'pino';
import { chosenEncoding } from './lib/content-encoding';
import type { PublicPageAnswer } from './modules/public-pages';

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/** The web build's renderer (apps/web/src/prerender.tsx), as the server calls it. */
interface Renderer {
  renderPage(
    urlPath: string,
    data: RenderedPageData,
  ): Promise<{ html: string; status: number; dataScript: string }>;
}

/** One rendered page and the encodings made of it so far. */
interface Rendered {
  html: string;
  br?: Promise<Buffer>;
  gzip?: Promise<Buffer>;
}

/** Pages kept rendered, the most recently sent last: enough for a shop's busy pages. */
const KEPT_PAGES = 200;

/**
 * Fast enough per request (about 1 ms for a page of 130 KB) and within a few per cent of the
 * highest levels, which the build uses for files compressed once (decision 010).
 */
const BROTLI_QUALITY = 5;

/** What the server answers for a screen the web app renders with data (decision 036). */
export interface RenderedScreens {
  /** Web app route pattern ("/parts/:slug") -> the page's answer for the slug. */
  [pattern: string]: (slug: string) => Promise<PublicPageAnswer>;
}

/**
 * The handlers of the pages the server renders at each request with their data (decision 036):
 * each route pattern the build made a template for (`.vite/pages.json`, `dynamic`), answered
 * with the page's head and its screen rendered with the data, an ETag of what it was made from
 * (a request that names it gets 304 without a render), and `Cache-Control: public, no-cache`,
 * so a CDN may keep it but asks each time: an admin's change shows on the next request.
 * A page the server cannot render (the renderer failed) is the app's shell, which the browser
 * renders; a missing one is the missing page with the status and `noindex`.
 */
export function renderedScreens(options: {
  webRoot: string;
  /** `.vite/pages.json`'s renderer and templates. */
  renderer: string;
  templates: Record<string, string>;
  screens: RenderedScreens;
  /** The missing page as the build rendered it, and the app's shell. */
  notFoundHtml: string;
  shellHtml: string;
  logger: Logger;
}): Array<[pattern: string, handler: Handler]> {
  const { webRoot, screens, logger } = options;
  const loading = import(pathToFileURL(path.join(webRoot, options.renderer)).href).then(
    (module) => module as Renderer,
  );
  // Seen when the first page is asked for; not an unhandled rejection before it.
  loading.catch(() => undefined);
  const kept = new Map<string, Rendered>();
  // The missing page with no title of its own and not to be indexed; the browser renders the
  // screen in its place (the API's answer tells the screen what to show).
  const missingPage = (head: string) =>
    options.notFoundHtml
      .replace(/<title>[^<]*<\/title>/, head)
      .replace('<div id="root">', '<div id="root" data-render="client">');

  return Object.entries(options.templates).flatMap(([pattern, file]) => {
    const read = screens[pattern];
    if (!read) return [];
    const template = fs.readFileSync(path.join(webRoot, file), 'utf8');
    // The build's pages name its assets: a new build makes new ETags.
    const build = createHash('sha256').update(template).digest('base64url').slice(0, 12);
    const handler: Handler = async (c) => {
      const answer = await read(c.req.param('slug') ?? '');
      if (answer.kind === 'moved') return c.redirect(answer.location, 301);
      c.header('Vary', 'Accept-Encoding');
      if (answer.kind === 'missing') {
        c.header('Cache-Control', 'no-cache');
        c.header('X-Robots-Tag', 'noindex');
        return c.html(missingPage(answer.head), answer.status);
      }
      const urlPath = c.req.path + (new URL(c.req.url).search || '');
      const etag = `"${build}-${createHash('sha256')
        .update(`${urlPath}\n${answer.head}\n${JSON.stringify(answer.data)}`)
        .digest('base64url')
        .slice(0, 27)}"`;
      const asked = c.req.header('If-None-Match');
      if (asked && asked.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag)) {
        c.header('Cache-Control', 'public, no-cache');
        c.header('ETag', etag);
        return c.body(null, 304);
      }
      let page = kept.get(etag);
      if (page) kept.delete(etag);
      else {
        try {
          const { html, dataScript } = await (await loading).renderPage(urlPath, answer.data);
          page = {
            html: template
              .replace('<!--page-head-->', () => answer.head)
              .replace('<!--page-html-->', () => html)
              .replace('<!--page-data-->', () => dataScript),
          };
        } catch (error) {
          logger.error({ err: error, path: c.req.path }, 'a page could not be rendered');
          c.header('Cache-Control', 'no-cache');
          return c.html(options.shellHtml, 200);
        }
      }
      kept.set(etag, page);
      if (kept.size > KEPT_PAGES) kept.delete(kept.keys().next().value!);
      c.header('Cache-Control', 'public, no-cache');
      c.header('ETag', etag);
      return send(c, page);
    };
    return [[pattern, handler] as [string, Handler]];
  });
}

/** The page in the best encoding the browser accepts, each encoding made once per page. */
async function send(c: Context, page: Rendered) {
  const encoding = chosenEncoding(c.req.header('Accept-Encoding'));
  let body: Promise<Buffer>;
  if (encoding === 'br') {
    body = page.br ??= brotli(page.html, {
      params: { [zlib.constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY },
    });
    c.header('Content-Encoding', 'br');
  } else if (encoding === 'gzip') {
    body = page.gzip ??= gzip(page.html, { level: 6 });
    c.header('Content-Encoding', 'gzip');
  } else return c.html(page.html, 200);
  c.header('Content-Type', 'text/html; charset=UTF-8');
  return c.body(new Uint8Array(await body), 200);
}
