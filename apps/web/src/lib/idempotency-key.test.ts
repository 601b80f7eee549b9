import { describe, expect, it, vi } from 'vitest';
import { ApiError } from './api-client';
import { newIdempotencyKey, sendAttempt } from './idempotency-key';

describe('an order attempt and its Idempotency-Key', () => {
  it('is 128 random bits in hex, new each time', () => {
    const key = newIdempotencyKey();
    expect(key).toMatch(/^[0-9a-f]{32}$/);
    expect(newIdempotencyKey()).not.toBe(key);
  });

  it('sends with the key, and takes a new one once the order is accepted', async () => {
    const renew = vi.fn();
    const send = vi.fn(async (key: string) => `order for ${key}`);
    await expect(sendAttempt('key-1', renew, send)).resolves.toBe('order for key-1');
    expect(send).toHaveBeenCalledWith('key-1');
    expect(renew).toHaveBeenCalledTimes(1);
  });

  it.each([
    ['a refusal (409)', new ApiError(409, 'CONFLICT', 'Not enough stock')],
    ['a bad request (400)', new ApiError(400, 'VALIDATION_ERROR', 'Phone is required')],
    ['a 499', new ApiError(499, 'CLIENT_CLOSED', 'Closed')],
  ])('takes a new key after %s: the server answered', async (_, error) => {
    const renew = vi.fn();
    await expect(sendAttempt('key-1', renew, () => Promise.reject(error))).rejects.toBe(error);
    expect(renew).toHaveBeenCalledTimes(1);
  });

  it.each([
    ['no connection', new TypeError('Failed to fetch')],
    ['an aborted request (status 0)', new ApiError(0, 'NETWORK', 'Network error')],
    ['a server failure (500)', new ApiError(500, 'INTERNAL', 'Something went wrong')],
    ['a 503', new ApiError(503, 'DATABASE_UNAVAILABLE', 'Try again')],
  ])('keeps the key after %s: the order may exist', async (_, error) => {
    const renew = vi.fn();
    await expect(sendAttempt('key-1', renew, () => Promise.reject(error))).rejects.toBe(error);
    expect(renew).not.toHaveBeenCalled();
  });
});
