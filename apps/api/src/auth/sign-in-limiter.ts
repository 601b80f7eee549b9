import { type Kysely, sql } from 'kysely';
import type { Database } from '../db/schema';

export const FAILURES_ALLOWED = 5;
export const FAILURE_WINDOW_MINUTES = 15;

/**
 * Failed password sign-ins per email, across all addresses: Better Auth limits per address;
 * this stops a guesser who spreads over many. Kept in the database so servers share it.
 */
export function createSignInLimiter(db: Kysely<Database>) {
  const windowStart = sql<Date>`now() - make_interval(mins => ${FAILURE_WINDOW_MINUTES})`;
  return {
    async isLocked(email: string): Promise<boolean> {
      const { failures } = await db
        .selectFrom('sign_in_failures')
        .select(sql<number>`count(*)::int`.as('failures'))
        .where('email', '=', email)
        .where('failed_at', '>', windowStart)
        .executeTakeFirstOrThrow();
      return failures >= FAILURES_ALLOWED;
    },
    async recordFailure(email: string): Promise<void> {
      await db.insertInto('sign_in_failures').values({ email }).execute();
      await db.deleteFrom('sign_in_failures').where('failed_at', '<', windowStart).execute();
    },
    async clear(email: string): Promise<void> {
      await db.deleteFrom('sign_in_failures').where('email', '=', email).execute();
    },
  };
}

export type SignInLimiter = ReturnType<typeof createSignInLimiter>;
