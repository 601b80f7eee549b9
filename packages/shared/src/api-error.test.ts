import { describe, expect, it } from 'vitest';
import { ApiErrorBodySchema, errorCodes, errorStatus } from './api-error';

describe('the error codes and their statuses', () => {
  it('give every code exactly one status, and list no status without its code', () => {
    expect([...errorCodes].sort()).toEqual(Object.keys(errorStatus).sort());
    expect(new Set(errorCodes).size).toBe(errorCodes.length);
  });

  // What a client sees for each refusal: the status is part of the published contract.
  it.each([
    ['BAD_REQUEST', 400],
    ['VALIDATION_FAILED', 400],
    ['UNAUTHENTICATED', 401],
    ['INVALID_EMAIL_OR_PASSWORD', 401],
    ['CARD_ERROR', 402],
    ['PAYMENT_NOT_VERIFIED', 402],
    ['FORBIDDEN', 403],
    ['NOT_ADMIN', 403],
    ['NOT_FOUND', 404],
    ['CONFLICT', 409],
    ['OUT_OF_STOCK', 409],
    ['TOO_MANY_UNPAID_ORDERS', 409],
    ['CANNOT_REMOVE_SELF', 409],
    ['LAST_ADMIN', 409],
    ['ALREADY_PAID', 409],
    ['ORDER_CANCELLED', 409],
    ['PAYMENT_PENDING', 409],
    ['PAYLOAD_TOO_LARGE', 413],
    ['UNSUPPORTED_MEDIA_TYPE', 415],
    ['IDEMPOTENCY_KEY_REUSED', 422],
    ['RATE_LIMITED', 429],
    ['INTERNAL', 500],
    ['PAYMENT_PROVIDER_UNAVAILABLE', 503],
  ] as const)('answers %s with %i', (code, status) => {
    expect(errorCodes).toContain(code);
    expect(errorStatus[code]).toBe(status);
  });
});

describe('the one error shape', () => {
  it('carries a code, a message and the request id, and per-field messages when a form can show them', () => {
    const withFields = {
      error: {
        code: 'VALIDATION_FAILED',
        message: 'Check the form',
        fields: { phone: ['Phone number must contain a digit'] },
        requestId: 'f2c0a1de-5b7e-4c4e-9d2a-0b1c2d3e4f50',
      },
    };
    expect(ApiErrorBodySchema.parse(withFields)).toEqual(withFields);
    const plain = { error: { code: 'NOT_FOUND', message: 'Tool not found', requestId: 'r-1' } };
    expect(ApiErrorBodySchema.parse(plain)).toEqual(plain);
  });

  it('is not met by a body without code, message or request id, or with fields that are not lists', () => {
    expect(ApiErrorBodySchema.safeParse({ error: { message: 'x', requestId: 'r' } }).success).toBe(
      false,
    );
    expect(ApiErrorBodySchema.safeParse({ error: { code: 'X', requestId: 'r' } }).success).toBe(
      false,
    );
    expect(ApiErrorBodySchema.safeParse({ error: { code: 'X', message: 'x' } }).success).toBe(
      false,
    );
    expect(ApiErrorBodySchema.safeParse({ message: 'x' }).success).toBe(false);
    expect(
      ApiErrorBodySchema.safeParse({
        error: { code: 'X', message: 'x', requestId: 'r', fields: { a: 'b' } },
      }).success,
    ).toBe(false);
  });

  it('is published as ApiError', () => {
    expect(ApiErrorBodySchema.meta()?.id).toBe('ApiError');
  });
});
