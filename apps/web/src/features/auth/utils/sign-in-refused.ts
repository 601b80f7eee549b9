import { ApiError } from '../../../lib/api-client';

/**
 * Whether the API refused the caller (401, 403): only that ends a sign-in. No answer (a dropped
 * connection), a server failure (5xx) or a rate limit (429) passes, and the app asks again.
 */
export const isSignInRefused = (error: unknown) =>
  error instanceof ApiError && (error.status === 401 || error.status === 403);

/** The longest wait between two token requests that got no usable answer. */
export const MAX_TOKEN_RETRY_DELAY_MS = 30_000;

/** The wait before the next token request after `failures` failed ones: 1 s, doubling, to 30 s. */
export const tokenRetryDelay = (failures: number) =>
  Math.min(1000 * 2 ** Math.max(failures - 1, 0), MAX_TOKEN_RETRY_DELAY_MS);
