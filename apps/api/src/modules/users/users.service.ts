import type { Role, ShopUser, UserListQuery } from '@shop/shared';
import { type Kysely, type SelectQueryBuilder, sql } from 'kysely';
import type { ProviderVerifiedSignIn } from '../../auth/better-auth';
import { keepOnlyProviderSignIn, removeSignInIdentity } from '../../auth/sign-in-identity';
import { type CurrentUser, normaliseEmail, type SignedInIdentity } from '../../auth/identity';
import type { SessionTokens, TokenOwner } from '../../auth/session-tokens';
import { ADVISORY_LOCKS } from '../../db/advisory-locks';
import { containing } from '../../db/like-pattern';
import { keptCount } from '../../db/list-counts';
import type { Database, UserRow } from '../../db/schema';
import { AppError, notFound } from '../../lib/errors';

const toShopUser = (row: UserRow): ShopUser => ({
  _id: row.id,
  email: row.email,
  name: row.name,
  role: row.role,
});

export interface UsersServiceOptions {
  /**
   * ADMIN_EMAIL: becomes admin at a sign-in whose provider verified it (`claimAdminEmail`),
   * never by a password sign-up or an emailed link.
   */
  adminEmail?: string;
  /** The bearer tokens (auth/): issued here, and their remembered callers forgotten at a change. */
  tokens: Pick<SessionTokens, 'issue' | 'revoke' | 'limitRequests' | 'forgetUser' | 'forgetAll'>;
}

/**
 * The first step of removing a user (flows/remove-user.ts), inside the removal's transaction:
 * the account an email names, locked from other removals. An admin cannot remove themself, and
 * the last admin stays.
 */
export async function removalOf(trx: Kysely<Database>, email: string, actor: CurrentUser) {
  // Serialise removals so two admins removing each other cannot both succeed.
  await sql`select pg_advisory_xact_lock(${ADVISORY_LOCKS.userRemoval})`.execute(trx);
  const row = await trx
    .selectFrom('users')
    .selectAll()
    .where('email', '=', normaliseEmail(email))
    .executeTakeFirst();
  if (!row) throw notFound('User');
  if (row.id === actor.id) {
    throw new AppError('CANNOT_REMOVE_SELF', 'You cannot remove your own account');
  }
  if (row.role === 'admin') {
    const { admins } = await trx
      .selectFrom('users')
      .select(sql<number>`count(*)::int`.as('admins'))
      .where('role', '=', 'admin')
      .executeTakeFirstOrThrow();
    if (admins <= 1) throw new AppError('LAST_ADMIN', 'The last admin cannot be removed');
  }
  return row;
}

/** The last step of removing a user: their row and their sign-in identity go. */
export async function removeUserIn(trx: Kysely<Database>, user: UserRow) {
  await trx.deleteFrom('users').where('id', '=', user.id).execute();
  await removeSignInIdentity(trx, user.auth_user_id);
}

export function createUsersService(db: Kysely<Database>, options: UsersServiceOptions) {
  const adminEmail = options.adminEmail ? normaliseEmail(options.adminEmail) : undefined;
  const { tokens } = options;

  return {
    /**
     * Creates or refreshes the shop user of a signed-in identity: a new one is a customer, an
     * existing one keeps its role. Nobody is promoted here (ADMIN_EMAIL: `claimAdminEmail`).
     */
    async upsertSignedIn(identity: SignedInIdentity): Promise<ShopUser> {
      const email = normaliseEmail(identity.email);
      const role: Role = 'user';
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
            role: eb.ref('users.role'),
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
      if (row.changed) tokens.forgetUser(row.id);
      return toShopUser(row);
    },

    /**
     * ADMIN_EMAIL's claim (auth/'s provider-verified sign-in): whoever signs in through a
     * provider that verified that address now proves they hold the mailbox, and becomes admin
     * holding the account's only way in: a password set before (perhaps by a stranger who
     * signed the address up first), its other sessions and bearer tokens end in the same
     * transaction. An account that is admin already is left as it is.
     */
    async claimAdminEmail(signIn: ProviderVerifiedSignIn): Promise<boolean> {
      if (!adminEmail || normaliseEmail(signIn.email) !== adminEmail) return false;
      const claimed = await db.transaction().execute(async (trx) => {
        const current = await trx
          .selectFrom('users')
          .select('role')
          .where('auth_user_id', '=', signIn.authUserId)
          .forUpdate()
          .executeTakeFirst();
        if (current?.role === 'admin') return undefined;
        await keepOnlyProviderSignIn(trx, signIn.authUserId, signIn.sessionId);
        return trx
          .insertInto('users')
          .values({
            auth_user_id: signIn.authUserId,
            email: adminEmail,
            name: signIn.name,
            role: 'admin',
          })
          .onConflict((conflict) => conflict.column('auth_user_id').doUpdateSet({ role: 'admin' }))
          .returning('id')
          .executeTakeFirstOrThrow();
      });
      if (claimed) tokens.forgetUser(claimed.id);
      return Boolean(claimed);
    },

    /**
     * The token call (`PUT /api/user/{email}`): only the signed-in owner of the email gets a
     * token, for their own sign-in session, at a bounded pace. The email in the path and the
     * one in the body are compared with the identity's, never trusted.
     */
    async issueToken(
      identity: SignedInIdentity | undefined,
      claimedEmail: string,
      bodyEmail?: string,
    ): Promise<string> {
      if (!identity) throw new AppError('UNAUTHENTICATED', 'Please sign in first');
      const email = normaliseEmail(claimedEmail);
      if (
        normaliseEmail(identity.email) !== email ||
        (bodyEmail && normaliseEmail(bodyEmail) !== email)
      ) {
        throw new AppError('FORBIDDEN', 'You can only get a token for your own account');
      }
      await tokens.limitRequests(identity.sessionId);
      const user = await this.upsertSignedIn(identity);
      return tokens.issue(user._id, identity.sessionId);
    },

    /** Whether an account is admin: the caller's own, or anyone's for an admin. */
    async adminCheck(email: string, caller: CurrentUser): Promise<{ admin: boolean }> {
      const target = normaliseEmail(email);
      if (target === caller.email) return { admin: caller.role === 'admin' };
      if (caller.role !== 'admin') {
        throw new AppError('FORBIDDEN', "You can only check your own account's role");
      }
      const user = await this.findByEmail(target);
      return { admin: user?.role === 'admin' };
    },

    /** Sign Out: the token ends on the server at once. */
    revokeToken: (token: string) => tokens.revoke(token),

    /** The statement reading the caller an account is now, for a token (auth/); none once removed. */
    callerQuery(owner: TokenOwner) {
      return db
        .selectFrom(owner.as('owner'))
        .innerJoin('users', 'users.id', 'owner.user_id')
        .select([
          'users.id',
          'users.email',
          'users.name',
          'users.role',
          'owner.expires_at as tokenExpiresAt',
        ]);
    },

    /** Every admin's email and name (the order emails' alerts), in the caller's transaction. */
    async admins(executor: Kysely<Database> = db): Promise<{ email: string; name: string }[]> {
      return executor
        .selectFrom('users')
        .select(['email', 'name'])
        .where('role', '=', 'admin')
        .orderBy('email')
        .execute();
    },

    async findByEmail(email: string): Promise<ShopUser | undefined> {
      const row = await db
        .selectFrom('users')
        .selectAll()
        .where('email', '=', normaliseEmail(email))
        .executeTakeFirst();
      return row && toShopUser(row);
    },

    /**
     * All Users: a page of the users the search (email or name, any case) and role select,
     * oldest first, each row carrying how many they are in all: one statement. Past the last
     * page no row carries the count, so it is asked apart, only then.
     */
    async list({
      search,
      role,
      page,
      limit,
    }: UserListQuery): Promise<{ users: ShopUser[]; total: number }> {
      const pattern = search ? containing(search) : undefined;
      const selected = () =>
        db
          .selectFrom('users')
          .$if(role !== undefined, (query) => query.where('role', '=', role!))
          .$if(pattern !== undefined, (query) =>
            query.where((eb) =>
              eb.or([eb('email', 'ilike', pattern!), eb('name', 'ilike', pattern!)]),
            ),
          );
      // Without a search, the count kept by migration 0017: counting 100,000 users reads them all.
      const counted = () =>
        pattern === undefined
          ? keptCount(db, 'users', role)
          : selected().select(sql<number>`count(*)::int`.as('total'));
      const oldestFirst = <Output>(query: SelectQueryBuilder<Database, 'users', Output>) =>
        query.orderBy('created_at').orderBy('id');
      // The page's ids first, then their rows: a deep page skips users in the index alone.
      const rows = await oldestFirst(
        db
          .selectFrom('users')
          .selectAll()
          .select(counted().as('total'))
          .where(
            'id',
            'in',
            oldestFirst(selected().select('id'))
              .limit(limit)
              .offset((page - 1) * limit),
          ),
      ).execute();
      if (rows[0]) return { users: rows.map(toShopUser), total: rows[0].total ?? 0 };
      const total = page === 1 ? 0 : (await counted().executeTakeFirstOrThrow()).total;
      return { users: [], total };
    },

    /** Promotes a user; promoting an admin changes nothing. */
    async makeAdmin(email: string): Promise<{ modified: boolean }> {
      const user = await this.findByEmail(email);
      if (!user) throw notFound('User');
      if (user.role === 'admin') return { modified: false };
      await db.updateTable('users').set({ role: 'admin' }).where('id', '=', user._id).execute();
      tokens.forgetUser(user._id);
      return { modified: true };
    },

    /** After a removal committed (flows/remove-user.ts): no token is remembered. */
    removed(): void {
      tokens.forgetAll();
    },
  };
}

export type UsersService = ReturnType<typeof createUsersService>;
