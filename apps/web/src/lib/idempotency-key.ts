import { useCallback, useState } from 'react';
import { isRetriable } from './api-client';

/**
 * A new `Idempotency-Key`: 128 random bits in hex (`crypto.randomUUID` needs a secure context;
 * this does not). One key per order attempt, kept while its outcome is unknown.
 */
export const newIdempotencyKey = () =>
  Array.from(crypto.getRandomValues(new Uint8Array(16)), (byte) =>
    byte.toString(16).padStart(2, '0'),
  ).join('');

/**
 * Sends one order attempt with `key`, and asks for a new key (`renew`) once the server has
 * answered, accepted or refused; after no answer the key is kept, so a retry (a double click, a
 * lost answer) orders once.
 */
export async function sendAttempt<Result>(
  key: string,
  renew: () => void,
  send: (idempotencyKey: string) => Promise<Result>,
): Promise<Result> {
  try {
    const result = await send(key);
    renew();
    return result;
  } catch (error) {
    // A failure worth retrying is one whose answer is unknown (no answer, or a 5xx): the order
    // may exist, so the retry reuses the key.
    if (!isRetriable(error)) renew();
    throw error;
  }
}

/** `sendAttempt` with a key kept in state: for every form that places an order. */
export function useIdempotentAttempt() {
  const [key, setKey] = useState(newIdempotencyKey);
  return useCallback(
    <Result>(send: (idempotencyKey: string) => Promise<Result>) =>
      sendAttempt(key, () => setKey(newIdempotencyKey()), send),
    [key],
  );
}
