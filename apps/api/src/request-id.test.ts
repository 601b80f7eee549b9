/**
 * Request ids (issue 15): every answer names one in `X-Request-Id`, every error answer carries
 * it as `requestId`, and every log line written while the request is handled names it. A proxy's
 * id is taken only when TRUST_PROXY is on, and only when it is sane.
 */
import pino from 'pino';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeEachDatabase } from './test/databases';
import { postAuth, send, signUp, newPerson } from './test/identity';
import { type TestApp, createTestApp } from './test/test-app';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
const idOf = (response: Response) => response.headers.get('x-request-id');
const withId = (id: string) => ({ headers: { 'X-Request-Id': id } });

type ErrorAnswer = { error: { code: string; requestId: string } };

describeEachDatabase('request ids', (kind) => {
  let app: TestApp;
  let trusting: TestApp;
  beforeAll(async () => {
    app = await createTestApp(kind, { seed: false });
    trusting = await createTestApp(kind, { seed: false, env: { TRUST_PROXY: true } });
  });
  afterAll(async () => {
    await app.close();
    await trusting.close();
  });

  it('gives every answer a new id: API, error, and any other path', async () => {
    const answers = [
      await app.request('/api/health'),
      await app.request('/api/health'),
      await app.request('/api/no-such-route'),
      await app.request('/no-such-page'),
    ];
    const ids = answers.map(idOf);
    for (const id of ids) expect(id).toMatch(UUID);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it("ignores a client's X-Request-Id when TRUST_PROXY is off", async () => {
    const response = await app.request('/api/health', withId('client-chosen-id'));
    expect(idOf(response)).toMatch(UUID);
  });

  it.each([
    ['a UUID', '6f1c1d5e-2b0a-4f8e-9c3d-1a2b3c4d5e6f'],
    ['128 plain characters', 'a'.repeat(127) + '9'],
    ['dots, colons, dashes and underscores', 'lb-1:req_42.7'],
  ])("echoes a trusted proxy's id with TRUST_PROXY on: %s", async (_case, id) => {
    const response = await trusting.request('/api/health', withId(id));
    expect(idOf(response)).toBe(id);
  });

  it.each([
    ['129 characters', 'a'.repeat(129)],
    ['a space', 'two words'],
    ['markup', '<script>'],
    ['a quote', 'a"b'],
    ['a percent-encoded line break', 'a%0d%0ab'],
    ['non-ASCII', 'idé'],
  ])('replaces an unsafe id with TRUST_PROXY on: %s', async (_case, id) => {
    const response = await trusting.request('/api/health', withId(id));
    expect(idOf(response)).toMatch(UUID);
  });

  it('puts the id in every error answer, equal to the header', async () => {
    const answers: Array<[string, Response]> = [
      ['unknown route', await app.request('/api/no-such-route')],
      ['not found', await app.request('/api/tools/0b6c2c9e-3f64-4b7e-9a53-5d0f0e1a2b3c')],
      [
        'invalid fields',
        await postAuth(app, '/sign-up/email', { name: '', email: 'not-an-email', password: '1' }),
      ],
      ['not signed in', await app.request('/api/purchase?userEmail=a@example.com')],
      ['body too large', await send(app, 'POST', '/api/tools', 'x', { blob: 'x'.repeat(200_000) })],
      [
        "Better Auth's refusal",
        await postAuth(app, '/sign-in/email', {
          email: 'nobody@example.com',
          password: 'wrong-password',
        }),
      ],
    ];
    for (const [what, response] of answers) {
      expect(response.status, what).toBeGreaterThanOrEqual(400);
      const body = (await response.json()) as ErrorAnswer;
      expect(body.error.requestId, what).toMatch(UUID);
      expect(body.error.requestId, what).toBe(idOf(response));
    }
    // A trusted proxy's id is the one the error names.
    const proxied = await trusting.request('/api/no-such-route', withId('proxy-7'));
    expect(((await proxied.json()) as ErrorAnswer).error.requestId).toBe('proxy-7');
  });
});

describeEachDatabase('request ids in the logs', (kind) => {
  let app: TestApp;
  const lines: Array<Record<string, unknown>> = [];
  beforeAll(async () => {
    app = await createTestApp(kind, {
      seed: false,
      env: { TRUST_PROXY: true },
      logger: pino({ level: 'info' }, { write: (line: string) => lines.push(JSON.parse(line)) }),
    });
  });

  it("names the id on every line written while a request is handled: the request line, the error handler's", async () => {
    await signUp(app, newPerson());
    lines.length = 0;
    const answered = await app.request('/api/health', withId('trace-health-1'));
    expect(idOf(answered)).toBe('trace-health-1');
    expect(lines).toContainEqual(
      expect.objectContaining({ msg: 'request', path: '/api/health', requestId: 'trace-health-1' }),
    );
    expect(lines.every((line) => line.requestId === 'trace-health-1')).toBe(true);

    // The database gone: the error handler's line and the request line name the failed
    // request's id, as its answer does.
    await app.close();
    lines.length = 0;
    const failed = await app.request('/api/tools', withId('trace-failure-2'));
    expect(failed.status).toBe(500);
    expect(((await failed.json()) as ErrorAnswer).error.requestId).toBe('trace-failure-2');
    expect(lines).toContainEqual(
      expect.objectContaining({ msg: 'unhandled error', requestId: 'trace-failure-2' }),
    );
    expect(lines).toContainEqual(
      expect.objectContaining({ msg: 'request', status: 500, requestId: 'trace-failure-2' }),
    );
    expect(lines.length).toBeGreaterThanOrEqual(2);
    expect(lines.every((line) => line.requestId === 'trace-failure-2')).toBe(true);
  });
});
