import { createHash, randomBytes } from 'node:crypto';
import type { Role, ShopUser } from '@shop/shared';
import { type Kysely, sql } from 'kysely';
import type { Database, UserRow } from '../../db/schema';
import { AppError, notFound } from '../../lib/errors';
import { createRequestCounters } from '../../lib/request-counters';

/** Who is calling, as the bearer token says. */
export interface CurrentUser {
  id: string;
  email: string;
  name: string;
  role: Role;
}

export interface SignedInIdentity {
  authUserId: string;
  /** The Better Auth session the request came with. */
  sessionId: string;
  email: string;
  /** Whether a provider vouched for the email (Google, GitHub, OpenID); never for a password sign-up. */
  emailVerified: boolean;
  name: string;
}

const hashToken = (token: string) => createHash('sha256').update(token).digest('base64url');
const toShopUser = (row: UserRow): ShopUser => ({
  _id: row.id,
  email: row.email,
  name: row.name,
  role: row.role,
});
export const normaliseEmail = (email: string) => email.trim().toLowerCase();

export interface UsersServiceOptions {
  /** Becomes admin when signed in with this email verified (ADMIN_EMAIL). */
  adminEmail?: string;
  tokenTtlMinutes: number;
  /** How long a token's caller may be remembered in memory (decision 010); 0: not at all. */
  tokenCacheMs?: number;
  /**
   * Runs inside a removal's transaction, before the user's row goes (their unpaid orders are
   * cancelled there); what it answers runs after the commit.
   */
  onRemove?: (userId: string, trx: Kysely<Database>) => Promise<(() => void) | undefined>;
}

/** At most this many tokens are remembered; the oldest go first. */
const TOKEN_CACHE_ENTRIES = 10_000;
/** Live tokens one sign-in session may hold; a new one replaces the oldest beyond this. */
export const TOKENS_PER_SESSION = 3;
/** Token requests one session may make per minute (`PUT /api/user/{email}`). */
export const TOKEN_REQUESTS_PER_MINUTE = 20;

export function createUsersService(db: Kysely<Database>, options: UsersServiceOptions) {
  const adminEmail = options.adminEmail ? normaliseEmail(options.adminEmail) : undefined;
  const tokenCacheMs = options.tokenCacheMs ?? 0;
  /**
   * Callers of recently seen tokens, by token hash. Every change here that could change an
   * answer (sign-out, removal, promotion, a new name) forgets them at once; a change made by
   * another process shows within `tokenCacheMs`, and no entry outlives its token.
   */
  const callers = new Map<string, { user: CurrentUser; until: number }>();
  let changes = 0; // a lookup that began before a change is not remembered
  const forgetCallers = () => {
    changes++;
    callers.clear();
  };
  /** Forgets only what a change touched: one user's tokens, or some tokens. */
  const forgetUser = (userId: string) => {
    changes++;
    for (const [hash, known] of callers) if (known.user.id === userId) callers.delete(hash);
  };
  const forgetTokens = (hashes: string[]) => {
    changes++;
    for (const hash of hashes) callers.delete(hash);
  };
  const requestCounters = createRequestCounters(db);

  return {
    /**
     * Creates or refreshes the shop user of a signed-in identity. The ADMIN_EMAIL account is
     * admin once it signs in with that email verified by its provider: a password sign-up of
     * the address proves nothing, so it stays a customer until `npm run make-admin`. Nobody
     * else is ever promoted here.
     */
    async upsertSignedIn(identity: SignedInIdentity): Promise<ShopUser> {
      const email = normaliseEmail(identity.email);
      const role: Role = email === adminEmail && identity.emailVerified ? 'admin' : 'user';
      const row = await db
        .with('before', (qb) =>
          qb
            .selectFrom('users')
            .select(['email', 'name', 'role'])
            .where('auth_user_id', '=', identity.authUserId),
        )
        .insertInto('users')
        .values({ auth_user_id: identity.authUserId, email, name: identity.name, role })
        .onConflict((conflict) =>
          conflict.column('auth_user_id').doUpdateSet((eb) => ({
            email: eb.ref('excluded.email'),
            name: eb.ref('excluded.name'),
            role: role === 'admin' ? 'admin' : eb.ref('users.role'),
          })),
        )
        .returningAll()
        .returning(
          // The row as it was before this statement, when there was one.
          sql<boolean>`not exists (select 1 from before b where b.email = users.email
            and b.name = users.name and b.role = users.role)`.as('changed'),
        )
        .executeTakeFirstOrThrow();
      // Remembered callers of this user carry the old name, email or role.
      if (row.changed) forgetUser(row.id);
      return toShopUser(row);
    },

    /** Counts a token request of a session: 429 beyond TOKEN_REQUESTS_PER_MINUTE, across servers. */
    async limitTokenRequests(sessionId: string): Promise<void> {
      const hits = await requestCounters.hit(`token:${sessionId}`, 60);
      if (hits > TOKEN_REQUESTS_PER_MINUTE) {
        throw new AppError(
          429,
          'RATE_LIMITED',
          'Too many token requests for this sign-in. Please try again in a minute.',
        );
      }
    },

    /**
     * A new random bearer token for the session (only its hash is stored). A session keeps
     * its newest TOKENS_PER_SESSION tokens; older ones end at once.
     */
    async issueToken(userId: string, sessionId: string): Promise<string> {
      const token = randomBytes(32).toString('base64url');
      const replaced = await db.transaction().execute(async (trx) => {
        // One issue at a time per session, so two at once cannot both keep the oldest.
        await sql`select pg_advisory_xact_lock(7314003, hashtext(${sessionId}))`.execute(trx);
        await trx
          .deleteFrom('access_tokens')
          .where('user_id', '=', userId)
          .where('expires_at', '<=', sql<Date>`now()`)
          .execute();
        await trx
          .insertInto('access_tokens')
          .values({
            token_hash: hashToken(token),
            user_id: userId,
            session_id: sessionId,
            expires_at: new Date(Date.now() + options.tokenTtlMinutes * 60_000),
            // The clock after the lock, not the transaction's start: the newest is issued last.
            created_at: sql<Date>`clock_timestamp()`,
          })
          .execute();
        return trx
          .deleteFrom('access_tokens')
          .where('session_id', '=', sessionId)
          .where('token_hash', 'not in', (qb) =>
            qb
              .selectFrom('access_tokens')
              .select('token_hash')
              .where('session_id', '=', sessionId)
              .orderBy('created_at', 'desc')
              .limit(TOKENS_PER_SESSION),
          )
          .returning('token_hash')
          .execute();
      });
      if (replaced.length > 0) forgetTokens(replaced.map((row) => row.token_hash));
      return token;
    },

    async revokeToken(token: string): Promise<void> {
      const hash = hashToken(token);
      await db.deleteFrom('access_tokens').where('token_hash', '=', hash).execute();
      forgetTokens([hash]);
    },

    /** The user a live token belongs to; expired, revoked and removed users' tokens give none. */
    async authenticate(token: string): Promise<CurrentUser | undefined> {
      const hash = hashToken(token);
      const now = Date.now();
      const known = callers.get(hash);
      if (known && known.until > now) return known.user;
      if (known) callers.delete(hash);
      const changesBefore = changes;
      const row = await db
        .selectFrom('access_tokens')
        .innerJoin('users', 'users.id', 'access_tokens.user_id')
        .select(['users.id', 'users.email', 'users.name', 'users.role', 'access_tokens.expires_at'])
        .where('access_tokens.token_hash', '=', hash)
        .where('access_tokens.expires_at', '>', sql<Date>`now()`)
        .executeTakeFirst();
      if (!row) return undefined;
      const { expires_at: expiresAt, ...user } = row;
      if (tokenCacheMs > 0 && changes === changesBefore) {
        if (callers.size >= TOKEN_CACHE_ENTRIES) callers.delete(callers.keys().next().value!);
        callers.set(hash, { user, until: Math.min(now + tokenCacheMs, expiresAt.getTime()) });
      }
      return user;
    },

    async findByEmail(email: string): Promise<ShopUser | undefined> {
      const row = await db
        .selectFrom('users')
        .selectAll()
        .where('email', '=', normaliseEmail(email))
        .executeTakeFirst();
      return row && toShopUser(row);
    },

    async list(): Promise<ShopUser[]> {
      const rows = await db
        .selectFrom('users')
        .selectAll()
        .orderBy('created_at')
        .orderBy('id')
        .execute();
      return rows.map(toShopUser);
    },

    /** Promotes a user; promoting an admin changes nothing. */
    async makeAdmin(email: string): Promise<{ modified: boolean }> {
      const user = await this.findByEmail(email);
      if (!user) throw notFound('User');
      if (user.role === 'admin') return { modified: false };
      await db.updateTable('users').set({ role: 'admin' }).where('id', '=', user._id).execute();
      forgetUser(user._id);
      return { modified: true };
    },

    /**
     * Removes a user with their sign-in identity: sessions and tokens end at once, unpaid
     * orders are cancelled (`onRemove`). An admin cannot remove themself, and the last admin
     * stays.
     */
    async remove(email: string, actor: CurrentUser): Promise<void> {
      const target = normaliseEmail(email);
      if (target === actor.email) {
        throw new AppError(409, 'CANNOT_REMOVE_SELF', 'You cannot remove your own account');
      }
      const afterCommit = await db.transaction().execute(async (trx) => {
        // Serialise removals so two admins removing each other cannot both succeed.
        await sql`select pg_advisory_xact_lock(7314002)`.execute(trx);
        const row = await trx
          .selectFrom('users')
          .selectAll()
          .where('email', '=', target)
          .executeTakeFirst();
        if (!row) throw notFound('User');
        if (row.role === 'admin') {
          const { admins } = await trx
            .selectFrom('users')
            .select(sql<number>`count(*)::int`.as('admins'))
            .where('role', '=', 'admin')
            .executeTakeFirstOrThrow();
          if (admins <= 1)
            throw new AppError(409, 'LAST_ADMIN', 'The last admin cannot be removed');
        }
        const afterRemoval = await options.onRemove?.(row.id, trx);
        await trx.deleteFrom('users').where('id', '=', row.id).execute();
        // Better Auth's tables: its sessions and accounts go with its user.
        await sql`delete from "session" where "userId" = ${row.auth_user_id}`.execute(trx);
        await sql`delete from "account" where "userId" = ${row.auth_user_id}`.execute(trx);
        await sql`delete from "user" where "id" = ${row.auth_user_id}`.execute(trx);
        return afterRemoval;
      });
      forgetCallers();
      afterCommit?.();
    },
  };
}

export type UsersService = ReturnType<typeof createUsersService>;
