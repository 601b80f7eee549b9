import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serveWebApp } from './web';

describe('serveWebApp', () => {
  let webRoot: string;
  const app = new Hono();
  beforeAll(() => {
    webRoot = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-web-'));
    fs.mkdirSync(path.join(webRoot, 'assets'));
    fs.writeFileSync(path.join(webRoot, 'index.html'), '<!doctype html><title>shop</title>');
    fs.writeFileSync(path.join(webRoot, 'assets', 'app-abc123.js'), 'console.log(1)');
    expect(serveWebApp(app, webRoot)).toBe(true);
  });
  afterAll(() => fs.rmSync(webRoot, { recursive: true, force: true }));

  it.each(['/', '/blogs', '/dashboard/orders', '/tools/123'])(
    'answers the deep link %s with the app page',
    async (link) => {
      const response = await app.request(link);
      expect(response.status).toBe(200);
      expect(await response.text()).toContain('<title>shop</title>');
    },
  );

  it.each(['/', '/index.html', '/blogs'])(
    'has browsers revalidate the app page at %s',
    async (link) => {
      const response = await app.request(link);
      expect(response.headers.get('Cache-Control')).toBe('no-cache');
    },
  );

  it("keeps the build's notes to itself", async () => {
    fs.mkdirSync(path.join(webRoot, '.vite'), { recursive: true });
    fs.writeFileSync(path.join(webRoot, '.vite', 'manifest.json'), '{}');
    expect((await app.request('/.vite/manifest.json')).status).toBe(404);
  });

  it('serves hashed assets with a long cache', async () => {
    const response = await app.request('/assets/app-abc123.js');
    expect(response.status).toBe(200);
    expect(response.headers.get('Cache-Control')).toContain('immutable');
  });

  it('answers a missing file with 404, not the app page', async () => {
    expect((await app.request('/assets/gone-000.js')).status).toBe(404);
    expect((await app.request('/images/missing.svg')).status).toBe(404);
  });

  it('reports a missing build', () => {
    expect(serveWebApp(new Hono(), path.join(webRoot, 'nowhere'))).toBe(false);
  });
});

describe('serveWebApp with the pages the build rendered ahead of time', () => {
  let webRoot: string;
  const app = new Hono();
  const page = (body: string) =>
    `<!doctype html><html><body><div id="root">${body}</div></body></html>`;
  beforeAll(() => {
    webRoot = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-web-'));
    fs.mkdirSync(path.join(webRoot, '.vite', 'pages'), { recursive: true });
    fs.writeFileSync(path.join(webRoot, 'index.html'), page(''));
    const write = (file: string, body: string) => {
      const html = page(body);
      fs.writeFileSync(path.join(webRoot, '.vite', 'pages', file), html);
      fs.writeFileSync(
        path.join(webRoot, '.vite', 'pages', `${file}.br`),
        brotliCompressSync(html),
      );
      fs.writeFileSync(path.join(webRoot, '.vite', 'pages', `${file}.gz`), gzipSync(html));
    };
    write('home.html', '<h1>Home</h1>');
    write('login.html', '<h1>Login</h1>');
    write('not-found.html', '<h1>Page not found</h1>');
    fs.writeFileSync(
      path.join(webRoot, '.vite', 'pages.json'),
      JSON.stringify({
        pages: { '/': '.vite/pages/home.html', '/login': '.vite/pages/login.html' },
        notFound: '.vite/pages/not-found.html',
        routes: ['/', '/login', '/tools/:id', '/dashboard', '/dashboard/orders'],
      }),
    );
    expect(serveWebApp(app, webRoot)).toBe(true);
  });
  afterAll(() => fs.rmSync(webRoot, { recursive: true, force: true }));

  it.each([
    ['/', 'Home'],
    ['/index.html', 'Home'],
    ['/login', 'Login'],
  ])('answers %s with its page rendered', async (link, heading) => {
    const response = await app.request(link);
    expect(response.status).toBe(200);
    expect(response.headers.get('Cache-Control')).toBe('no-cache');
    expect(await response.text()).toContain(`<div id="root"><h1>${heading}</h1></div>`);
  });

  it.each([
    ['br', 'gzip, deflate, br', brotliDecompressSync],
    ['gzip', 'gzip, deflate', gunzipSync],
  ] as const)(
    'sends a page compressed with %s to a browser that accepts it',
    async (encoding, accepted, decompress) => {
      const response = await app.request('/login', { headers: { 'Accept-Encoding': accepted } });
      expect(response.headers.get('Content-Encoding')).toBe(encoding);
      expect(response.headers.get('Content-Type')).toBe('text/html; charset=UTF-8');
      expect(response.headers.get('Vary')).toBe('Accept-Encoding');
      const body = decompress(Buffer.from(await response.arrayBuffer())).toString();
      expect(body).toContain('<h1>Login</h1>');
    },
  );

  it.each([
    '/dashboard',
    '/dashboard/orders',
    '/dashboard/orders/',
    '/tools/123',
    '/tools/1%202',
    '/login?error=access_denied',
    '/?utm_source=mail',
  ])("answers the screen %s with the app's page", async (link) => {
    const response = await app.request(link);
    expect(response.status).toBe(200);
    expect(await response.text()).toContain('<div id="root"></div>');
  });

  it.each(['/nope', '/tools', '/tools/1/2', '/dashboard/unknown', '/loginx'])(
    'answers %s, which no screen has, with the missing page and 404',
    async (link) => {
      const response = await app.request(link, { headers: { 'Accept-Encoding': 'gzip' } });
      expect(response.status).toBe(404);
      expect(response.headers.get('Cache-Control')).toBe('no-cache');
      const body = gunzipSync(Buffer.from(await response.arrayBuffer())).toString();
      expect(body).toContain('<h1>Page not found</h1>');
    },
  );
});
