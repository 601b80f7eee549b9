import { createHash, randomBytes } from 'node:crypto';
import type { Role, ShopUser } from '@shop/shared';
import { type Kysely, sql } from 'kysely';
import type { Database, UserRow } from '../../db/schema';
import { AppError, notFound } from '../../lib/errors';

/** Who is calling, as the bearer token says. */
export interface CurrentUser {
  id: string;
  email: string;
  name: string;
  role: Role;
}

export interface SignedInIdentity {
  authUserId: string;
  email: string;
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

  return {
    /**
     * Creates or refreshes the shop user of a signed-in identity. The ADMIN_EMAIL account is
     * admin from its first sign-in; nobody else is ever promoted here.
     */
    async upsertSignedIn(identity: SignedInIdentity): Promise<ShopUser> {
      const email = normaliseEmail(identity.email);
      const role: Role = email === adminEmail ? 'admin' : 'user';
      const row = await db
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
        .executeTakeFirstOrThrow();
      forgetCallers();
      return toShopUser(row);
    },

    /** A new random bearer token; only its hash is stored. */
    async issueToken(userId: string): Promise<string> {
      const token = randomBytes(32).toString('base64url');
      await db.transaction().execute(async (trx) => {
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
            expires_at: new Date(Date.now() + options.tokenTtlMinutes * 60_000),
          })
          .execute();
      });
      return token;
    },

    async revokeToken(token: string): Promise<void> {
      const hash = hashToken(token);
      await db.deleteFrom('access_tokens').where('token_hash', '=', hash).execute();
      forgetCallers();
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
      forgetCallers();
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
