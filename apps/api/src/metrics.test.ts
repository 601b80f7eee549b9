/**
 * `GET /metrics` (issue 15): served only with METRICS_TOKEN (bearer) on the public port or on a
 * port of its own; the counters a scraper reads move with the shop's requests and orders.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { Tool } from '@shop/shared';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadEnv } from './env';
import { type RunningServer, startServer } from './server';
import { describeEachDatabase } from './test/databases';
import { send, signUpWithToken } from './test/identity';
import { sampleValue, samplesOf } from './test/metrics-text';
import {
  type Account,
  card,
  createStripeShop,
  openPayment,
  order,
  setUpShop,
  DELIVERY,
} from './test/shop';
import { type TestApp, createTestApp } from './test/test-app';

const TOKEN = 'metrics-token-0123456789';

/**
 * prom-client's default gauges whose names end in `_total`, which Prometheus' linter flags
 * ("non-counter metrics should not have _total suffix"). They are prom-client's, not ours, and
 * stay as dashboards know them (docs/operations.md, Metrics).
 */
const PROM_CLIENT_TOTAL_GAUGES = [
  'nodejs_active_handles_total',
  'nodejs_active_requests_total',
  'nodejs_active_resources_total',
];

/** `promtool check metrics` (Debian's prometheus package) on `text`: its problems, one a line. */
function promtoolProblems(text: string): Promise<string[]> {
  return new Promise((resolve, reject) => {
    const child = spawn('promtool', ['check', 'metrics'], { stdio: ['pipe', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code) => {
      const problems = output.split('\n').filter((line) => line.trim() !== '');
      // 0: no problem; 3: lint problems, listed; anything else: promtool could not check.
      if (code === 0 || code === 3) resolve(problems);
      else reject(new Error(`promtool exited with ${code}: ${output}`));
    });
    child.stdin.end(text);
  });
}
const withToken = (token: string) => ({ headers: { Authorization: `Bearer ${token}` } });

describeEachDatabase('/metrics not configured', (kind) => {
  let app: TestApp;
  beforeAll(async () => {
    app = await createTestApp(kind, { seed: false });
  });
  afterAll(() => app.close());

  it('is not found, whatever the token: no METRICS_TOKEN, no METRICS_PORT', async () => {
    for (const init of [{}, withToken(TOKEN)]) {
      const response = await app.request('/metrics', init);
      expect(response.status).toBe(404);
      const body = (await response.json()) as { error: { code: string; requestId: string } };
      expect(body.error.code).toBe('NOT_FOUND');
      expect(body.error.requestId).toBe(response.headers.get('x-request-id'));
    }
  });
});

describeEachDatabase('/metrics with METRICS_TOKEN', (kind) => {
  let app: TestApp;
  let tool: Tool;
  let buyer: Account;
  const scrape = async () => {
    const response = await app.request('/metrics', withToken(TOKEN));
    expect(response.status).toBe(200);
    return response.text();
  };

  beforeAll(async () => {
    app = await createTestApp(kind, { seed: false, env: { METRICS_TOKEN: TOKEN } });
    ({ tool } = await setUpShop(app));
    buyer = await signUpWithToken(app);
  });
  afterAll(() => app.close());

  it.each([
    ['no Authorization header', {}],
    ['a wrong token of the same length', withToken(`${TOKEN.slice(0, -1)}X`)],
    ['the token with one character more', withToken(`${TOKEN}0`)],
    ['the token one character short', withToken(TOKEN.slice(0, -1))],
    ['the token in another scheme', { headers: { Authorization: `Basic ${TOKEN}` } }],
    // As long as "Bearer": only the scheme's name tells it apart.
    ['the token in a scheme of six letters', { headers: { Authorization: `Digest ${TOKEN}` } }],
    ['the token without a scheme', { headers: { Authorization: TOKEN } }],
  ])('answers 401 in the error shape for %s', async (_case, init) => {
    const response = await app.request('/metrics', init);
    expect(response.status).toBe(401);
    expect(response.headers.get('www-authenticate')).toBe('Bearer');
    const body = (await response.json()) as { error: { code: string; requestId: string } };
    expect(body.error.code).toBe('UNAUTHENTICATED');
    expect(body.error.requestId).toBe(response.headers.get('x-request-id'));
    expect(JSON.stringify(body)).not.toContain('process_cpu');
  });

  it("serves Prometheus' text format with the token, Node's own figures included", async () => {
    const response = await app.request('/metrics', withToken(TOKEN));
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
    const text = await response.text();
    expect(text).toContain('# TYPE http_requests_total counter');
    expect(text).toContain('# TYPE http_request_duration_seconds histogram');
    expect(samplesOf(text, 'nodejs_eventloop_lag_seconds')).toHaveLength(1);
    expect(samplesOf(text, 'nodejs_eventloop_lag_p99_seconds')).toHaveLength(1);
    // The pool is PostgreSQL's; PGlite has none.
    if (kind === 'postgres') {
      const open = sampleValue(text, 'shop_db_pool_connections');
      expect(open).toBeGreaterThanOrEqual(1);
      // Between requests every open connection is back in the pool.
      expect(sampleValue(text, 'shop_db_pool_idle_connections')).toBe(open);
      expect(sampleValue(text, 'shop_db_pool_waiting_requests')).toBe(0);
    } else {
      expect(samplesOf(text, 'shop_db_pool_connections')).toEqual([]);
    }
  });

  it("passes Prometheus' linter (promtool check metrics) on the shop's own names", async () => {
    expect((await app.request('/api/health')).status).toBe(200);
    const text = await scrape();
    const problems = await promtoolProblems(text);
    const ours = problems.filter(
      (line) => !PROM_CLIENT_TOTAL_GAUGES.some((name) => line.startsWith(`${name} `)),
    );
    expect(ours).toEqual([]);
    // What it flags is prom-client's only: a name of ours ending in _total on a gauge, or a
    // counter without it, would be listed above.
    expect(problems.length).toBeLessThanOrEqual(PROM_CLIENT_TOTAL_GAUGES.length);
  });

  it('is GET only', async () => {
    const response = await app.request('/metrics', { method: 'POST', ...withToken(TOKEN) });
    expect(response.status).toBe(404);
  });

  it('counts an order placed once (not its replay by Idempotency-Key) and paid once', async () => {
    const placedBefore = sampleValue(await scrape(), 'shop_orders_placed_total');
    const buy = () =>
      app.request('/api/purchase', {
        method: 'POST',
        headers: {
          Authorization: `Bearer ${buyer.token}`,
          'Content-Type': 'application/json',
          'Idempotency-Key': 'metrics-order-1',
        },
        body: JSON.stringify({
          toolId: tool._id,
          quantity: 1,
          ...DELIVERY,
          address: '5 Elm Street',
        }),
      });
    const placed = await buy();
    expect(placed.status).toBe(201);
    const { _id: orderId } = (await placed.json()) as { _id: string };
    expect(sampleValue(await scrape(), 'shop_orders_placed_total')).toBe(placedBefore + 1);
    expect((await buy()).headers.get('idempotent-replayed')).toBe('true');
    expect(sampleValue(await scrape(), 'shop_orders_placed_total')).toBe(placedBefore + 1);

    const paidBefore = sampleValue(await scrape(), 'shop_orders_paid_total');
    const { clientSecret } = await openPayment(app, buyer, orderId);
    const confirmed = await send(app, 'POST', '/api/sandbox/confirm', buyer.token, {
      clientSecret,
      card: card('4242424242424242'),
      billingName: buyer.name,
      billingEmail: buyer.email,
    });
    expect(confirmed.status).toBe(200);
    const { id: transactionId } = (await confirmed.json()) as { id: string };
    expect(sampleValue(await scrape(), 'shop_orders_paid_total')).toBe(paidBefore);
    const pay = () =>
      send(app, 'PATCH', `/api/purchase/${orderId}`, buyer.token, { transactionId });
    expect((await pay()).status).toBe(200);
    expect(sampleValue(await scrape(), 'shop_orders_paid_total')).toBe(paidBefore + 1);
    // The same confirmation again changes nothing, and is not counted again.
    expect((await pay()).status).toBe(200);
    expect(sampleValue(await scrape(), 'shop_orders_paid_total')).toBe(paidBefore + 1);
  });

  it('counts failed payments by reason: a declined card, a payment not verified', async () => {
    const failures = async (reason: string) =>
      sampleValue(await scrape(), 'shop_payment_failures_total', { reason });
    const [declinedBefore, unverifiedBefore] = [
      await failures('declined'),
      await failures('not_verified'),
    ];
    const placed = await order(app, buyer, tool._id, 1);
    const { clientSecret, intentId } = await openPayment(app, buyer, placed._id);
    const declined = await send(app, 'POST', '/api/sandbox/confirm', buyer.token, {
      clientSecret,
      card: card('4000000000000002'),
      billingName: buyer.name,
      billingEmail: buyer.email,
    });
    expect(declined.status).toBe(402);
    expect(await failures('declined')).toBe(declinedBefore + 1);
    expect(await failures('not_verified')).toBe(unverifiedBefore);

    // The intent never succeeded: the order cannot be marked paid with it.
    const unverified = await send(app, 'PATCH', `/api/purchase/${placed._id}`, buyer.token, {
      transactionId: intentId,
    });
    expect(unverified.status).toBe(402);
    expect(await failures('not_verified')).toBe(unverifiedBefore + 1);
    expect(await failures('declined')).toBe(declinedBefore + 1);
    expect(await failures('provider_unavailable')).toBe(0);

    // A refusal that is not a failed payment (the order is cancelled) counts none.
    const allFailures = async () =>
      samplesOf(await scrape(), 'shop_payment_failures_total').map((sample) => sample.labels);
    const reasonsBefore = await allFailures();
    expect(
      (await send(app, 'POST', `/api/purchase/${placed._id}/cancel`, buyer.token)).status,
    ).toBe(200);
    const refused = await send(app, 'PATCH', `/api/purchase/${placed._id}`, buyer.token, {
      transactionId: intentId,
    });
    expect(refused.status).toBe(409);
    expect(await allFailures()).toEqual(reasonsBefore);
    expect(await failures('not_verified')).toBe(unverifiedBefore + 1);
  });

  it("labels requests by Hono's route template and status, never the raw URL", async () => {
    const requests = async (labels: Record<string, string>) =>
      sampleValue(await scrape(), 'http_requests_total', labels);
    const one = { method: 'GET', route: '/api/tools/:id' };
    const [okBefore, missingBefore, unknownBefore] = [
      await requests({ ...one, status: '200' }),
      await requests({ ...one, status: '404' }),
      await requests({ method: 'GET', route: '/api/*', status: '404' }),
    ];
    expect((await app.request(`/api/tools/${tool._id}`)).status).toBe(200);
    expect((await app.request(`/api/tools/${tool._id}`)).status).toBe(200);
    expect((await app.request('/api/tools/0b6c2c9e-3f64-4b7e-9a53-5d0f0e1a2b3c')).status).toBe(404);
    expect((await app.request('/api/no-such-route/12345')).status).toBe(404);

    const text = await scrape();
    expect(sampleValue(text, 'http_requests_total', { ...one, status: '200' })).toBe(okBefore + 2);
    expect(sampleValue(text, 'http_requests_total', { ...one, status: '404' })).toBe(
      missingBefore + 1,
    );
    // Unknown paths share the catch-all's template: one series, whatever the path.
    expect(
      sampleValue(text, 'http_requests_total', { method: 'GET', route: '/api/*', status: '404' }),
    ).toBe(unknownBefore + 1);
    expect(text).not.toContain(tool._id);
    expect(text).not.toContain('no-such-route');
    // The histogram counts the same answers.
    const labels = { ...one, status: '200' };
    const count = sampleValue(text, 'http_request_duration_seconds_count', labels);
    expect(count).toBe(okBefore + 2);
    expect(
      sampleValue(text, 'http_request_duration_seconds_bucket', { ...labels, le: '+Inf' }),
    ).toBe(count);
    expect(sampleValue(text, 'http_request_duration_seconds_sum', labels)).toBeGreaterThan(0);
    // Cumulative buckets: every answer took less than 10 s, none less than 0 s.
    expect(sampleValue(text, 'http_request_duration_seconds_bucket', { ...labels, le: '10' })).toBe(
      count,
    );
  });
});

describe('/metrics with Stripe (official SDK against the stand-in)', () => {
  const webhookSecret = 'whsec_metrics_secret';
  const signer = new Stripe('sk_test_signer');
  let shop: Awaited<ReturnType<typeof createStripeShop>>;
  beforeAll(async () => {
    shop = await createStripeShop('pglite', webhookSecret, { METRICS_TOKEN: TOKEN });
  });
  afterAll(() => shop.close());

  const failures = async (reason: string) => {
    const response = await shop.app.request('/metrics', withToken(TOKEN));
    return sampleValue(await response.text(), 'shop_payment_failures_total', { reason });
  };

  it("counts Stripe's signed payment_intent.payment_failed as declined, and Stripe out of reach", async () => {
    const placed = await order(shop.app, shop.alice, shop.tool._id, 1);
    const { intentId } = await openPayment(shop.app, shop.alice, placed._id);
    const event = (type: string) => {
      const payload = JSON.stringify({
        id: `evt_${type}`,
        object: 'event',
        type,
        data: {
          object: { ...shop.standIn.intents.get(intentId), status: 'requires_payment_method' },
        },
      });
      return shop.app.request('/api/stripe/webhook', {
        method: 'POST',
        headers: {
          'Content-Type': 'application/json',
          'Stripe-Signature': signer.webhooks.generateTestHeaderString({
            payload,
            secret: webhookSecret,
          }),
        },
        body: payload,
      });
    };
    expect(await failures('declined')).toBe(0);
    expect((await event('payment_intent.payment_failed')).status).toBe(200);
    expect(await failures('declined')).toBe(1);
    // Another event type is no failure.
    expect((await event('payment_intent.canceled')).status).toBe(200);
    expect(await failures('declined')).toBe(1);

    expect(await failures('provider_unavailable')).toBe(0);
    await shop.standIn.close();
    const again = await send(shop.app, 'POST', '/api/create-payment-intent', shop.alice.token, {
      orderId: (await order(shop.app, shop.alice, shop.tool._id, 1))._id,
    });
    expect(again.status).toBe(503);
    expect(await failures('provider_unavailable')).toBe(1);
  });
});

describe('the server with METRICS_PORT', () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-metrics-'));
  let server: RunningServer;
  beforeAll(async () => {
    // Port 0 (any free port) passes here only: the environment's check asks for 1-65535.
    server = await startServer({
      ...loadEnv({ DATA_DIR: dataDir, HOST: '127.0.0.1', LOG_LEVEL: 'silent', SEED_DEMO: 'false' }),
      PORT: 0,
      METRICS_PORT: 0,
    });
  });
  afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

  it('serves the metrics there without a token, not on the public port; counts replayed catalogue answers; closes with the server', async () => {
    expect(server.metricsUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect((await fetch(`${server.url}/metrics`)).status).toBe(404);
    expect((await fetch(`${server.url}/metrics`, withToken(TOKEN))).status).toBe(404);

    // The second read of the catalogue is replayed from memory before Hono sees it.
    // TRUST_PROXY is off: a client's X-Request-Id is not taken, replayed or not.
    const read = () =>
      fetch(`${server.url}/api/tools`, { headers: { 'X-Request-Id': 'client-id' } });
    const reads = [await read(), await read()];
    const ids = reads.map((response) => response.headers.get('x-request-id'));
    expect(reads.map((response) => response.status)).toEqual([200, 200]);
    expect(ids[0]).toMatch(/^[0-9a-f-]{36}$/);
    expect(ids[1]).toMatch(/^[0-9a-f-]{36}$/);
    expect(ids[1]).not.toBe(ids[0]);

    const response = await fetch(`${server.metricsUrl}/metrics`);
    expect(response.status).toBe(200);
    const text = await response.text();
    expect(
      sampleValue(text, 'http_requests_total', {
        method: 'GET',
        route: '/api/tools',
        status: '200',
      }),
    ).toBe(2);
    // The public port's refusals are counted; the metrics port's own scrapes are not.
    expect(
      sampleValue(text, 'http_requests_total', { method: 'GET', route: '/metrics', status: '404' }),
    ).toBe(2);
    expect(samplesOf(text, 'nodejs_eventloop_lag_seconds')).toHaveLength(1);

    const elsewhere = await fetch(`${server.metricsUrl}/api/tools`);
    expect(elsewhere.status).toBe(404);
    const body = (await elsewhere.json()) as { error: { code: string; requestId: string } };
    expect(body.error.code).toBe('NOT_FOUND');
    expect(body.error.requestId).toBe(elsewhere.headers.get('x-request-id'));

    const metricsUrl = server.metricsUrl!;
    // A scraper's kept-alive connection does not hold the shutdown.
    await fetch(`${metricsUrl}/metrics`, { headers: { Connection: 'keep-alive' } });
    const started = performance.now();
    await server.close(5000);
    expect(performance.now() - started).toBeLessThan(3000);
    // A new connection is refused: nothing listens on the port any more.
    const { port } = new URL(metricsUrl);
    const connected = await new Promise<boolean>((resolve) => {
      const socket = net.connect(Number(port), '127.0.0.1');
      socket.once('connect', () => {
        socket.destroy();
        resolve(true);
      });
      socket.once('error', () => resolve(false));
    });
    expect(connected).toBe(false);
  });
});
