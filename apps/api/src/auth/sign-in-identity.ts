import { type Kysely, sql } from 'kysely';
import type { Database } from '../db/schema';

/** A sign-in identity's rows in Better Auth's tables, changed in the caller's transaction. */

/**
 * Leaves an account one way in: the session `keepSessionId` of a sign-in whose provider
 * verified its email. Its password (whoever set it), its other sessions and every bearer token
 * end, in the caller's transaction. Used when ADMIN_EMAIL is claimed: the stranger who signed
 * the address up first holds nothing afterwards.
 */
export async function keepOnlyProviderSignIn(
  executor: Kysely<Database>,
  authUserId: string,
  keepSessionId: string,
) {
  await sql`delete from "account" where "userId" = ${authUserId}
    and "providerId" = 'credential'`.execute(executor);
  await sql`delete from "session" where "userId" = ${authUserId}
    and id <> ${keepSessionId}`.execute(executor);
  await sql`delete from access_tokens
    where user_id in (select id from users where auth_user_id = ${authUserId})`.execute(executor);
}

/**
 * Ends a sign-in identity: Better Auth's user with its sessions and linked accounts, inside the
 * caller's transaction (a removed shop user goes with their identity).
 */
export async function removeSignInIdentity(executor: Kysely<Database>, authUserId: string) {
  await sql`delete from "session" where "userId" = ${authUserId}`.execute(executor);
  await sql`delete from "account" where "userId" = ${authUserId}`.execute(executor);
  await sql`delete from "user" where "id" = ${authUserId}`.execute(executor);
}
