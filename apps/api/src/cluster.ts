import cluster, { type Worker } from 'node:cluster';
import { createServer } from 'node:http';
import { clusterMetrics } from './lib/cluster-metrics';
import { metricsPortListener } from './lib/metrics';

/** A worker's word to the primary that it listens. */
export interface WorkerReady {
  type: 'ready';
  url: string;
  where: string;
}
/** The primary's word to a worker: stop as on SIGTERM. */
export const STOP_MESSAGE = { type: 'stop' } as const;

export interface PrimaryOptions {
  workers: number;
  /** The file a worker runs: the server's entry, not whatever started the primary (npm start). */
  entry: string;
  /** A worker's own deadline to stop (SHUTDOWN_TIMEOUT_MS plus its margin to close). */
  workerStopMs: number;
  /** Waits before restarting a worker that died: the first, doubling up to the last. */
  restartMs?: number;
  maxRestartMs?: number;
  /**
   * When metrics are kept (METRICS_TOKEN or METRICS_PORT): the primary sums the workers'
   * figures for each scrape, and serves METRICS_PORT itself when it is set.
   */
  metrics?: { port?: number; host: string };
}

/** After a worker's own deadline: time for it to exit before it is killed. */
const KILL_MARGIN_MS = 1000;
/** A worker that ran this long before dying restarts after the shortest wait again. */
export const STABLE_MS = 30_000;

/**
 * How long to wait before restarting a worker that died: `firstMs`, doubled for each death in
 * a row of workers that did not run `STABLE_MS`, at most `maxMs`. A worker that keeps failing
 * (a bad deploy, a database refusing it) is retried at a slow pace, not in a hot loop.
 */
export function restartDelay(deathsInRow: number, firstMs: number, maxMs: number): number {
  return Math.min(firstMs * 2 ** Math.max(0, Math.min(deathsInRow - 1, 30)), maxMs);
}

/**
 * The primary of `WORKERS=n`: forks the workers, which share the port (node:cluster hands out
 * connections in turn), and watches them. It owns the signals: on SIGTERM or SIGINT each worker
 * is told to stop (a worker ignores signals itself, since Ctrl-C or systemd reach every process
 * of the group and two would mean "at once"), and it exits when they have; a second signal
 * kills them at once. A worker that dies while the shop runs is restarted after a wait that
 * grows with each death in a row, never in a hot loop; one that dies before the shop was ever
 * ready stops the start (its error is on stderr).
 */
export function runPrimary(options: PrimaryOptions): void {
  const started = performance.now();
  cluster.setupPrimary({ exec: options.entry });
  const restartMs = options.restartMs ?? 500;
  const maxRestartMs = options.maxRestartMs ?? 30_000;
  let stopping = false;
  let ready = false;
  const readyWorkers = new Set<number>();
  const deathsInRow = new Map<Worker, number>();
  const startedAt = new Map<Worker, number>();

  const exitWhenAllGone = (code: number) => {
    if (Object.keys(cluster.workers ?? {}).length === 0) process.exit(code);
  };
  let exitCode = 0;

  const metrics = options.metrics && clusterMetrics();
  const metricsServer =
    metrics && options.metrics?.port !== undefined
      ? createServer(metricsPortListener(metrics))
      : undefined;
  metricsServer?.on('error', (error) => {
    // As a single process would: a shop that cannot serve what it was told to does not start.
    console.error(`The metrics port could not be opened: ${error.message}`);
    exitCode = 1;
    stop('metrics port error');
  });
  metricsServer?.listen(options.metrics!.port, options.metrics!.host);

  const fork = (deaths = 0) => {
    const worker = cluster.fork();
    if (metrics) worker.on('message', (message: unknown) => metrics.answer(worker, message));
    deathsInRow.set(worker, deaths);
    startedAt.set(worker, performance.now());
    worker.on('message', (message: WorkerReady) => {
      if (message?.type !== 'ready') return;
      readyWorkers.add(worker.id);
      if (!ready && readyWorkers.size === options.workers) {
        ready = true;
        console.log(
          `Laptop parts shop ready in ${Math.round(performance.now() - started)} ms: open ${message.url} (${message.where}, ${options.workers} worker processes)`,
        );
      } else if (ready) {
        console.log(`worker ${worker.process.pid} started`);
      }
    });
  };

  cluster.on('exit', (worker, code, signal) => {
    readyWorkers.delete(worker.id);
    const deaths = (deathsInRow.get(worker) ?? 0) + 1;
    const ranMs = performance.now() - (startedAt.get(worker) ?? 0);
    deathsInRow.delete(worker);
    startedAt.delete(worker);
    if (stopping) {
      if (code !== 0) exitCode = 1;
      exitWhenAllGone(exitCode);
      return;
    }
    if (!ready) {
      console.error(`A worker could not start (exit ${signal ?? code}): stopping the shop.`);
      stopping = true;
      exitCode = 1;
      for (const other of Object.values(cluster.workers ?? {})) other?.process.kill('SIGKILL');
      exitWhenAllGone(1);
      return;
    }
    const inRow = ranMs >= STABLE_MS ? 1 : deaths;
    const waitMs = restartDelay(inRow, restartMs, maxRestartMs);
    console.error(
      `worker ${worker.process.pid} died (${signal ?? `exit ${code}`}): restarting it in ${waitMs} ms`,
    );
    setTimeout(() => {
      if (!stopping) fork(inRow);
    }, waitMs);
  });

  const stop = (signal: string) => {
    if (stopping) {
      console.log(`${signal} again: stopping at once`);
      for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill('SIGKILL');
      process.exit(1);
    }
    stopping = true;
    console.log(
      `${signal}: stopping ${options.workers} workers (at most ${options.workerStopMs} ms)`,
    );
    for (const worker of Object.values(cluster.workers ?? {})) {
      // A worker that is dying has no channel left; its exit is awaited all the same.
      if (worker?.isConnected()) worker.send(STOP_MESSAGE, () => {});
    }
    setTimeout(() => {
      for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill('SIGKILL');
      process.exit(1);
    }, options.workerStopMs + KILL_MARGIN_MS).unref();
    exitWhenAllGone(exitCode);
  };
  process.on('SIGINT', () => stop('SIGINT'));
  process.on('SIGTERM', () => stop('SIGTERM'));

  for (let i = 0; i < options.workers; i++) fork();
}
