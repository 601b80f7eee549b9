import { z } from 'zod';

/** The one error shape of the API (DESIGN.md, "Rules that hold everywhere"). */
export const ApiErrorBodySchema = z
  .object({
    error: z.object({
      code: z.string(),
      message: z.string(),
      fields: z.record(z.string(), z.array(z.string())).optional(),
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
  'CONFLICT',
  'OUT_OF_STOCK',
  'TOO_MANY_UNPAID_ORDERS',
  'IDEMPOTENCY_KEY_REUSED',
  'PAYLOAD_TOO_LARGE',
  'UNSUPPORTED_MEDIA_TYPE',
  'RATE_LIMITED',
  'INVALID_EMAIL_OR_PASSWORD',
  'CANNOT_REMOVE_SELF',
  'LAST_ADMIN',
  'CARD_ERROR',
  'PAYMENT_NOT_VERIFIED',
  'ALREADY_PAID',
  'ORDER_CANCELLED',
  'PAYMENT_PENDING',
  'PAYMENT_PROVIDER_UNAVAILABLE',
  'INTERNAL',
] as const;
export type ErrorCode = (typeof errorCodes)[number];
