/**
 * `GET /metrics` in Prometheus' text format (prom-client): HTTP requests and their latency by
 * route template, the shop's orders and payment failures, the database pool, and Node's own
 * figures (event-loop lag among them). Kept only when they are served (METRICS_TOKEN or
 * METRICS_PORT); otherwise nothing is counted and `/metrics` is not found.
 */
import cluster from 'node:cluster';
import { createHash, randomUUID, timingSafeEqual } from 'node:crypto';
import type { RequestListener } from 'node:http';
import type { Context, MiddlewareHandler } from 'hono';
import { routePath } from 'hono/route';
import {
  Counter,
  Gauge,
  Registry,
  collectDefaultMetrics,
  type LabelValues,
  type Metric,
  type MetricValueWithName,
} from 'prom-client';
import type { Env } from '../env';
import {
  askPrimaryForMetrics,
  type MetricsText,
  WORKER_METRICS_ANSWER,
  WORKER_METRICS_REQUEST,
  type WorkerMetricsAnswer,
  type WorkerMetricsRequest,
} from './cluster-metrics';
import { errorBody } from './errors';
import { REQUEST_ID_HEADER, runWithRequestId } from './request-context';

export const METRICS_PATH = '/metrics';

export type PaymentFailure = 'declined' | 'not_verified' | 'provider_unavailable';
const paymentFailures: PaymentFailure[] = ['declined', 'not_verified', 'provider_unavailable'];

/** What the services report. The modules see only this, never prom-client. */
export interface ShopEvents {
  orderPlaced(): void;
  orderPaid(): void;
  paymentFailed(reason: PaymentFailure): void;
}

/** The database pool's connections, read at each scrape (PostgreSQL; PGlite has no pool). */
export interface PoolUse {
  total: number;
  idle: number;
  waiting: number;
}

/** Seconds: a replayed catalogue answer takes tens of microseconds, a purchase a few ms. */
const LATENCY_BUCKETS = [
  0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10,
];
/** Other methods (Node accepts a few dozen) share one label. */
const METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS', 'OTHER'];
/** The label of a request no route matched (Hono found no handler at all). */
const UNMATCHED = 'unmatched';

type RequestLabel = 'method' | 'route' | 'status';

class RequestSeries {
  count = 0;
  sum = 0;
  /** Per bucket, not cumulative: made cumulative at the scrape. */
  readonly buckets = new Float64Array(LATENCY_BUCKETS.length);
  constructor(
    readonly method: string,
    readonly route: string,
    readonly status: number,
  ) {}
}

/**
 * Requests by route template, method and status, kept in plain numbers: a request costs two
 * map lookups and a few additions, no allocation once its series exists (prom-client's own
 * `observe` builds a label object and a key string each time). The series are turned into
 * prom-client's values only when scraped. Routes are Hono's templates, never raw URLs, so the
 * number of series is bounded by the code.
 */
function createRequestSeries() {
  // route -> method index * 1000 + status -> series
  const byRoute = new Map<string, Map<number, RequestSeries>>();
  return {
    record(method: string, route: string, status: number, seconds: number) {
      let methodIndex = METHODS.indexOf(method);
      if (methodIndex === -1) methodIndex = METHODS.length - 1;
      let ofRoute = byRoute.get(route);
      if (!ofRoute) {
        ofRoute = new Map();
        byRoute.set(route, ofRoute);
      }
      const key = methodIndex * 1000 + status;
      let series = ofRoute.get(key);
      if (!series) {
        series = new RequestSeries(METHODS[methodIndex]!, route, status);
        ofRoute.set(key, series);
      }
      series.count += 1;
      series.sum += seconds;
      let bucket = 0;
      while (bucket < LATENCY_BUCKETS.length && seconds > LATENCY_BUCKETS[bucket]!) bucket++;
      if (bucket < LATENCY_BUCKETS.length) series.buckets[bucket]! += 1;
    },
    *all(): Generator<RequestSeries> {
      for (const ofRoute of byRoute.values()) yield* ofRoute.values();
    },
  };
}
type RequestSeriesStore = ReturnType<typeof createRequestSeries>;

const labelsOf = (series: RequestSeries): LabelValues<RequestLabel> => ({
  method: series.method,
  route: series.route,
  status: String(series.status),
});

const DURATIONS = 'http_request_duration_seconds';

/**
 * The latency histogram, read from the request series at each scrape. prom-client's registry
 * takes any metric that answers `get()` with its name, help, type and values (as its own
 * cluster merge does); its Histogram class would count each request itself, at ~2 µs a time.
 */
function requestDurations(store: RequestSeriesStore) {
  const description = {
    name: DURATIONS,
    help: 'Time from the first middleware to the answer, by route template, method and status',
    type: 'histogram',
    aggregator: 'sum',
  };
  const values = () => {
    const all: MetricValueWithName<RequestLabel | 'le'>[] = [];
    for (const series of store.all()) {
      const labels = labelsOf(series);
      let cumulative = 0;
      LATENCY_BUCKETS.forEach((bound, index) => {
        cumulative += series.buckets[index]!;
        all.push({
          metricName: `${DURATIONS}_bucket`,
          labels: { ...labels, le: bound },
          value: cumulative,
        });
      });
      all.push({
        metricName: `${DURATIONS}_bucket`,
        labels: { ...labels, le: '+Inf' },
        value: series.count,
      });
      all.push({ metricName: `${DURATIONS}_sum`, labels, value: series.sum });
      all.push({ metricName: `${DURATIONS}_count`, labels, value: series.count });
    }
    return all;
  };
  const metric = {
    ...description,
    get: async () => ({ ...description, values: values() }),
    reset() {},
  };
  return metric as unknown as Metric;
}

export interface Metrics {
  readonly events: ShopEvents;
  /** One answer: its method, route template, status and time taken. */
  recordRequest(method: string, route: string, status: number, seconds: number): void;
  /** An answer of Hono's, under its route template: the request envelope tells it. */
  recordAnswer(c: Context, seconds: number): void;
  readonly contentType: string;
  /** This process's figures; a worker's under WORKERS=n, the whole cluster's (clusterMetrics). */
  text(): Promise<string>;
}

export function createMetrics(
  options: { poolUse?: () => PoolUse; worker?: boolean } = {},
): Metrics {
  const registry = new Registry();
  const worker = options.worker ?? cluster.isWorker;
  if (worker) {
    // The primary collects this registry's figures for each scrape (clusterMetrics).
    process.on('message', (message: Partial<WorkerMetricsRequest> | undefined) => {
      if (message?.type !== WORKER_METRICS_REQUEST || typeof message.id !== 'number') return;
      const { id } = message;
      registry.getMetricsAsJSON().then(
        (figures) => {
          if (process.connected) {
            process.send!({
              type: WORKER_METRICS_ANSWER,
              id,
              figures,
            } satisfies WorkerMetricsAnswer);
          }
        },
        // Unanswered: the primary counts this worker silent and serves the others' figures.
        () => {},
      );
    });
  }
  // Process and Node figures, event-loop lag among them (nodejs_eventloop_lag_*).
  collectDefaultMetrics({ register: registry });

  const requests = createRequestSeries();
  registry.registerMetric(requestDurations(requests));
  new Counter<RequestLabel>({
    name: 'http_requests_total',
    help: 'Answers by route template (Hono route path), method and status',
    labelNames: ['method', 'route', 'status'],
    registers: [registry],
    collect() {
      this.reset();
      for (const series of requests.all()) this.inc(labelsOf(series), series.count);
    },
  });

  const ordersPlaced = new Counter({
    name: 'shop_orders_placed_total',
    help: 'Orders placed (a replay of the same Idempotency-Key not counted again)',
    registers: [registry],
  });
  const ordersPaid = new Counter({
    name: 'shop_orders_paid_total',
    help: 'Orders marked paid, once each, whichever way the payment was confirmed',
    registers: [registry],
  });
  const paymentsFailed = new Counter<'reason'>({
    name: 'shop_payment_failures_total',
    help: "Failed payments: declined (test mode's card errors, Stripe's payment_intent.payment_failed), not verified with the provider, provider unreachable",
    labelNames: ['reason'],
    registers: [registry],
  });
  // Every reason shows from the start, so a rate over it is 0 rather than absent.
  for (const reason of paymentFailures) paymentsFailed.inc({ reason }, 0);

  const { poolUse } = options;
  if (poolUse) {
    const poolGauge = (name: string, help: string, read: (use: PoolUse) => number) =>
      new Gauge({
        name,
        help,
        registers: [registry],
        collect() {
          this.set(read(poolUse()));
        },
      });
    poolGauge('shop_db_pool_connections', 'Open connections to PostgreSQL', (use) => use.total);
    poolGauge('shop_db_pool_idle_connections', 'Open connections not in use', (use) => use.idle);
    poolGauge(
      'shop_db_pool_waiting_requests',
      'Queries waiting for a connection',
      (use) => use.waiting,
    );
  }

  const recordRequest = requests.record;
  return {
    events: {
      orderPlaced: () => ordersPlaced.inc(),
      orderPaid: () => ordersPaid.inc(),
      paymentFailed: (reason) => paymentsFailed.inc({ reason }),
    },
    recordRequest,
    // After the handlers, Hono's route index is the handler that answered; '' when none matched.
    recordAnswer: (c, seconds) =>
      recordRequest(c.req.method, routePath(c) || UNMATCHED, c.res.status, seconds),
    contentType: registry.contentType,
    text: worker ? askPrimaryForMetrics : () => registry.metrics(),
  };
}

/** Metrics when they are served (a token, or a port of their own); none otherwise. */
export const metricsFor = (
  env: Partial<Pick<Env, 'METRICS_TOKEN' | 'METRICS_PORT'>>,
  poolUse?: () => PoolUse,
): Metrics | undefined =>
  env.METRICS_TOKEN !== undefined || env.METRICS_PORT !== undefined
    ? createMetrics({ poolUse })
    : undefined;

const digest = (text: string) => createHash('sha256').update(text).digest();

/**
 * `/metrics` on the public port: with METRICS_TOKEN, for `Authorization: Bearer <token>` only
 * (401 otherwise); without it, not found, as if the path did not exist. The token is compared
 * through its hash, in constant time, so neither its length nor its characters leak.
 */
export function publicMetricsEndpoint(
  metrics: Metrics | undefined,
  token: string | undefined,
): MiddlewareHandler {
  const expected = token === undefined ? undefined : digest(token);
  return async (c: Context) => {
    if (!metrics || !expected || (c.req.method !== 'GET' && c.req.method !== 'HEAD')) {
      return c.json(errorBody('NOT_FOUND', `No route for ${c.req.method} ${c.req.path}`), 404);
    }
    const authorization = c.req.header('authorization') ?? '';
    const given = /^bearer /i.test(authorization) ? authorization.slice(7).trim() : '';
    if (!timingSafeEqual(digest(given), expected)) {
      c.header('WWW-Authenticate', 'Bearer');
      return c.json(errorBody('UNAUTHENTICATED', 'A valid metrics token is required'), 401);
    }
    return c.body(await metrics.text(), 200, { 'Content-Type': metrics.contentType });
  };
}

/**
 * The METRICS_PORT server's listener: `GET /metrics` without a token, anything else not found.
 * Its scrapes are not counted among the shop's requests.
 */
export function metricsPortListener(metrics: MetricsText): RequestListener {
  return (request, response) => {
    const requestId = randomUUID();
    response.setHeader(REQUEST_ID_HEADER, requestId);
    const path = (request.url ?? '/').split('?', 1)[0];
    if (path === METRICS_PATH && (request.method === 'GET' || request.method === 'HEAD')) {
      metrics.text().then(
        (text) => {
          response.writeHead(200, { 'Content-Type': metrics.contentType });
          response.end(request.method === 'HEAD' ? undefined : text);
        },
        () => {
          const body = runWithRequestId(requestId, () =>
            errorBody('INTERNAL', 'The metrics could not be collected'),
          );
          response.writeHead(500, { 'Content-Type': 'application/json' });
          response.end(JSON.stringify(body));
        },
      );
      return;
    }
    const body = runWithRequestId(requestId, () =>
      errorBody('NOT_FOUND', `No route for ${request.method} ${path}: metrics are at /metrics`),
    );
    response.writeHead(404, { 'Content-Type': 'application/json' });
    response.end(JSON.stringify(body));
  };
}
