import { type Kysely, sql } from 'kysely';
import type { Database } from '../db/schema';

/** Wrong passwords one address may try for one email before that pair is locked. */
export const FAILURES_ALLOWED = 5;
/**
 * Wrong passwords for one email from all addresses together after which any address that has
 * already failed for it is refused: a guesser spread over many addresses gets one try per
 * address instead of five, while an address that has not failed still signs in at once.
 */
export const EMAIL_FAILURES_CEILING = 50;
export const FAILURE_WINDOW_MINUTES = 15;

/**
 * Failed password sign-ins per (address, email) pair, kept in the database so servers share
 * them (Better Auth limits attempts per address; this limits guesses per account). Failures
 * from one address never lock the account for another one: no one can lock the owner out.
 */
export function createSignInLimiter(db: Kysely<Database>) {
  const windowStart = sql<Date>`now() - make_interval(mins => ${FAILURE_WINDOW_MINUTES})`;
  return {
    /** Whether this address may not try a password for this email now. */
    async isLocked(email: string, address = ''): Promise<boolean> {
      const { fromAddress, fromAll } = await db
        .selectFrom('sign_in_failures')
        .select([
          sql<number>`count(*) filter (where address = ${address})::int`.as('fromAddress'),
          sql<number>`count(*)::int`.as('fromAll'),
        ])
        .where('email', '=', email)
        .where('failed_at', '>', windowStart)
        .executeTakeFirstOrThrow();
      if (fromAddress >= FAILURES_ALLOWED) return true;
      return fromAll >= EMAIL_FAILURES_CEILING && fromAddress > 0;
    },
    async recordFailure(email: string, address = ''): Promise<void> {
      await db.insertInto('sign_in_failures').values({ email, address }).execute();
      await db.deleteFrom('sign_in_failures').where('failed_at', '<', windowStart).execute();
    },
    /** A right password from this address forgets this address's failures for the email. */
    async clear(email: string, address = ''): Promise<void> {
      await db
        .deleteFrom('sign_in_failures')
        .where('email', '=', email)
        .where('address', '=', address)
        .execute();
    },
  };
}

export type SignInLimiter = ReturnType<typeof createSignInLimiter>;
