import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import {
  apiSecurityHeaders,
  corsForConfiguredOrigins,
  jsonBodyLimit,
  securityHeaders,
} from './security';

/** A page answered through the page headers, as a browser would receive it. */
async function pageHeaders(stripe?: boolean, nodeEnv: 'production' | 'test' = 'test') {
  const app = new Hono();
  const env = { NODE_ENV: nodeEnv };
  app.use('*', stripe === undefined ? securityHeaders(env) : securityHeaders(env, { stripe }));
  app.get('/', (c) => c.html('<p>shop</p>'));
  return (await app.request('/')).headers;
}

describe("the pages' security headers", () => {
  it('let only our own origin run scripts, connect or frame, and nobody frame us', async () => {
    const headers = await pageHeaders(false);
    expect(headers.get('Content-Security-Policy')).toBe(
      "default-src 'self'; script-src 'self'; frame-src 'none'; style-src 'self' 'unsafe-inline'; " +
        "img-src 'self' data: blob: https:; font-src 'self'; connect-src 'self' blob:; object-src 'none'; " +
        "base-uri 'self'; form-action 'self'; frame-ancestors 'none'",
    );
    expect(headers.get('X-Frame-Options')).toBe('DENY');
    expect(headers.get('Referrer-Policy')).toBe('strict-origin-when-cross-origin');
    // Tool images may be hosted elsewhere (img-src https:): embedder policy would block them.
    expect(headers.get('Cross-Origin-Embedder-Policy')).toBeNull();
  });

  it('leave Stripe out unless told', async () => {
    expect((await pageHeaders()).get('Content-Security-Policy')).toBe(
      (await pageHeaders(false)).get('Content-Security-Policy'),
    );
  });

  it("add Stripe's script, frames and API, and nothing else, when Stripe takes the payments", async () => {
    const csp = (await pageHeaders(true)).get('Content-Security-Policy');
    expect(csp).toContain("script-src 'self' https://js.stripe.com;");
    expect(csp).toContain('frame-src https://js.stripe.com https://hooks.stripe.com;');
    expect(csp).toContain("connect-src 'self' blob: https://api.stripe.com;");
    expect(csp).toContain("frame-ancestors 'none'");
  });

  it('ask browsers for HTTPS only in production', async () => {
    expect((await pageHeaders(false, 'production')).get('Strict-Transport-Security')).toBe(
      'max-age=31536000; includeSubDomains',
    );
    expect((await pageHeaders(false)).get('Strict-Transport-Security')).toBeNull();
  });
});

describe('the body limit', () => {
  const limit = 1024;
  const app = new Hono();
  app.use('*', jsonBodyLimit({ BODY_LIMIT_BYTES: limit }));
  app.all('/', async (c) => c.json({ read: (await c.req.text()).length }));
  const post = (body: string, headers: Record<string, string> = {}) =>
    app.request('/', { method: 'POST', body, headers });

  it('reads a body of exactly the limit, declared or streamed', async () => {
    const body = 'x'.repeat(limit);
    expect(await (await post(body, { 'Content-Length': String(limit) })).json()).toEqual({
      read: limit,
    });
    expect(await (await post(body)).json()).toEqual({ read: limit });
  });

  it('refuses one byte more with 413 and says the limit, declared or streamed', async () => {
    const body = 'x'.repeat(limit + 1);
    for (const response of [
      await post(body, { 'Content-Length': String(limit + 1) }),
      await post(body),
    ]) {
      expect(response.status).toBe(413);
      expect(await response.json()).toEqual({
        error: {
          code: 'PAYLOAD_TOO_LARGE',
          message: 'Request body is larger than 1024 bytes',
          requestId: expect.any(String),
        },
      });
    }
  });

  it('counts a chunked body as it streams, whatever length it declares', async () => {
    const response = await post('x'.repeat(2 * limit), {
      'Content-Length': '10',
      'Transfer-Encoding': 'chunked',
    });
    expect(response.status).toBe(413);
  });

  it('lets reads through', async () => {
    for (const method of ['GET', 'HEAD']) {
      const response = await app.request('/', { method, headers: { 'Content-Length': '999999' } });
      expect(response.status, method).toBe(200);
    }
  });
});

describe("the API's security headers", () => {
  it('add HTTPS only in production, after the fixed set', () => {
    const production = new Map(apiSecurityHeaders({ NODE_ENV: 'production' }));
    expect(production.get('Strict-Transport-Security')).toBe('max-age=31536000; includeSubDomains');
    expect(production.get('X-Frame-Options')).toBe('DENY');
    expect(new Map(apiSecurityHeaders({ NODE_ENV: 'test' })).has('Strict-Transport-Security')).toBe(
      false,
    );
  });
});

describe('cross-origin calls', () => {
  const preflight = async (origins: string[], origin: string) => {
    const app = new Hono();
    const cors = corsForConfiguredOrigins({ CORS_ORIGINS: origins });
    if (cors) app.use('*', cors);
    app.post('/api/purchase', (c) => c.json({}));
    return app.request('/api/purchase', {
      method: 'OPTIONS',
      headers: {
        Origin: origin,
        'Access-Control-Request-Method': 'POST',
        'Access-Control-Request-Headers': 'content-type, authorization, idempotency-key',
      },
    });
  };

  it('are not answered at all when no origin is configured', async () => {
    const response = await preflight([], 'https://partner.example');
    expect(
      [...response.headers.keys()].filter((name) => name.startsWith('access-control-')),
    ).toEqual([]);
  });

  it("let a configured origin send the shop's headers with credentials and read its own", async () => {
    const response = await preflight(['https://partner.example'], 'https://partner.example');
    expect(response.headers.get('Access-Control-Allow-Origin')).toBe('https://partner.example');
    expect(response.headers.get('Access-Control-Allow-Credentials')).toBe('true');
    expect(response.headers.get('Access-Control-Allow-Headers')).toBe(
      'Content-Type,Authorization,Idempotency-Key',
    );
    expect(response.headers.get('Access-Control-Max-Age')).toBe('600');
    const answer = await (async () => {
      const app = new Hono();
      app.use('*', corsForConfiguredOrigins({ CORS_ORIGINS: ['https://partner.example'] })!);
      app.get('/api/tools', (c) => c.json([]));
      return app.request('/api/tools', { headers: { Origin: 'https://partner.example' } });
    })();
    expect(answer.headers.get('Access-Control-Expose-Headers')).toBe(
      'X-Total-Count,Idempotent-Replayed,X-Request-Id',
    );
  });

  it('refuses an origin that is not configured', async () => {
    const response = await preflight(['https://partner.example'], 'https://evil.example');
    expect(response.headers.get('Access-Control-Allow-Origin')).toBeNull();
  });
});
