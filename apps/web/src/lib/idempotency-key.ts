import { ApiError } from './api-client';

/**
 * A new `Idempotency-Key`: 128 random bits in hex (`crypto.randomUUID` needs a secure context;
 * this does not). One key per order attempt, kept while its outcome is unknown.
 */
export const newIdempotencyKey = () =>
  Array.from(crypto.getRandomValues(new Uint8Array(16)), (byte) =>
    byte.toString(16).padStart(2, '0'),
  ).join('');

/**
 * No answer came (the network, or the server failed): the order may exist, so a retry must reuse
 * the key; after any other answer the next attempt takes a new one.
 */
export const isAnswerUnknown = (error: unknown) =>
  !(error instanceof ApiError) || error.status === 0 || error.status >= 500;
