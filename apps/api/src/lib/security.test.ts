import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { securityHeaders } from './security';

/** A page answered through the page headers, as a browser would receive it. */
async function pageHeaders(stripe: boolean, nodeEnv: 'production' | 'test' = 'test') {
  const app = new Hono();
  app.use('*', securityHeaders({ NODE_ENV: nodeEnv }, { stripe }));
  app.get('/', (c) => c.html('<p>shop</p>'));
  return (await app.request('/')).headers;
}

describe("the pages' security headers", () => {
  it('let only our own origin run scripts, connect or frame, and nobody frame us', async () => {
    const headers = await pageHeaders(false);
    expect(headers.get('Content-Security-Policy')).toBe(
      "default-src 'self'; script-src 'self'; frame-src 'none'; style-src 'self' 'unsafe-inline'; " +
        "img-src 'self' data: https:; font-src 'self'; connect-src 'self'; object-src 'none'; " +
        "base-uri 'self'; form-action 'self'; frame-ancestors 'none'",
    );
    expect(headers.get('X-Frame-Options')).toBe('DENY');
    expect(headers.get('Referrer-Policy')).toBe('strict-origin-when-cross-origin');
  });

  it("add Stripe's script, frames and API, and nothing else, when Stripe takes the payments", async () => {
    const csp = (await pageHeaders(true)).get('Content-Security-Policy');
    expect(csp).toContain("script-src 'self' https://js.stripe.com;");
    expect(csp).toContain('frame-src https://js.stripe.com https://hooks.stripe.com;');
    expect(csp).toContain("connect-src 'self' https://api.stripe.com;");
    expect(csp).toContain("frame-ancestors 'none'");
  });

  it('ask browsers for HTTPS only in production', async () => {
    expect((await pageHeaders(false, 'production')).get('Strict-Transport-Security')).toBe(
      'max-age=31536000; includeSubDomains',
    );
    expect((await pageHeaders(false)).get('Strict-Transport-Security')).toBeNull();
  });
});
