/**
 * The web security checklist (issue 8), one test per point. The sign-in limits are proven in
 * modules/users/users.test.ts ("sign-in abuse limits") and the authorization of every route
 * in authorization-matrix.test.ts.
 */
import { LIST_PAGE_SIZE_MAX, type Tool } from '@shop/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describeEachDatabase } from '../test/databases';
import { postAuth, send, signUpAdmin, signUpWithToken } from '../test/identity';
import { type TestApp, createTestApp, testEnv } from '../test/test-app';
import { DELIVERY } from '../test/shop';

/** The sources of one CSP directive; an absent directive fails the test that reads it. */
function cspDirective(csp: string, name: string): string[] {
  const directive = csp
    .split(';')
    .map((part) => part.trim().split(/\s+/))
    .find(([directiveName]) => directiveName === name);
  expect(directive, `${name} in ${csp}`).toBeDefined();
  return directive!.slice(1);
}

describe('the web security checklist', () => {
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

  it("carries the page security headers on the app's pages and files", async () => {
    const response = await app.request('/any/page');
    const csp = response.headers.get('Content-Security-Policy') ?? '';
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("object-src 'none'");
    expect(csp).toContain("base-uri 'self'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(response.headers.get('X-Content-Type-Options')).toBe('nosniff');
    expect(response.headers.get('Referrer-Policy')).toBe('strict-origin-when-cross-origin');
    expect(response.headers.get('Cross-Origin-Opener-Policy')).toBe('same-origin');
    expect(response.headers.get('Strict-Transport-Security')).toBeNull();
  });

  it("lets no inline or eval'd script run on the app's pages, and forbids framing them", async () => {
    for (const path of ['/', '/login', '/any/page']) {
      const response = await app.request(path);
      const csp = response.headers.get('Content-Security-Policy') ?? '';
      const scriptSrc = cspDirective(csp, 'script-src');
      // The access token lives in localStorage: one injected inline script could read it.
      expect(scriptSrc, path).toContain("'self'");
      expect(scriptSrc, path).not.toContain("'unsafe-inline'");
      expect(scriptSrc, path).not.toContain("'unsafe-eval'");
      // Old browsers ignore frame-ancestors; X-Frame-Options keeps clickjacking out for them.
      expect(response.headers.get('X-Frame-Options'), path).toBe('DENY');
    }
  });

  it("carries a REST API's security headers on API answers", async () => {
    for (const path of ['/api/health', '/api/tools', '/api/no-such-thing']) {
      const response = await app.request(path);
      // JSON is never a page: nothing may load from it or frame it.
      expect(response.headers.get('Content-Security-Policy')).toBe(
        "default-src 'none'; frame-ancestors 'none'",
      );
      expect(response.headers.get('X-Content-Type-Options')).toBe('nosniff');
      expect(response.headers.get('X-Frame-Options')).toBe('DENY');
      expect(response.headers.get('Referrer-Policy')).toBe('strict-origin-when-cross-origin');
      expect(response.headers.get('Cross-Origin-Resource-Policy')).toBe('same-origin');
      expect(response.headers.get('Strict-Transport-Security')).toBeNull();
    }
  });

  it('adds HSTS in production', async () => {
    for (const path of ['/api/health', '/any/page']) {
      const response = await production.request(path);
      expect(response.headers.get('Strict-Transport-Security')).toContain('max-age=');
    }
  });

  it('answers unknown API paths with 404 in the error shape', async () => {
    const response = await app.request('/api/no-such-thing');
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({
      error: {
        code: 'NOT_FOUND',
        message: 'No API route for GET /api/no-such-thing',
        requestId: response.headers.get('x-request-id'),
      },
    });
  });

  it('refuses a body over the limit with 413 in the error shape', async () => {
    const tooLarge = JSON.stringify({ name: 'x'.repeat(200 * 1024) });
    // Streamed without a length, and declared up front: both are counted.
    const declared: Record<string, string>[] = [
      { 'Content-Type': 'application/json' },
      { 'Content-Type': 'application/json', 'Content-Length': String(tooLarge.length) },
    ];
    for (const headers of declared) {
      const response = await app.request('/api/tools', { method: 'POST', headers, body: tooLarge });
      expect(response.status).toBe(413);
      const body = (await response.json()) as { error: { code: string } };
      expect(body.error.code).toBe('PAYLOAD_TOO_LARGE');
    }
    // Every method that carries a body passes the limit (app.ts registers it per method).
    const id = '0b6c2c9e-3f64-4b7e-9a53-5d0f0e1a2b3c';
    for (const [method, path] of [
      ['PUT', '/api/userInfo/a@example.com'],
      ['PATCH', `/api/tools/${id}`],
      ['DELETE', `/api/tools/${id}`],
    ] as const) {
      const response = await app.request(path, { method, headers: declared[1], body: tooLarge });
      expect(response.status, method).toBe(413);
    }
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
    expect(partner.headers.get('Access-Control-Expose-Headers')).toContain('X-Request-Id');
    const sameOriginOnly = await app.request('/api/health', {
      headers: { Origin: 'https://evil.example' },
    });
    expect(sameOriginOnly.headers.get('Access-Control-Allow-Origin')).toBeNull();
  });

  it('caps a list limit', async () => {
    const response = await app.request('/api/tools?limit=999999');
    expect(response.status).toBe(200);
    expect(((await response.json()) as Tool[]).length).toBeLessThanOrEqual(LIST_PAGE_SIZE_MAX);
  });

  it('answers a forged, expired or revoked token with 401', async () => {
    const person = await signUpWithToken(app);
    const check = (token: string) => send(app, 'GET', `/api/admin/${person.email}`, token);
    expect((await check('A'.repeat(43))).status).toBe(401);
    await app.database.db
      .updateTable('access_tokens')
      .set({ expires_at: new Date(0) })
      .execute();
    expect((await check(person.token)).status).toBe(401);
  });

  it('never sends password hashes, tokens, or other users’ emails on customer routes', async () => {
    const admin = await signUpAdmin(app);
    const alice = await signUpWithToken(app);
    const bob = await signUpWithToken(app);
    const tool = (await (
      await send(app, 'POST', '/api/tools', admin.token, {
        name: 'Leak Test',
        description: 'x',
        minOrderQuantity: 1,
        availableQuantity: 5,
        price: 1,
        img: '/images/tools/nvme-ssd.svg',
      })
    ).json()) as Tool;
    await send(app, 'POST', '/api/purchase', alice.token, {
      toolId: tool._id,
      quantity: 1,
      ...DELIVERY,
      address: 'a',
    });
    await send(app, 'POST', '/api/reviews', alice.token, {
      name: 'Alice',
      review: 'Leak Test',
      location: 'Here',
      description: 'Fine',
      img: '/images/avatars/avatar-1.svg',
    });
    const bodies = await Promise.all(
      [
        '/api/tools',
        `/api/tools/${tool._id}`,
        '/api/reviews',
        '/api/summary',
        `/api/purchase?userEmail=${bob.email}`,
        `/api/userInfo/${bob.email}`,
        `/api/admin/${bob.email}`,
      ].map(async (route) => (await send(app, 'GET', route, bob.token)).text()),
    );
    const signIn = await postAuth(app, '/sign-in/email', {
      email: bob.email,
      password: bob.password,
    });
    const session = await app.request('/api/auth/get-session', { headers: { Cookie: bob.cookie } });
    for (const body of [...bodies, await signIn.text(), await session.text()]) {
      expect(body).not.toContain(alice.email);
      expect(body).not.toContain(alice.token);
      expect(body).not.toContain(admin.email);
      expect(body).not.toMatch(/password|scrypt|"hash"/i);
    }
  });
});

describeEachDatabase('the body limit at its boundary', (kind) => {
  let app: TestApp;
  let admin: Awaited<ReturnType<typeof signUpAdmin>>;
  beforeAll(async () => {
    app = await createTestApp(kind, { seed: false });
    admin = await signUpAdmin(app);
  });
  afterAll(() => app.close());

  /** A valid new tool, padded with JSON whitespace to exactly `bytes` bytes (all ASCII). */
  const toolBodyOf = (bytes: number) => {
    const json = JSON.stringify({
      name: `Boundary Fan ${bytes}`,
      description: 'A fan',
      minOrderQuantity: 1,
      availableQuantity: 5,
      price: 9.5,
      img: '/images/tools/cooling-fan.svg',
    });
    return json + ' '.repeat(bytes - json.length);
  };
  const post = (body: string, declareLength: boolean) =>
    app.request('/api/tools', {
      method: 'POST',
      headers: {
        Authorization: `Bearer ${admin.token}`,
        'Content-Type': 'application/json',
        ...(declareLength ? { 'Content-Length': String(body.length) } : {}),
      },
      body,
    });

  it.each([
    ['declared', true],
    ['streamed', false],
  ])(
    'accepts a %s body of exactly BODY_LIMIT_BYTES and refuses one byte more with 413',
    async (_how, declareLength) => {
      const limit = testEnv.BODY_LIMIT_BYTES;
      const atLimit = toolBodyOf(limit);
      expect(Buffer.byteLength(atLimit)).toBe(limit);
      expect((await post(atLimit, declareLength)).status).toBe(201);
      const over = await post(toolBodyOf(limit + 1), declareLength);
      expect(over.status).toBe(413);
      expect(((await over.json()) as { error: { code: string } }).error.code).toBe(
        'PAYLOAD_TOO_LARGE',
      );
    },
  );
});
