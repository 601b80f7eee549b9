import cluster from 'node:cluster';
import pino, { type Logger } from 'pino';
import type { Env } from '../env';

/** Buffered log lines are written at least this often. */
const FLUSH_EVERY_MS = 250;
/** How long the exit-time write of buffered lines may wait for a reader of stdout. */
const EXIT_FLUSH_LIMIT_MS = 1000;

type Destination = ReturnType<typeof pino.destination>;
const destinations = new Set<Destination>();

/**
 * Logs go to stdout in writes of up to 4 KB rather than one write per line (decision 010): a
 * request line costs microseconds instead of a system call. What is buffered is written within
 * a quarter of a second, and when the process exits; a SIGKILL loses at most that.
 */
export function createLogger(env: Pick<Env, 'LOG_LEVEL' | 'NODE_ENV'>): Logger {
  let giveUpAt = Infinity;
  const destination = pino.destination({
    dest: 1,
    sync: false,
    minLength: 4096,
    // pino's exit hook writes what is buffered synchronously and, by default, retries a full
    // pipe forever: when nobody reads stdout, the process would never exit.
    retryEAGAIN: () => Date.now() < giveUpAt,
  });
  const exitFlush = destination.flushSync.bind(destination);
  destination.flushSync = () => {
    giveUpAt = Math.min(giveUpAt, Date.now() + EXIT_FLUSH_LIMIT_MS);
    try {
      exitFlush();
    } catch {
      // A full or broken stdout: the lines are lost, the exit goes on.
    }
  };
  destinations.add(destination);
  setInterval(() => destination.flush(), FLUSH_EVERY_MS).unref();
  return pino(
    {
      level: env.LOG_LEVEL,
      // Under WORKERS > 1 each line names the worker that wrote it.
      base: cluster.isWorker ? { pid: process.pid } : undefined,
      redact: ['req.headers.authorization', 'req.headers.cookie'],
    },
    destination,
  );
}

/**
 * Before an exit: writes the buffered log lines if stdout takes them within `withinMs`, then
 * leaves nothing for the exit hook, whose synchronous write can spin on a pipe nobody reads
 * (EAGAIN, then EPIPE) however it is bounded.
 */
export async function flushLogs(withinMs: number): Promise<void> {
  await Promise.all(
    [...destinations].map(
      (destination) =>
        new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, withinMs);
          try {
            destination.flush(() => {
              clearTimeout(timer);
              resolve();
            });
          } catch {
            clearTimeout(timer);
            resolve();
          }
        }),
    ),
  );
  abandonLogs();
}

/** For an exit at once: what is still buffered is dropped rather than risk a hang. */
export function abandonLogs(): void {
  for (const destination of destinations) destination.flushSync = () => {};
  destinations.clear();
}
