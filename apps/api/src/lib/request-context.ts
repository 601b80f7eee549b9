import { AsyncLocalStorage } from 'node:async_hooks';
import { randomUUID } from 'node:crypto';
import type { MiddlewareHandler } from 'hono';
import type { Logger } from 'pino';

export const REQUEST_ID_HEADER = 'X-Request-Id';

/**
 * The id of the request being handled, for whatever runs on its behalf: log lines and error
 * answers read it here, so services and Better Auth need not pass it along. (Better Auth runs
 * its own AsyncLocalStorage on every sign-in, so the hooks it needs are on anyway.)
 */
const requestIds = new AsyncLocalStorage<string>();

/** A proxy's id is kept only if it cannot break a log line or a header: short, plain characters. */
const SANE_REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/;

/**
 * The id a trusted proxy sent, when it is sane; a new one otherwise. The caller passes the
 * header only when TRUST_PROXY is on.
 */
export function requestIdFor(trustedIncoming: string | string[] | undefined): string {
  return typeof trustedIncoming === 'string' && SANE_REQUEST_ID.test(trustedIncoming)
    ? trustedIncoming
    : randomUUID();
}

/** The id of the request this code runs for, if any. */
export const currentRequestId = (): string | undefined => requestIds.getStore();

/** Runs `work` as part of the request `requestId` (a server outside Hono, e.g. the metrics port). */
export const runWithRequestId = <T>(requestId: string, work: () => T): T =>
  requestIds.run(requestId, work);

/**
 * Outermost middleware: gives the request its id, runs the rest as part of it, and names the id
 * in the answer's `X-Request-Id` (set after the answer is made, so a replayed copy never keeps it).
 */
export const requestContext =
  (options: { trustProxy: boolean }): MiddlewareHandler =>
  async (c, next) => {
    // The header is read only when it may be used (reading one builds them all).
    const requestId = requestIdFor(
      options.trustProxy ? c.req.header(REQUEST_ID_HEADER) : undefined,
    );
    await requestIds.run(requestId, next);
    c.res.headers.set(REQUEST_ID_HEADER, requestId);
  };

const scoped = new WeakSet<Logger>();

/**
 * The logger whose every line written while a request is handled names its `requestId`. The
 * root loggers set no `formatters.log` of their own (logger.ts), so none is replaced here.
 */
export function requestScopedLogger(logger: Logger): Logger {
  if (scoped.has(logger)) return logger;
  const child = logger.child(
    {},
    {
      formatters: {
        log: (object) => {
          const requestId = requestIds.getStore();
          return requestId === undefined ? object : { ...object, requestId };
        },
      },
    },
  );
  scoped.add(child);
  return child;
}
