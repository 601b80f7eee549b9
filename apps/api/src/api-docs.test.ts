/**
 * The published contract (issue 14): `GET /api/openapi.json` is a valid OpenAPI 3.1 document
 * that lists every route of the route table, and `/api/docs` is a page under its own CSP. That
 * the tests' answers match it is checked on every request (test/contract.ts), proved here too.
 */
import fs from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { Validator } from '@seriousme/openapi-schema-validator';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { EVAL_PROBE } from './api-docs';
import { matrix } from './security/route-table';
import { contractChecker } from './test/contract';
import { describeEachDatabase } from './test/databases';
import { type TestApp, createTestApp } from './test/test-app';

type Document = {
  openapi: string;
  paths: Record<string, Record<string, { responses: Record<string, unknown> }>>;
  components: { securitySchemes: Record<string, unknown>; schemas: Record<string, unknown> };
  servers: Array<{ url: string }>;
};

/** `GET /api/tools/:id` -> `get /api/tools/{id}`; Better Auth's `*`, any path under it. */
function documented(document: Document, route: string): boolean {
  const [method, path] = route.split(' ') as [string, string];
  const verb = method.toLowerCase();
  if (path.endsWith('/*')) {
    const prefix = path.slice(0, -1);
    return Object.entries(document.paths).some(
      ([documentedPath, item]) => documentedPath.startsWith(prefix) && verb in item,
    );
  }
  return verb in (document.paths[path.replace(/:([^/]+)/g, '{$1}')] ?? {});
}

describeEachDatabase('the published contract', (kind) => {
  let app: TestApp;
  let text: string;
  let document: Document;
  beforeAll(async () => {
    app = await createTestApp(kind, { seed: false });
    const response = await app.request('/api/openapi.json');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^application\/json/);
    text = await response.text();
    document = JSON.parse(text) as Document;
  });
  afterAll(() => app.close());

  it('is an OpenAPI 3.1 document that a validator accepts', async () => {
    const validator = new Validator();
    const result = await validator.validate(JSON.parse(text) as Record<string, unknown>);
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
    expect(validator.version).toBe('3.1');
    expect(document.openapi).toBe('3.1.0');
    expect(document.servers).toEqual([{ url: '/', description: 'This shop' }]);
    expect(Object.keys(document.components.securitySchemes).sort()).toEqual([
      'bearerAuth',
      'sessionCookie',
    ]);
  });

  it("has every API route of the route table, with its method, and none of the site's own", () => {
    // robots.txt and the sitemaps are the site's files, as its pages are (decision 037).
    const isApi = (route: string) => route.split(' ')[1]!.startsWith('/api/');
    const routes = matrix.map((row) => row.route);
    expect(routes.filter((route) => isApi(route) && !documented(document, route))).toEqual([]);
    expect(routes.filter((route) => !isApi(route) && documented(document, route))).toEqual([]);
    expect(routes.filter((route) => !isApi(route)).length).toBeGreaterThan(0);
  });

  it("documents the shop's clients' Better Auth endpoints", () => {
    for (const path of [
      '/api/auth/sign-up/email',
      '/api/auth/sign-in/email',
      '/api/auth/sign-in/social',
      '/api/auth/sign-out',
      '/api/auth/get-session',
    ]) {
      expect(Object.keys(document.paths[path] ?? {}), path).not.toEqual([]);
    }
  });

  it('documents no Better Auth endpoint that Better Auth does not serve', async () => {
    const unserved: string[] = [];
    for (const [path, item] of Object.entries(document.paths)) {
      if (!path.startsWith('/api/auth/')) continue;
      for (const method of Object.keys(item)) {
        const response = await app.uncheckedRequest(path.replace(/\{[^}]+\}/g, 'oidc'), {
          method: method.toUpperCase(),
          ...(method === 'get' ? {} : { body: '{}' }),
          headers: { 'Content-Type': 'application/json' },
        });
        if (response.status === 404) unserved.push(`${method} ${path}`);
      }
    }
    expect(unserved).toEqual([]);
  });

  it('gives every refusal the one error shape', () => {
    for (const [path, item] of Object.entries(document.paths)) {
      for (const [method, operation] of Object.entries(item)) {
        for (const [status, answer] of Object.entries(operation.responses)) {
          if (Number(status) < 400) continue;
          expect(answer, `${method} ${path} ${status}`).toMatchObject({
            content: { 'application/json': { schema: { $ref: '#/components/schemas/ApiError' } } },
          });
        }
      }
    }
  });

  it('shares no schema that allows null: a null belongs to the field that may hold one', () => {
    // `LaptopModel.nullable()` in the search answer once made every laptop model nullable.
    const nullable = Object.entries(document.components.schemas)
      .filter(([, schema]) => {
        const { type, anyOf, oneOf } = schema as { type?: unknown; anyOf?: []; oneOf?: [] };
        const choices = [type, ...(anyOf ?? []), ...(oneOf ?? [])];
        return JSON.stringify(choices).includes('"null"');
      })
      .map(([name]) => name);
    expect(nullable).toEqual([]);
    expect(Object.keys(document.components.schemas)).toContain('LaptopModel');
  });

  it('is made once: the same text every time', async () => {
    expect(await (await app.request('/api/openapi.json')).text()).toBe(text);
  });

  it('fails a test whose answer is not as documented', async () => {
    const check = contractChecker(text);
    const answer = (status: number, body: unknown) =>
      new Response(JSON.stringify(body), {
        status,
        headers: { 'Content-Type': 'application/json' },
      });
    const tool = {
      _id: '0b6c2c9e-3f64-4b7e-9a53-5d0f0e1a2b3c',
      name: 'SSD',
      title: 'Corvex NVMe SSD 1 TB',
      img: '/images/tools/nvme-ssd.svg',
      description: 'Fast',
      minOrderQuantity: 1,
      availableQuantity: 3,
      price: 5,
      sku: 'LPS-000001',
      category: { slug: 'storage', name: 'Storage' },
      brand: 'Corvex',
      condition: 'new',
      weightGrams: 8,
      shippingClass: 'standard',
      partNumbers: [{ kind: 'mpn', maker: 'Corvex', number: 'CX-1TB' }],
    };
    const url = `/api/tools/${tool._id}`;
    expect(await check({ method: 'GET', url, response: answer(200, tool) })).toBeUndefined();
    // A field of the wrong type, a field missing, a status not documented, a route not there.
    expect(
      await check({ method: 'GET', url, response: answer(200, { ...tool, price: '5' }) }),
    ).toMatch(/price/);
    const { name: _name, ...nameless } = tool;
    expect(await check({ method: 'GET', url, response: answer(200, nameless) })).toMatch(/name/);
    expect(
      await check({
        method: 'GET',
        url,
        response: answer(409, { error: { code: 'X', message: 'Y' } }),
      }),
    ).toMatch(/status 409 is not documented/);
    expect(await check({ method: 'GET', url, response: answer(404, { message: 'gone' }) })).toMatch(
      /error/,
    );
    expect(
      await check({ method: 'POST', url: '/api/tools/x/y', response: answer(200, {}) }),
    ).toMatch(/not in the published document/);
    expect(
      await check({ method: 'GET', url: '/api/auth/no-such-endpoint', response: answer(200, {}) }),
    ).toMatch(/not in the published document/);
    // An unknown route's 404 in the one error shape is what the catch-all answers.
    expect(
      await check({
        method: 'GET',
        url: '/api/no-such-route',
        response: answer(404, {
          error: { code: 'NOT_FOUND', message: 'No API route', requestId: 'r-1' },
        }),
      }),
    ).toBeUndefined();
    // Every error answer names its request id.
    expect(
      await check({
        method: 'GET',
        url: '/api/no-such-route',
        response: answer(404, { error: { code: 'NOT_FOUND', message: 'No API route' } }),
      }),
    ).toMatch(/requestId/);
  });

  it('serves the reference page under a policy of its own: no inline or eval scripts', async () => {
    const page = await app.request('/api/docs');
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toMatch(/^text\/html/);
    const policy = page.headers.get('content-security-policy') ?? '';
    const scriptSrc = /script-src ([^;]*)/.exec(policy)?.[1] ?? '';
    expect(scriptSrc).toMatch(/^'self' 'sha256-[A-Za-z0-9+/=]+'$/);
    expect(policy).toContain("default-src 'none'");
    expect(policy).toContain("connect-src 'self'");
    const html = await page.text();
    expect(html).toContain('<script src="/api/docs/api-reference.js"></script>');
    expect(html).toContain('"withDefaultFonts":false');
    expect(html).toContain('"telemetry":false');
    // Every other API answer keeps the API's policy.
    expect((await app.request('/api/openapi.json')).headers.get('content-security-policy')).toBe(
      "default-src 'none'; frame-ancestors 'none'",
    );
    const script = await app.request('/api/docs/api-reference.js');
    expect(script.status).toBe(200);
    expect(script.headers.get('content-type')).toMatch(/^text\/javascript/);
    const served = await script.text();
    expect(served).toContain('createApiReference');
    // The eval probe of Scalar's zod is answered in the file (api-docs.ts): it was there.
    expect(served).not.toContain(EVAL_PROBE);
    const installed = await fs.readFile(
      path.join(
        path.dirname(createRequire(import.meta.url).resolve('@scalar/api-reference')),
        'browser/standalone.js',
      ),
      'utf8',
    );
    expect(installed).toContain(EVAL_PROBE);
  });
});
