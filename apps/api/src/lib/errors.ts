import { randomUUID } from 'node:crypto';
import { type ApiErrorBody, type ErrorCode, errorStatus } from '@shop/shared';
import type { ErrorHandler, NotFoundHandler } from 'hono';
import { HTTPException } from 'hono/http-exception';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { Logger } from 'pino';
import { DATABASE_RETRY_AFTER_SECONDS, isDatabaseUnavailable } from './database-unavailable';
import { currentRequestId } from './request-context';

/**
 * The one error class of the API: services throw it, `onError` turns it into the error shape.
 * Its status is its code's (`errorStatus` in packages/shared), never chosen at the throw.
 */
export class AppError extends Error {
  readonly status: ContentfulStatusCode;

  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly fields?: Record<string, string[]>,
  ) {
    super(message);
    this.status = errorStatus[code];
  }
}

export const notFound = (what: string) => new AppError('NOT_FOUND', `${what} not found`);

/** Our codes, or a code passed on from Better Auth (e.g. INVALID_EMAIL_OR_PASSWORD). */
type AnyErrorCode = ErrorCode | (string & {});

/**
 * The one error shape. `requestId` is the answer's `X-Request-Id` (request-context.ts): every
 * error body is made while its request is handled; outside one (none today) a fresh id.
 */
export function errorBody(code: AnyErrorCode, message: string, fields?: Record<string, string[]>) {
  const requestId = currentRequestId() ?? randomUUID();
  const body: ApiErrorBody = { error: { code, message, ...(fields ? { fields } : {}), requestId } };
  return body;
}

export const DATABASE_UNAVAILABLE_MESSAGE =
  'The shop cannot reach its database right now. Please try again in a few seconds.';

/** Codes for the statuses Hono's own middleware raises (body limit, malformed JSON...). */
const codeForStatus: Partial<Record<number, ErrorCode>> = {
  400: 'BAD_REQUEST',
  401: 'UNAUTHENTICATED',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
  413: 'PAYLOAD_TOO_LARGE',
  415: 'UNSUPPORTED_MEDIA_TYPE',
  429: 'RATE_LIMITED',
};

export function createErrorHandler(logger: Logger): ErrorHandler {
  return (error, c) => {
    if (error instanceof AppError) {
      return c.json(errorBody(error.code, error.message, error.fields), error.status);
    }
    if (error instanceof HTTPException && error.status < 500) {
      const code = codeForStatus[error.status] ?? 'BAD_REQUEST';
      return c.json(errorBody(code, error.message || 'Bad request'), error.status);
    }
    if (isDatabaseUnavailable(error)) {
      // Not a fault of ours: the same request works once the database is back.
      logger.warn({ err: error, path: c.req.path }, 'database unavailable');
      c.header('Retry-After', String(DATABASE_RETRY_AFTER_SECONDS));
      return c.json(errorBody('DATABASE_UNAVAILABLE', DATABASE_UNAVAILABLE_MESSAGE), 503);
    }
    logger.error({ err: error, path: c.req.path }, 'unhandled error');
    return c.json(
      errorBody('INTERNAL', 'Something went wrong on our side. Please try again.'),
      500,
    );
  };
}

export const apiNotFound: NotFoundHandler = (c) =>
  c.json(
    errorBody('NOT_FOUND', `No API route for ${c.req.method} ${c.req.path}`),
    errorStatus.NOT_FOUND,
  );
