import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { Hono } from 'hono';
import pino from 'pino';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { PublicPageAnswer } from './modules/public-pages/public-pages';
import { serveWebApp } from './web';

/**
 * The pages the server renders at each request (decision 036), with a renderer standing in for
 * the web build's: it writes back the path and the data it was given, and counts its renders.
 */
describe('serveWebApp with the screens rendered at each request', () => {
  let webRoot: string;
  const app = new Hono();
  /** What the stand-in screens answer next, by slug. */
  const answers = new Map<string, PublicPageAnswer>();
  const read = (slug: string) =>
    Promise.resolve(
      answers.get(slug) ??
        ({
          kind: 'missing',
          status: 404,
          head: '<meta name="robots" content="noindex" />',
        } as const),
    );
  const logged: string[] = [];
  const logger = pino({ level: 'error' }, { write: (line: string) => logged.push(line) });
  const renders = () => (globalThis as { renders?: number }).renders ?? 0;

  beforeAll(() => {
    webRoot = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-web-'));
    fs.mkdirSync(path.join(webRoot, '.vite', 'pages'), { recursive: true });
    fs.mkdirSync(path.join(webRoot, '.vite', 'server'), { recursive: true });
    fs.writeFileSync(
      path.join(webRoot, 'index.html'),
      '<!doctype html><html><head><title>Shop</title></head><body><div id="root"></div></body></html>',
    );
    fs.writeFileSync(
      path.join(webRoot, '.vite', 'pages', 'not-found.html'),
      '<!doctype html><html><head><title>Shop</title></head><body><div id="root"><h1>Page not found</h1></div></body></html>',
    );
    fs.writeFileSync(
      path.join(webRoot, '.vite', 'pages', 'part.html'),
      '<!doctype html><html><head><!--page-head--></head><body><div id="root"><!--page-html--></div><!--page-data--></body></html>',
    );
    fs.writeFileSync(
      path.join(webRoot, '.vite', 'server', 'render.mjs'),
      `export async function renderPage(urlPath, data) {
        globalThis.renders = (globalThis.renders ?? 0) + 1;
        if (data.part?.page === 'broken') throw new Error('the renderer failed');
        return {
          html: '<h1>' + urlPath + '</h1>',
          status: 200,
          dataScript: '<script type="application/json">' + JSON.stringify(data) + '</script>',
        };
      }`,
    );
    fs.writeFileSync(
      path.join(webRoot, '.vite', 'pages.json'),
      JSON.stringify({
        pages: {},
        notFound: '.vite/pages/not-found.html',
        routes: ['/', '/parts/:slug'],
        renderer: '.vite/server/render.mjs',
        dynamic: { '/parts/:slug': '.vite/pages/part.html' },
      }),
    );
    expect(serveWebApp(app, webRoot, { screens: { '/parts/:slug': read }, logger })).toBe(true);
  });
  afterAll(() => fs.rmSync(webRoot, { recursive: true, force: true }));
  beforeEach(() => {
    answers.clear();
    logged.length = 0;
  });

  const page = (name: string): PublicPageAnswer => ({
    kind: 'page',
    head: `<title>${name}</title>`,
    data: { part: { slug: 'battery-a1', page: name as never } },
  });

  it('answers with the head, the screen rendered with its data, and that data for the browser', async () => {
    answers.set('battery-a1', page('Battery'));
    const response = await app.request('/parts/battery-a1?from=search');
    expect(response.status).toBe(200);
    expect(response.headers.get('Cache-Control')).toBe('public, no-cache');
    expect(response.headers.get('Content-Type')).toBe('text/html; charset=UTF-8');
    expect(await response.text()).toBe(
      '<!doctype html><html><head><title>Battery</title></head><body><div id="root">' +
        '<h1>/parts/battery-a1?from=search</h1></div><script type="application/json">' +
        '{"part":{"slug":"battery-a1","page":"Battery"}}</script></body></html>',
    );
  });

  it('answers a request naming its ETag with 304 and no render, and a changed page with a new one', async () => {
    answers.set('battery-a1', page('Battery'));
    const first = await app.request('/parts/battery-a1');
    const etag = first.headers.get('ETag');
    expect(etag).toMatch(/^"[\w-]+"$/);
    const before = renders();
    const again = await app.request('/parts/battery-a1', {
      headers: { 'If-None-Match': `"other", W/${etag}` },
    });
    expect(again.status).toBe(304);
    expect(again.headers.get('ETag')).toBe(etag);
    expect(renders()).toBe(before);
    // The admin changed the part: the next request sees it.
    answers.set('battery-a1', page('Battery, new price'));
    const changed = await app.request('/parts/battery-a1', { headers: { 'If-None-Match': etag! } });
    expect(changed.status).toBe(200);
    expect(changed.headers.get('ETag')).not.toBe(etag);
    expect(await changed.text()).toContain('<title>Battery, new price</title>');
  });

  it('renders a page once for the same data, and compresses it as the browser accepts', async () => {
    answers.set('battery-a1', page('Kept'));
    const before = renders();
    const br = await app.request('/parts/battery-a1', { headers: { 'Accept-Encoding': 'br' } });
    const gzip = await app.request('/parts/battery-a1', {
      headers: { 'Accept-Encoding': 'gzip' },
    });
    expect(renders()).toBe(before + 1);
    expect(br.headers.get('Content-Encoding')).toBe('br');
    expect(br.headers.get('Vary')).toBe('Accept-Encoding');
    expect(brotliDecompressSync(Buffer.from(await br.arrayBuffer())).toString()).toContain(
      '<title>Kept</title>',
    );
    expect(gzip.headers.get('Content-Encoding')).toBe('gzip');
    expect(gunzipSync(Buffer.from(await gzip.arrayBuffer())).toString()).toContain(
      '<title>Kept</title>',
    );
  });

  it('moves an old address to the one the page lives at, for good (301)', async () => {
    answers.set('old-name-a1', { kind: 'moved', location: '/parts/battery-a1' });
    const response = await app.request('/parts/old-name-a1');
    expect(response.status).toBe(301);
    expect(response.headers.get('Location')).toBe('/parts/battery-a1');
  });

  it.each([404, 410] as const)(
    'answers a missing page with %i, not to be indexed, rendered by the browser',
    async (status) => {
      answers.set('gone-a1', {
        kind: 'missing',
        status,
        head: '<title>Missing</title><meta name="robots" content="noindex" />',
      });
      const response = await app.request('/parts/gone-a1');
      expect(response.status).toBe(status);
      expect(response.headers.get('X-Robots-Tag')).toBe('noindex');
      expect(response.headers.get('ETag')).toBeNull();
      const body = await response.text();
      expect(body).toContain('<title>Missing</title><meta name="robots" content="noindex" />');
      expect(body).toContain('<div id="root" data-render="client"><h1>Page not found</h1>');
    },
  );

  it("answers with the app's shell, and logs it, when the renderer fails", async () => {
    answers.set('battery-a1', {
      kind: 'page',
      head: '<title>Broken</title>',
      data: { part: { slug: 'battery-a1', page: 'broken' as never } },
    });
    const response = await app.request('/parts/battery-a1');
    expect(response.status).toBe(200);
    expect(response.headers.get('ETag')).toBeNull();
    expect(await response.text()).toContain('<div id="root"></div>');
    expect(logged.join('')).toContain('a page could not be rendered');
  });
});
