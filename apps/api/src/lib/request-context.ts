import { AsyncLocalStorage } from 'node:async_hooks';
import { randomUUID } from 'node:crypto';
import type { Context, MiddlewareHandler } from 'hono';
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

/** Headers every answer on a path gets, set in one pass with the request id. */
export type HeadersForPath = (path: string) => ReadonlyArray<readonly [string, string]>;

export interface RequestEnvelopeOptions {
  trustProxy: boolean;
  /** Writes the one line per request. */
  logger: Logger;
  /** Told of each answer: method, route template ('' when no route matched), status, time. */
  onAnswered?: (c: Context, seconds: number) => void;
  /** The security headers of the path's kind of answer (an API answer's, for instance). */
  headersFor?: HeadersForPath;
}

/**
 * The outermost middleware, and the only one every request passes (decision 017): gives the
 * request its id and runs the rest as part of it, then adds `X-Request-Id` and the path's headers
 * to the answer, counts it, and logs one line with method, path, status and time taken. One layer
 * rather than four: on the uncached path each layer's promise and closure showed in the profile.
 */
export const requestEnvelope =
  (options: RequestEnvelopeOptions): MiddlewareHandler =>
  async (c, next) => {
    const started = performance.now();
    // The header is read only when it may be used.
    const requestId = requestIdFor(
      options.trustProxy ? c.req.header(REQUEST_ID_HEADER) : undefined,
    );
    await requestIds.run(requestId, next);
    // Set after the answer is made, over whatever a handler set, so that the security headers
    // always win; a replayed copy (response-replay.ts, outside this layer) keeps them but never
    // this request's id.
    const headers = c.res.headers;
    headers.set(REQUEST_ID_HEADER, requestId);
    if (options.headersFor) {
      for (const [name, value] of options.headersFor(c.req.path)) headers.set(name, value);
    }
    const seconds = (performance.now() - started) / 1000;
    options.onAnswered?.(c, seconds);
    options.logger.info(
      {
        requestId,
        method: c.req.method,
        path: c.req.path,
        status: c.res.status,
        ms: Math.round(seconds * 10_000) / 10,
      },
      'request',
    );
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
