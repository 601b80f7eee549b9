/**
 * Errors that say the database cannot serve now (stopped, restarting, frozen, unreachable,
 * too slow), as opposed to a fault in our code or data: the API answers them 503
 * DATABASE_UNAVAILABLE, and the same request should work once the database is back.
 */

/** Socket errors of the driver: nobody listens, the network is gone, the connection broke. */
const socketCodes = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ECONNABORTED',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'EHOSTDOWN',
  'ENETUNREACH',
  'ENETDOWN',
  'ENOTFOUND',
  'EAI_AGAIN',
]);

/** PostgreSQL's SQLSTATEs for the same: class 08 (connection exception) and these. */
const connectionSqlStates = new Set([
  '57P01', // admin_shutdown: pg_ctl stop -m fast, or the backend was terminated
  '57P02', // crash_shutdown: another backend crashed, the server restarts
  '57P03', // cannot_connect_now: starting up, shutting down or in recovery
  '57P05', // idle_session_timeout
  '53300', // too_many_connections
]);
/** query_canceled: a statement cut by `statement_timeout`; the connection is still fine. */
const STATEMENT_TIMEOUT = '57014';

/** node-postgres and pg-pool give these without a code (pg 8, pg-pool 3). */
const driverMessages = [
  /^Connection terminated/, // unexpectedly, or due to connection timeout
  /^timeout expired$/, // the client's connectionTimeoutMillis
  /^timeout exceeded when trying to connect$/, // pg-pool: no connection free in time
  /^Query read timeout$/, // query_timeout: the server did not answer in time
  /is not queryable$/, // a client whose connection already failed or was closed
];

type Test = (error: Error) => boolean;
const codeOf = (error: Error) => (error as { code?: unknown }).code;

const isConnectionFailureItself: Test = (error) => {
  const code = codeOf(error);
  if (typeof code === 'string') {
    if (socketCodes.has(code) || connectionSqlStates.has(code) || code.startsWith('08')) {
      return true;
    }
  }
  return driverMessages.some((pattern) => pattern.test(error.message));
};

/** The error, its causes, or (an AggregateError from a dual-stack connect) any of its parts. */
function anyPart(error: unknown, test: Test, depth = 0): boolean {
  if (depth > 5 || !(error instanceof Error)) return false;
  if (test(error)) return true;
  if (error instanceof AggregateError && error.errors.some((e) => anyPart(e, test, depth + 1))) {
    return true;
  }
  return anyPart(error.cause, test, depth + 1);
}

/** The connection failed or the server went silent: that connection is not to be reused. */
export const isConnectionFailure = (error: unknown) => anyPart(error, isConnectionFailureItself);

/** The database cannot serve this now: no connection, or too slow (statement_timeout). */
export const isDatabaseUnavailable = (error: unknown) =>
  anyPart(error, (part) => isConnectionFailureItself(part) || codeOf(part) === STATEMENT_TIMEOUT);

/** Seconds a client is told to wait before trying again (the Retry-After header). */
export const DATABASE_RETRY_AFTER_SECONDS = 5;
