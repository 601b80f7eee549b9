import { messages } from '@shop/shared';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { AppError } from '../lib/errors';
import { createRequestCounters } from './request-counters';

export const RESET_WINDOW_MINUTES = 15;
/** Reset requests one network address may make per window, whatever the emails. */
export const RESET_REQUESTS_PER_ADDRESS = 10;
/** Reset requests for one email per window, from anywhere: its inbox is not flooded. */
export const RESET_REQUESTS_PER_EMAIL = 3;
/**
 * Every reset request is answered this long after it arrived, at the soonest: a known email
 * (a token written, an email queued) and an unknown one (a look-up only) take the same time,
 * so the answer's timing does not tell whether an account exists. Both take a few
 * milliseconds, far below it, on a loaded machine too.
 */
export const RESET_ANSWER_FLOOR_MS = 400;

/**
 * Counts reset requests per address and per email in the database (the request counters the
 * token requests use), so several servers share the counts; 429 RATE_LIMITED past either.
 * Unknown emails count as known ones do: a refusal says nothing about an account.
 */
export function createPasswordResetLimiter(db: Kysely<Database>) {
  const counters = createRequestCounters(db);
  const windowSeconds = RESET_WINDOW_MINUTES * 60;
  const refuse = () =>
    new AppError('RATE_LIMITED', messages.passwordReset.tooManyRequests(RESET_WINDOW_MINUTES));
  return {
    async count(email: string, address = ''): Promise<void> {
      if (
        (await counters.hit(`reset-address:${address}`, windowSeconds)) > RESET_REQUESTS_PER_ADDRESS
      )
        throw refuse();
      if ((await counters.hit(`reset-email:${email}`, windowSeconds)) > RESET_REQUESTS_PER_EMAIL)
        throw refuse();
    },
  };
}

export type PasswordResetLimiter = ReturnType<typeof createPasswordResetLimiter>;
