import type { PostgresPool, PostgresPoolClient } from 'kysely';
import pg from 'pg';
import { isConnectionFailure } from '../lib/database-unavailable';

/** The PostgreSQL server's pool: its bounds, and the rule that ends every wait when it is gone. */

/** How much longer than the server's statement_timeout the client waits for any answer. */
const SILENT_SERVER_MARGIN_MS = 500;
/**
 * How many timeouts a request may wait for a free connection while the server is healthy
 * (a burst of requests on a busy machine): long, since a database that fails ends every
 * wait at once (`failFastPool`).
 */
const POOL_WAIT_TIMEOUTS = 10;
/** pg-pool's error when that wait ran out (pg-pool 3). */
const POOL_WAIT_TIMED_OUT = 'timeout exceeded when trying to connect';

/**
 * The pool's bounds, so a stopped or frozen server answers 503 within about 2 s (issue 15),
 * for a timeout T (DATABASE_TIMEOUT_MS, 1 s by default):
 * - a new connection gets T (a frozen postmaster still accepts TCP, then never answers);
 * - `statement_timeout` T in each transaction (`set local`, pooled-postgres.ts; not a startup
 *   parameter, which a pooler refuses): the server cancels a statement (lock waits included)
 *   itself; the connection stays usable and the transaction rolls back as usual;
 * - `query_timeout` T + 0.5 s: the client gives up on a server that does not even answer the
 *   cancel (frozen, or the network gone), or on a statement outside a transaction; that
 *   connection is then thrown away;
 * - a wait for a free connection gets 10 T, but ends at once when another request finds the
 *   database gone (`failFastPool`);
 * - TCP keep-alive finds a dead server under an idle connection.
 * The shop's statements take milliseconds; the longest legitimate wait is a purchase behind
 * the row lock of up to 9 others of its process, tens of milliseconds each even on a busy
 * 2-core machine: 200 simultaneous purchases of one tool (orders.test.ts) pass on PostgreSQL
 * with a load average of 12-19 on 2 cores.
 */
export function poolOptions(databaseUrl: string, timeoutMs: number): pg.PoolConfig {
  return {
    connectionString: databaseUrl,
    max: 10,
    // pg-pool's own option bounds the wait for a free connection; the connection itself is
    // bounded by the client's (`Client` below).
    connectionTimeoutMillis: timeoutMs * POOL_WAIT_TIMEOUTS,
    Client: class extends pg.Client {
      constructor(config?: pg.ClientConfig) {
        super({ ...config, connectionTimeoutMillis: timeoutMs });
      }
    },
    query_timeout: timeoutMs + SILENT_SERVER_MARGIN_MS,
    keepAlive: true,
    keepAliveInitialDelayMillis: 10_000,
  };
}

/**
 * After the statement timeout, how long a statement outside a transaction runs before it is
 * cancelled: a transaction's statement is cut by the server itself at the timeout, first.
 */
const CANCEL_MARGIN_MS = 100;
/** A cancel's connection that the server has not closed by then is closed by the shop. */
const CANCEL_SOCKET_MS = 10_000;

/**
 * Asks the server to cancel the statement `client` runs: PostgreSQL's CancelRequest, on a
 * connection of its own (pg's). A pooler (pgbouncer) passes it to the server connection the
 * client is linked to. The server then ends the statement with query_canceled (57014), as its
 * own statement_timeout would. Nothing is awaited: a server too frozen to take it is found out
 * by the client's `query_timeout`.
 */
function cancelStatement(client: pg.PoolClient) {
  const { processID, secretKey, host, port } = client as unknown as {
    processID: number | null;
    secretKey: number | null;
    host: string;
    port: number;
  };
  if (processID === null || secretKey === null) return;
  // pg's own protocol connection (what pg's Client.cancel uses); its typings omit these.
  const connection = new pg.Connection() as unknown as {
    on(event: 'connect' | 'error', listener: () => void): void;
    connect(portOrPath: number | string, host?: string): void;
    cancel(processID: number, secretKey: number): void;
    stream: { destroy(): void };
  };
  connection.on('error', () => {});
  // The cancel alone: the server closes the connection after it. Anything more on it (pg's
  // `end`, a Terminate message) makes pgbouncer 1.18 stop with "bad client state: 7".
  connection.on('connect', () => connection.cancel(processID, secretKey));
  setTimeout(() => connection.stream.destroy(), CANCEL_SOCKET_MS).unref();
  if (host.startsWith('/')) connection.connect(`${host}/.s.PGSQL.${port}`);
  else connection.connect(port, host);
}

/**
 * The pool as Kysely uses it, with two rules for a server gone silent or away:
 * - fail fast: when a connection attempt or a query finds it so, every request waiting for
 *   a free connection fails with that error now, instead of each waiting its turn to find
 *   out (with 100 waiting and 10 connections, the last would wait 10 timeouts);
 * - a connection whose query failed so is thrown away on release, not pooled again: after a
 *   client-side `query_timeout` its statement may still run, possibly inside a transaction,
 *   which the next request would inherit;
 * - one attempt at a time while the server is gone: once a new connection failed, one request
 *   tries again and the others fail at once with that error, until one connects. Otherwise
 *   every request of an outage leaves a connection attempt behind in the pool's queue, and a
 *   server frozen for 15 s finds about 150 of them waiting when it wakes, which it works
 *   through before serving anyone (issue 32).
 */
export function failFastPool(pool: pg.Pool, timeoutMs: number): PostgresPool {
  const waiting = new Set<(error: Error) => void>();
  /** Why the last new connection failed, until one succeeds; a request is trying meanwhile. */
  let gone: Error | undefined;
  let trying = false;
  const failAllWaiting = (error: unknown) => {
    if (!isConnectionFailure(error)) return;
    for (const fail of waiting) fail(error as Error);
  };

  // Every connection, from its first use to its end, lent out or idle: pg-pool listens to
  // idle ones only, and an 'error' event nobody listens to (the server ends a lent connection
  // between two statements: pg_ctl stop, a terminated backend) would end the process.
  const broken = new WeakMap<pg.PoolClient, Error>();
  /** Connections not to lend again, and why: a cancel sent, a transaction that did not begin. */
  const spoiled = new WeakMap<pg.PoolClient, Error>();
  pool.on('connect', (client) => {
    client.on('error', (error) => {
      broken.set(client, error);
      failAllWaiting(error);
    });
  });

  // One wrapper per connection, made at its first loan: Kysely keeps its own connection object
  // per wrapper, so a new one per loan would be rebuilt for every statement. pg's callback forms
  // are used because each promise costs every request's async hooks on Node 20 (decision 017).
  const wrappers = new WeakMap<pg.PoolClient, PostgresPoolClient>();
  const wrapperOf = (client: pg.PoolClient): PostgresPoolClient => {
    let wrapper = wrappers.get(client);
    if (wrapper) return wrapper;
    // Whether the connection is inside a transaction, from the statements Kysely sends to begin
    // and end one (pooled-postgres.ts; `rollback to savepoint` does not end it).
    let inTransaction = false;
    const query = (sql: string, parameters: unknown[]) =>
      new Promise((resolve, reject) => {
        const ends = sql === 'commit' || sql === 'rollback';
        const begins = sql.startsWith('begin') || sql.startsWith('start transaction');
        if (begins) inTransaction = true;
        // The statement timeout of a statement outside a transaction, asked of the server as
        // psql's Ctrl-C asks it. A transaction's statements the server cuts itself at the
        // timeout (`set local`, pooled-postgres.ts): no timer, and no cancel racing its own.
        const timer = inTransaction
          ? undefined
          : setTimeout(() => {
              spoiled.set(client, new Error('statement cancelled'));
              cancelStatement(client);
            }, timeoutMs + CANCEL_MARGIN_MS);
        client.query(sql, parameters, (error, result) => {
          clearTimeout(timer);
          if (ends) inTransaction = false;
          if (!error) return resolve(result);
          if (begins) {
            // Its `begin` may have opened the transaction that the statement after it (`set
            // local`) then aborted, and Kysely rolls back only a transaction that began: lent
            // again, the connection would answer "current transaction is aborted".
            inTransaction = false;
            spoiled.set(client, new Error('transaction did not begin'));
          }
          if (isConnectionFailure(error)) {
            broken.set(client, error);
            failAllWaiting(error);
          }
          reject(error);
        });
      });
    wrapper = {
      query: query as unknown as PostgresPoolClient['query'],
      // A connection a cancel was sent to is not lent again (a cancel that arrives after its
      // statement ended cuts whatever the connection runs next), nor one whose begin failed.
      release: () => client.release(broken.get(client) ?? spoiled.get(client)),
    };
    wrappers.set(client, wrapper);
    return wrapper;
  };

  const connect = () =>
    new Promise<PostgresPoolClient>((resolve, reject) => {
      if (gone && trying) return reject(gone);
      const tries = gone !== undefined;
      if (tries) trying = true;
      const fail = (error: Error) => {
        waiting.delete(fail);
        reject(error);
      };
      waiting.add(fail);
      pool.connect((error, client) => {
        const stillWaiting = waiting.delete(fail);
        if (tries) trying = false;
        if (error || !client) {
          // A wait for a free connection that ran out says the shop is busy, not that the
          // server is gone.
          if (isConnectionFailure(error) && error?.message !== POOL_WAIT_TIMED_OUT) {
            gone = error as Error;
          }
          if (stillWaiting) reject(error);
          // Even from an attempt its request gave up on: it stood in the pool's queue ahead
          // of the requests still waiting.
          failAllWaiting(error);
        } else {
          gone = undefined;
          if (stillWaiting) resolve(wrapperOf(client));
          // Its request gave up (fail fast) while it was queued: given back at once.
          else client.release();
        }
      });
    });

  return { connect, end: () => pool.end() };
}
