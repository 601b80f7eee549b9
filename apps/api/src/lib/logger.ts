import type { MiddlewareHandler } from 'hono';
import pino, { type Logger } from 'pino';
import type { Env } from '../env';

/** Buffered log lines are written at least this often. */
const FLUSH_EVERY_MS = 250;

/**
 * Logs go to stdout in writes of up to 4 KB rather than one write per line (decision 010): a
 * request line costs microseconds instead of a system call. What is buffered is written within
 * a quarter of a second, and when the process exits; a SIGKILL loses at most that.
 */
export function createLogger(env: Pick<Env, 'LOG_LEVEL' | 'NODE_ENV'>): Logger {
  const destination = pino.destination({ dest: 1, sync: false, minLength: 4096 });
  setInterval(() => destination.flush(), FLUSH_EVERY_MS).unref();
  return pino(
    {
      level: env.LOG_LEVEL,
      base: undefined,
      redact: ['req.headers.authorization', 'req.headers.cookie'],
    },
    destination,
  );
}

/** One structured line per request: method, path, status and time taken. */
export function requestLogger(logger: Logger): MiddlewareHandler {
  return async (c, next) => {
    const started = performance.now();
    await next();
    logger.info(
      {
        method: c.req.method,
        path: c.req.path,
        status: c.res.status,
        ms: Math.round((performance.now() - started) * 10) / 10,
      },
      'request',
    );
  };
}
