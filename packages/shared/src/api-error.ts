import { z } from 'zod';

/** The one error shape of the API: every refusal answers it, whatever its status. */
export const ApiErrorBodySchema = z
  .object({
    error: z.object({
      code: z.string(),
      message: z.string(),
      fields: z.record(z.string(), z.array(z.string())).optional(),
      requestId: z.string().meta({
        description: "The answer's X-Request-Id, the same on the server's log lines of it",
      }),
    }),
  })
  // `id`: the name the API's published document (`GET /api/openapi.json`) gives the schema.
  .meta({ id: 'ApiError' });
export type ApiErrorBody = z.infer<typeof ApiErrorBodySchema>;

export const errorCodes = [
  'BAD_REQUEST',
  'VALIDATION_FAILED',
  'UNAUTHENTICATED',
  'FORBIDDEN',
  'NOT_ADMIN',
  'NOT_FOUND',
  'GONE',
  'CONFLICT',
  'OUT_OF_STOCK',
  'CANNOT_SHIP',
  'PRICES_CHANGED',
  'TOO_MANY_UNPAID_ORDERS',
  'IDEMPOTENCY_KEY_REUSED',
  'PAYLOAD_TOO_LARGE',
  'UNSUPPORTED_MEDIA_TYPE',
  'RATE_LIMITED',
  'INVALID_EMAIL_OR_PASSWORD',
  'INVALID_PASSWORD',
  'EMAIL_NOT_VERIFIED',
  'CANNOT_REMOVE_SELF',
  'LAST_ADMIN',
  'CARD_ERROR',
  'PAYMENT_NOT_VERIFIED',
  'ALREADY_PAID',
  'ORDER_CANCELLED',
  'PAYMENT_PENDING',
  'PAYMENT_PROVIDER_UNAVAILABLE',
  'DATABASE_UNAVAILABLE',
  'INTERNAL',
] as const;
export type ErrorCode = (typeof errorCodes)[number];

/** The statuses the API's errors answer with. */
export type ErrorStatus =
  400 | 401 | 402 | 403 | 404 | 409 | 410 | 413 | 415 | 422 | 429 | 500 | 503;

/**
 * Each code's HTTP status, once for the whole API: a code is never answered with two
 * statuses. A code added to `errorCodes` without its status here fails the typecheck.
 */
export const errorStatus = {
  BAD_REQUEST: 400,
  VALIDATION_FAILED: 400,
  UNAUTHENTICATED: 401,
  FORBIDDEN: 403,
  NOT_ADMIN: 403,
  NOT_FOUND: 404,
  GONE: 410,
  CONFLICT: 409,
  OUT_OF_STOCK: 409,
  CANNOT_SHIP: 422,
  PRICES_CHANGED: 409,
  TOO_MANY_UNPAID_ORDERS: 409,
  IDEMPOTENCY_KEY_REUSED: 422,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  RATE_LIMITED: 429,
  INVALID_EMAIL_OR_PASSWORD: 401,
  INVALID_PASSWORD: 400,
  EMAIL_NOT_VERIFIED: 403,
  CANNOT_REMOVE_SELF: 409,
  LAST_ADMIN: 409,
  CARD_ERROR: 402,
  PAYMENT_NOT_VERIFIED: 402,
  ALREADY_PAID: 409,
  ORDER_CANCELLED: 409,
  PAYMENT_PENDING: 409,
  PAYMENT_PROVIDER_UNAVAILABLE: 503,
  DATABASE_UNAVAILABLE: 503,
  INTERNAL: 500,
} as const satisfies Record<ErrorCode, ErrorStatus>;
