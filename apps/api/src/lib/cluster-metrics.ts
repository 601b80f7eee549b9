import cluster, { type Worker } from 'node:cluster';
import { AggregatorRegistry, Gauge, Registry } from 'prom-client';

/**
 * The metrics of a cluster (WORKERS=n): the primary gathers every worker's figures and answers
 * each worker's scrape with the sum, so `/metrics` reads the same whichever worker answers.
 */

/** A worker's question to the primary, and its answer: the whole cluster's metrics. */
const CLUSTER_METRICS_REQUEST = 'shop:metrics-request';
const CLUSTER_METRICS_ANSWER = 'shop:metrics-answer';
/**
 * The primary's question to each worker, and its answer: that worker's figures as JSON. A
 * worker silent for WORKER_METRICS_WAIT_MS (stopped, or still starting: waiting for the
 * database) is counted as silent, and the scrape is answered with the others' figures.
 */
export const WORKER_METRICS_REQUEST = 'shop:worker-metrics-request';
export const WORKER_METRICS_ANSWER = 'shop:worker-metrics-answer';
export const WORKER_METRICS_WAIT_MS = 2000;
/** The asking worker waits for the primary, which waits at most WORKER_METRICS_WAIT_MS. */
const CLUSTER_METRICS_WAIT_MS = WORKER_METRICS_WAIT_MS + 4000;

type WorkerFigures = Awaited<ReturnType<Registry['getMetricsAsJSON']>>;
export interface WorkerMetricsRequest {
  type: typeof WORKER_METRICS_REQUEST;
  id: number;
}
export interface WorkerMetricsAnswer {
  type: typeof WORKER_METRICS_ANSWER;
  id: number;
  figures: WorkerFigures;
}

interface ClusterMetricsRequest {
  type: typeof CLUSTER_METRICS_REQUEST;
  id: number;
}
interface ClusterMetricsAnswer {
  type: typeof CLUSTER_METRICS_ANSWER;
  id: number;
  text?: string;
  error?: string;
}

/** What a scrape needs: the text and its content type. */
export interface MetricsText {
  readonly contentType: string;
  text(): Promise<string>;
}

let clusterRequests = 0;
/**
 * A worker's scrape under WORKERS=n: the primary gathers every worker's figures (prom-client's
 * AggregatorRegistry sums counters and histograms) and sends the sum back, so a scrape reads
 * the same totals whichever worker the connection reached.
 */
export function askPrimaryForMetrics(): Promise<string> {
  const id = ++clusterRequests;
  return new Promise((resolve, reject) => {
    const finish = () => {
      clearTimeout(timer);
      process.off('message', onMessage);
    };
    const onMessage = (message: ClusterMetricsAnswer) => {
      if (message?.type !== CLUSTER_METRICS_ANSWER || message.id !== id) return;
      finish();
      if (message.text === undefined) reject(new Error(message.error ?? 'no metrics'));
      else resolve(message.text);
    };
    const timer = setTimeout(() => {
      finish();
      reject(new Error('The primary process did not answer with the metrics'));
    }, CLUSTER_METRICS_WAIT_MS);
    process.on('message', onMessage);
    process.send!({ type: CLUSTER_METRICS_REQUEST, id } satisfies ClusterMetricsRequest);
  });
}

/**
 * The primary's side of WORKERS=n metrics: the sum of every worker's (for METRICS_PORT, which
 * the primary serves itself), and the answer to a worker asking for it (METRICS_TOKEN, where
 * the scrape reaches a worker).
 */
export function clusterMetrics(
  options: { waitMs?: number } = {},
): MetricsText & { answer(worker: Worker, message: unknown): void } {
  const waitMs = options.waitMs ?? WORKER_METRICS_WAIT_MS;
  let asked = 0;
  /** One worker's figures, or undefined when it is gone or silent for `waitMs`. */
  const figuresOf = (worker: Worker) =>
    new Promise<WorkerFigures | undefined>((resolve) => {
      if (!worker.isConnected()) return resolve(undefined);
      const id = ++asked;
      const done = (figures: WorkerFigures | undefined) => {
        clearTimeout(timer);
        worker.off('message', onMessage);
        resolve(figures);
      };
      const onMessage = (message: Partial<WorkerMetricsAnswer> | undefined) => {
        if (message?.type === WORKER_METRICS_ANSWER && message.id === id) done(message.figures);
      };
      const timer = setTimeout(() => done(undefined), waitMs);
      worker.on('message', onMessage);
      worker.send({ type: WORKER_METRICS_REQUEST, id } satisfies WorkerMetricsRequest, (error) => {
        if (error) done(undefined);
      });
    });
  const text = async () => {
    const workers = Object.values(cluster.workers ?? {}).filter((worker) => worker !== undefined);
    const answers = await Promise.all(workers.map(figuresOf));
    const answered = answers.filter((figures) => figures !== undefined);
    // prom-client's sum of the workers' figures (counters and histograms added up).
    const registry = AggregatorRegistry.aggregate(answered);
    const states = new Gauge<'state'>({
      name: 'shop_cluster_workers',
      help: `Workers of this scrape: answering, or silent for ${waitMs} ms (stopped, or still waiting for the database) and left out of the sums`,
      labelNames: ['state'],
      registers: [registry],
    });
    states.set({ state: 'answering' }, answered.length);
    states.set({ state: 'silent' }, workers.length - answered.length);
    return registry.metrics();
  };
  return {
    contentType: Registry.PROMETHEUS_CONTENT_TYPE,
    text,
    answer(worker, message) {
      const request = message as Partial<ClusterMetricsRequest> | undefined;
      if (request?.type !== CLUSTER_METRICS_REQUEST || typeof request.id !== 'number') return;
      const { id } = request;
      const reply = (answer: Omit<ClusterMetricsAnswer, 'type' | 'id'>) => {
        if (worker.isConnected()) worker.send({ type: CLUSTER_METRICS_ANSWER, id, ...answer });
      };
      text().then(
        (figures) => reply({ text: figures }),
        (error: unknown) => reply({ error: (error as Error).message }),
      );
    },
  };
}
