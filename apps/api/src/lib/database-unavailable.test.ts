import { Hono } from 'hono';
import pg from 'pg';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { isConnectionFailure, isDatabaseUnavailable } from './database-unavailable';
import { createErrorHandler } from './errors';

/** A server error as node-postgres makes it from the server's message. */
const serverError = (code: string, message: string) =>
  Object.assign(new pg.DatabaseError(message, message.length, 'error'), { code });
const socketError = (code: string) =>
  Object.assign(new Error(`connect ${code} 127.0.0.1:5432`), { code });

/** What a client gets when a route fails with this error. */
async function answerTo(error: unknown) {
  const app = new Hono();
  app.get('/', () => {
    throw error;
  });
  app.onError(createErrorHandler(pino({ level: 'silent' })));
  const response = await app.request('/');
  return {
    status: response.status,
    retryAfter: response.headers.get('retry-after'),
    body: (await response.json()) as { error: { code: string } },
  };
}

describe('a database that cannot serve answers 503 DATABASE_UNAVAILABLE, anything else 500', () => {
  it.each([
    ['nobody listens (stopped)', socketError('ECONNREFUSED')],
    ['the connection was reset', socketError('ECONNRESET')],
    ['the host is unreachable', socketError('EHOSTUNREACH')],
    ['the host name does not resolve', socketError('ENOTFOUND')],
    [
      'pg_ctl stop -m fast (57P01)',
      serverError('57P01', 'terminating connection due to administrator command'),
    ],
    [
      'a crashed backend (57P02)',
      serverError('57P02', 'terminating connection because of crash of another server process'),
    ],
    [
      'starting up or shutting down (57P03)',
      serverError('57P03', 'the database system is shutting down'),
    ],
    ['too many connections (53300)', serverError('53300', 'sorry, too many clients already')],
    [
      'statement_timeout (57014)',
      serverError('57014', 'canceling statement due to statement timeout'),
    ],
    ['a connection exception (08006)', serverError('08006', 'connection failure')],
    ['the server went away mid-query', new Error('Connection terminated unexpectedly')],
    [
      'no connection within connectionTimeoutMillis',
      new Error('Connection terminated due to connection timeout', {
        cause: new Error('Connection terminated unexpectedly'),
      }),
    ],
    [
      'no free connection in the pool in time',
      new Error('timeout exceeded when trying to connect'),
    ],
    ['query_timeout (a frozen server)', new Error('Query read timeout')],
    ["the client's own connect timeout", new Error('timeout expired')],
    [
      'a client already broken',
      new Error('Client has encountered a connection error and is not queryable'),
    ],
    [
      'both addresses of localhost refused',
      new AggregateError([socketError('ECONNREFUSED'), socketError('ECONNREFUSED')], ''),
    ],
    [
      "Better Auth's refusal wrapping one (its session read)",
      new Error('Failed to get session', { cause: socketError('ECONNREFUSED') }),
    ],
  ])('%s: 503', async (_case, error) => {
    expect(isDatabaseUnavailable(error)).toBe(true);
    // Its connection is thrown away, and requests waiting for one fail now too; but a
    // statement cut by statement_timeout leaves a connection that works.
    expect(isConnectionFailure(error)).toBe((error as { code?: string }).code !== '57014');
    expect(await answerTo(error)).toEqual({
      status: 503,
      retryAfter: '5',
      body: {
        error: {
          code: 'DATABASE_UNAVAILABLE',
          message:
            'The shop cannot reach its database right now. Please try again in a few seconds.',
          requestId: expect.any(String),
        },
      },
    });
  });

  it.each([
    [
      'a unique violation (23505)',
      serverError('23505', 'duplicate key value violates unique constraint'),
    ],
    ['a serialization failure (40001)', serverError('40001', 'could not serialize access')],
    ['a syntax error (42601)', serverError('42601', 'syntax error at or near "selec"')],
    ['a fault of ours', new TypeError("Cannot read properties of undefined (reading 'id')")],
    [
      'a timeout of another service',
      Object.assign(new Error('Request timed out'), { code: 'ERR_TIMEOUT' }),
    ],
  ])('%s: 500 INTERNAL', async (_case, error) => {
    expect(isDatabaseUnavailable(error)).toBe(false);
    expect(isConnectionFailure(error)).toBe(false);
    const answer = await answerTo(error);
    expect(answer.status).toBe(500);
    expect(answer.retryAfter).toBeNull();
    expect(answer.body.error.code).toBe('INTERNAL');
  });
});
