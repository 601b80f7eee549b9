import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, createTestApp } from './test/test-app';

describe('every response', () => {
  let app: TestApp;
  let production: TestApp;
  beforeAll(async () => {
    app = await createTestApp('pglite', { seed: false });
    production = await createTestApp('pglite', {
      seed: false,
      env: { NODE_ENV: 'production', CORS_ORIGINS: ['https://partner.example'] },
    });
  });
  afterAll(async () => {
    await app.close();
    await production.close();
  });

  it('carries the security headers', async () => {
    const response = await app.request('/api/health');
    const csp = response.headers.get('Content-Security-Policy') ?? '';
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("object-src 'none'");
    expect(csp).toContain("base-uri 'self'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(response.headers.get('X-Content-Type-Options')).toBe('nosniff');
    expect(response.headers.get('Referrer-Policy')).toBe('strict-origin-when-cross-origin');
    expect(response.headers.get('Strict-Transport-Security')).toBeNull();
  });

  it('adds HSTS in production', async () => {
    const response = await production.request('/api/health');
    expect(response.headers.get('Strict-Transport-Security')).toContain('max-age=');
  });

  it('answers unknown API paths with 404 in the error shape', async () => {
    const response = await app.request('/api/no-such-thing');
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({
      error: { code: 'NOT_FOUND', message: 'No API route for GET /api/no-such-thing' },
    });
  });

  it('refuses a body over the limit with 413 in the error shape', async () => {
    const response = await app.request('/api/tools', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ name: 'x'.repeat(200 * 1024) }),
    });
    expect(response.status).toBe(413);
    const body = (await response.json()) as { error: { code: string } };
    expect(body.error.code).toBe('PAYLOAD_TOO_LARGE');
  });

  it('allows only configured origins across sites', async () => {
    const foreign = await production.request('/api/health', {
      headers: { Origin: 'https://evil.example' },
    });
    expect(foreign.headers.get('Access-Control-Allow-Origin')).toBeNull();
    const partner = await production.request('/api/health', {
      headers: { Origin: 'https://partner.example' },
    });
    expect(partner.headers.get('Access-Control-Allow-Origin')).toBe('https://partner.example');
    const sameOriginOnly = await app.request('/api/health', {
      headers: { Origin: 'https://evil.example' },
    });
    expect(sameOriginOnly.headers.get('Access-Control-Allow-Origin')).toBeNull();
  });
});
