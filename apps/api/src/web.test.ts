import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
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

describe('serveWebApp with the route preloads of the build', () => {
  let webRoot: string;
  const app = new Hono();
  beforeAll(() => {
    webRoot = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-web-'));
    fs.mkdirSync(path.join(webRoot, '.vite'));
    fs.writeFileSync(
      path.join(webRoot, 'index.html'),
      '<!doctype html><html><head><title>shop</title></head><body></body></html>',
    );
    fs.writeFileSync(
      path.join(webRoot, '.vite', 'route-preloads.json'),
      JSON.stringify({ '/login': ['/assets/login-abc.js', '/assets/form-def.js'] }),
    );
    expect(serveWebApp(app, webRoot)).toBe(true);
  });
  afterAll(() => fs.rmSync(webRoot, { recursive: true, force: true }));

  it("lists a screen's chunks as modulepreload links in its page", async () => {
    const response = await app.request('/login');
    expect(response.headers.get('Cache-Control')).toBe('no-cache');
    const html = await response.text();
    expect(html).toContain('<link rel="modulepreload" crossorigin href="/assets/login-abc.js">');
    expect(html).toContain('<link rel="modulepreload" crossorigin href="/assets/form-def.js">');
    expect(html.indexOf('form-def.js')).toBeLessThan(html.indexOf('</head>'));
  });

  it('leaves the pages of other paths as built', async () => {
    expect(await (await app.request('/dashboard/orders')).text()).not.toContain('modulepreload');
  });
});
