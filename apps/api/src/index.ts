import cluster from 'node:cluster';
import { fileURLToPath } from 'node:url';
import { STOP_MESSAGE, type WorkerReady, runPrimary } from './cluster';
import { DataDirInUseError } from './db/data-dir-lock';
import { EnvError, loadEnv } from './env';
import { abandonLogs, flushLogs } from './lib/logger';
import { startServer } from './server';

/** After the shutdown deadline: time for the database to close before the exit is forced. */
const CLOSE_MARGIN_MS = 3000;
/** How long the last log lines may wait for a reader of stdout. */
const LOG_FLUSH_MS = 500;

async function main() {
  const env = loadEnv();
  if (env.WORKERS > 1 && cluster.isPrimary) {
    runPrimary({
      workers: env.WORKERS,
      entry: fileURLToPath(import.meta.url),
      workerStopMs: env.SHUTDOWN_TIMEOUT_MS + CLOSE_MARGIN_MS,
      metrics:
        env.METRICS_TOKEN !== undefined || env.METRICS_PORT !== undefined
          ? { port: env.METRICS_PORT, host: env.METRICS_HOST }
          : undefined,
    });
    return;
  }
  // A worker stopped before it serves has nothing to finish: it leaves (an unfinished
  // migration rolls back, its lock goes with the connection).
  let stopWorker: () => void = () => process.exit(0);
  if (cluster.isWorker) {
    // The primary owns the signals (cluster.ts): a Ctrl-C or systemd's SIGTERM reaches every
    // process of the group, and the primary's word follows; counting both would mean "at once".
    process.on('SIGINT', () => {});
    process.on('SIGTERM', () => {});
    process.on('message', (message: typeof STOP_MESSAGE) => {
      if (message?.type === STOP_MESSAGE.type) stopWorker();
    });
  }
  const started = performance.now();
  const server = await startServer(env);
  const where = [
    // The address the shop writes into its links, when it is not the one it listens on.
    ...(env.PUBLIC_URL_SET ? [`public address ${env.PUBLIC_URL}`] : []),
    server.database.kind === 'pglite'
      ? `data in ${server.database.location}`
      : `PostgreSQL ${server.database.location}`,
  ].join(', ');
  const readyInMs = Math.round(performance.now() - started);
  // The start's log lines (migrations, warnings) are written before the ready line, which is
  // the last a newcomer reads: the log's buffer is flushed first (issue 49).
  await flushLogs(LOG_FLUSH_MS);
  if (cluster.isWorker) {
    process.send?.({ type: 'ready', url: server.url, where } satisfies WorkerReady);
  } else {
    console.log(
      `Laptop parts shop ready in ${readyInMs} ms: open ${server.url} (${where}, 1 process)`,
    );
  }

  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) {
      // A second signal: the operator does not want to wait.
      abandonLogs();
      process.exit(1);
    }
    stopping = true;
    console.log(`${signal}: stopping (at most ${env.SHUTDOWN_TIMEOUT_MS} ms)`);
    // The exit happens even if closing hangs; unref'd, so it never delays a clean exit.
    setTimeout(() => {
      abandonLogs();
      process.exit(1);
    }, env.SHUTDOWN_TIMEOUT_MS + CLOSE_MARGIN_MS).unref();
    server.close(env.SHUTDOWN_TIMEOUT_MS).then(
      async () => {
        await flushLogs(LOG_FLUSH_MS);
        process.exit(0);
      },
      async (error: unknown) => {
        console.error('The shop did not stop cleanly:', error);
        await flushLogs(LOG_FLUSH_MS);
        process.exit(1);
      },
    );
  };
  if (cluster.isWorker) {
    stopWorker = () => stop(`worker ${process.pid}`);
  } else {
    process.on('SIGINT', () => stop('SIGINT'));
    process.on('SIGTERM', () => stop('SIGTERM'));
  }
}

main().catch((error: unknown) => {
  if (error instanceof EnvError || error instanceof DataDirInUseError) {
    console.error(error.message);
  } else {
    console.error('The shop could not start:', error);
  }
  process.exit(1);
});
