import { type Server, createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { getRequestListener } from '@hono/node-server';
import { Hono } from 'hono';
import pino from 'pino';
import { afterEach, describe, expect, it } from 'vitest';
import { chosenEncoding } from './content-encoding';
import { REQUEST_ID_HEADER, requestEnvelope, requestIdFor } from './request-context';
import { createResponseReplay } from './response-replay';

/** A server as server.ts builds it, whose Hono route counts the requests it really answers. */
async function startReplayServer(ttlMs = 60_000, trustProxy = false) {
  let clock = 0;
  const replayed: Array<{ path: string; seconds: number }> = [];
  const replay = createResponseReplay({
    paths: ['/api/tools', '/parts/:slug'],
    ttlMs,
    logger: pino({ level: 'silent' }),
    now: () => clock,
    requestIdOf: (request) =>
      requestIdFor(trustProxy ? request.headers['x-request-id'] : undefined),
    onReplayed: (path, seconds) => replayed.push({ path, seconds }),
  });
  const answered = { count: 0 };
  // `?page=slow` waits until the test opens the gate: a change can land meanwhile.
  let openGate = () => {};
  const gate = new Promise<void>((resolve) => (openGate = resolve));
  let entered = () => {};
  const slowEntered = new Promise<void>((resolve) => (entered = resolve));
  const app = new Hono();
  app.use('/api/tools', replay.capture);
  app.use('/parts/:slug', replay.capture);
  app.use('*', requestEnvelope({ trustProxy, logger: pino({ level: 'silent' }) }));
  app.use('*', async (c, next) => {
    await next();
    c.header('X-Content-Type-Options', 'nosniff');
  });
  app.get('/api/tools', async (c) => {
    answered.count++;
    if (c.req.query('page') === 'slow') {
      entered();
      await gate;
    }
    if (c.req.query('status')) return c.json({ error: 'no' }, 400);
    if (c.req.query('cookie')) c.header('Set-Cookie', 'a=b');
    return c.json({ page: c.req.query('page') ?? '1', answer: answered.count });
  });
  app.get('/api/other', (c) => c.json({ answer: ++answered.count }));
  // A page as web-rendered.ts sends it: in the encoding the browser takes (or as `?vary=` says).
  app.get('/parts/*', (c) => {
    answered.count++;
    const encoding = chosenEncoding(c.req.header('Accept-Encoding'));
    c.header('Vary', c.req.query('vary') ?? 'Accept-Encoding');
    const text = `${c.req.path} #${answered.count} in ${encoding || 'identity'}`;
    if (!encoding) return c.body(text);
    c.header('Content-Encoding', encoding);
    return c.body(new Uint8Array(encoding === 'br' ? brotliCompressSync(text) : gzipSync(text)));
  });
  const listener = getRequestListener(app.fetch);
  const server: Server = createServer((request, response) => {
    if (!replay.serve(request, response)) void listener(request, response);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    replay,
    replayed,
    answered,
    slowEntered,
    openGate,
    get: (path: string, headers: Record<string, string> = {}) =>
      fetch(`${url}${path}`, { headers }),
    advance: (ms: number) => (clock += ms),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

describe('replaying catalogue answers from memory', () => {
  let server: Awaited<ReturnType<typeof startReplayServer>>;
  afterEach(() => server.close());

  it('answers a repeated GET from memory with the same body and headers', async () => {
    server = await startReplayServer();
    const first = await server.get('/api/tools?page=2');
    const again = await server.get('/api/tools?page=2');
    expect(server.answered.count).toBe(1);
    expect(await again.text()).toBe(await first.text());
    const headersOf = (response: Response) =>
      [...response.headers].filter(
        ([name]) => name !== 'date' && name !== 'keep-alive' && name !== 'x-request-id',
      );
    expect(headersOf(again)).toEqual(headersOf(first));
    expect(again.headers.get('x-content-type-options')).toBe('nosniff');
    // Each answer, replayed or not, has its own request id, never the copy's.
    const ids = [first, again].map((response) => response.headers.get(REQUEST_ID_HEADER));
    expect(ids[0]).toMatch(/^[0-9a-f-]{36}$/);
    expect(ids[1]).toMatch(/^[0-9a-f-]{36}$/);
    expect(ids[1]).not.toBe(ids[0]);
    expect(server.replayed).toEqual([{ path: '/api/tools', seconds: 0 }]);
    // Another query is another answer.
    await server.get('/api/tools?page=3');
    expect(server.answered.count).toBe(2);
  });

  it("names a trusted proxy's sane X-Request-Id on a replayed answer, and a new id otherwise", async () => {
    server = await startReplayServer(60_000, true);
    await server.get('/api/tools');
    const trusted = await server.get('/api/tools', { 'X-Request-Id': 'proxy-id-1' });
    const unsafe = await server.get('/api/tools', { 'X-Request-Id': 'a b' });
    expect(server.answered.count).toBe(1);
    expect(trusted.headers.get(REQUEST_ID_HEADER)).toBe('proxy-id-1');
    expect(unsafe.headers.get(REQUEST_ID_HEADER)).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('forgets every answer when told the catalogue changed, and after ttlMs', async () => {
    server = await startReplayServer(1000);
    await server.get('/api/tools');
    server.replay.clear();
    expect(await (await server.get('/api/tools')).json()).toEqual({ page: '1', answer: 2 });
    server.advance(999);
    await server.get('/api/tools');
    expect(server.answered.count).toBe(2);
    server.advance(2);
    expect(await (await server.get('/api/tools')).json()).toEqual({ page: '1', answer: 3 });
  });

  it('keeps no answer whose request began before a change', async () => {
    server = await startReplayServer();
    const slow = server.get('/api/tools?page=slow');
    await server.slowEntered;
    server.replay.clear(); // lands while the first request is being answered
    server.openGate();
    await slow;
    await server.get('/api/tools?page=slow');
    expect(server.answered.count).toBe(2);
  });

  it('leaves conditional, cross-origin and other requests to the app', async () => {
    server = await startReplayServer();
    await server.get('/api/tools');
    await server.get('/api/tools', { 'If-None-Match': 'W/"x"' });
    await server.get('/api/tools', { Origin: 'https://elsewhere.example' });
    await server.get('/api/other');
    await server.get('/api/other');
    expect(server.answered.count).toBe(5);
  });

  it('never replays an error or an answer that sets a cookie', async () => {
    server = await startReplayServer();
    for (const path of ['/api/tools?status=1', '/api/tools?cookie=1']) {
      await server.get(path);
      await server.get(path);
    }
    expect(server.answered.count).toBe(4);
  });

  it("replays a route's pages by their one parameter, each named by its route", async () => {
    server = await startReplayServer();
    for (const path of ['/parts/a', '/parts/a', '/parts/b', '/parts/b']) await server.get(path);
    expect(server.answered.count).toBe(2);
    expect(server.replayed.map((answer) => answer.path)).toEqual(['/parts/:slug', '/parts/:slug']);
    // Not one segment there: the app's, each time.
    for (const path of ['/parts/a/b', '/parts/a/b', '/parts/', '/parts/']) await server.get(path);
    expect(server.answered.count).toBe(6);
  });

  it('keeps an answer that varies with the encoding once per encoding, and sends each its own', async () => {
    server = await startReplayServer();
    const br = { 'Accept-Encoding': 'gzip, deflate, br' };
    const gzip = { 'Accept-Encoding': 'gzip' };
    const none = { 'Accept-Encoding': 'identity' };
    const bodies = [];
    for (const headers of [br, gzip, none, br, gzip, none]) {
      bodies.push(await (await server.get('/parts/a', headers)).text());
    }
    expect(server.answered.count).toBe(3);
    expect(bodies).toEqual([
      '/parts/a #1 in br',
      '/parts/a #2 in gzip',
      '/parts/a #3 in identity',
      '/parts/a #1 in br',
      '/parts/a #2 in gzip',
      '/parts/a #3 in identity',
    ]);
  });

  it('never replays an answer that varies with anything but the encoding', async () => {
    server = await startReplayServer();
    for (const vary of ['Cookie', 'Accept-Encoding, Cookie', '*']) {
      const path = `/parts/a?vary=${encodeURIComponent(vary)}`;
      await server.get(path);
      await server.get(path);
    }
    expect(server.answered.count).toBe(6);
  });
});
