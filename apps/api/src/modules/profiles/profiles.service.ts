import {
  messages,
  type Profile,
  type ProfileInput,
  type ProfileUpdateResponse,
} from '@shop/shared';
import { type Kysely, sql } from 'kysely';
import type { Database } from '../../db/schema';
import { AppError, notFound } from '../../lib/errors';
import { type CurrentUser, normaliseEmail } from '../../auth/identity';

/** The account a profile belongs to: its id is the owner, its email and name are shown. */
type Account = Pick<CurrentUser, 'id' | 'email' | 'name'>;

export interface ProfilesServiceOptions {
  /** The account an email names now; the users module keeps the accounts (app.ts wires it). */
  users: {
    findByEmail(email: string): Promise<{ _id: string; email: string; name: string } | undefined>;
  };
}

/**
 * Profiles belong to an account (`profiles.user_id`), never to an email: a removed user's
 * profile goes with their account, and a later account with the same email starts empty.
 */
export function createProfilesService(db: Kysely<Database>, options: ProfilesServiceOptions) {
  const read = async (account: Account): Promise<Profile> => {
    const row = await db
      .selectFrom('profiles')
      .select(['birth_date', 'address', 'phone', 'profile_link'])
      .where('user_id', '=', account.id)
      .executeTakeFirst();
    return {
      email: account.email,
      name: account.name,
      birthDate: row?.birth_date ?? null,
      address: row?.address ?? null,
      phone: row?.phone ?? null,
      profileLink: row?.profile_link ?? null,
    };
  };

  return {
    /** The owner reads their profile; an admin may read the profile of anyone's account. */
    async get(email: string, caller: CurrentUser): Promise<Profile> {
      const target = normaliseEmail(email);
      if (target === caller.email) return read(caller);
      if (caller.role !== 'admin') {
        throw new AppError('FORBIDDEN', 'You can only see your own profile');
      }
      const account = await options.users.findByEmail(target);
      if (!account) throw notFound('User');
      return read({ id: account._id, email: account.email, name: account.name });
    },

    /** Only the owner writes, to their own account; the answer says whether anything changed. */
    async update(
      email: string,
      input: ProfileInput,
      caller: CurrentUser,
    ): Promise<ProfileUpdateResponse> {
      const target = normaliseEmail(email);
      if (target !== caller.email || (input.email && normaliseEmail(input.email) !== target)) {
        throw new AppError('FORBIDDEN', 'You can only update your own profile');
      }
      const values = {
        birth_date: input.birthDate,
        address: input.address,
        phone: input.phone,
        profile_link: input.profileLink,
      };
      const changed = await db
        .insertInto('profiles')
        .values({ user_id: caller.id, ...values })
        .onConflict((conflict) =>
          conflict
            .column('user_id')
            .doUpdateSet({ ...values, updated_at: sql<Date>`now()` })
            // Only a real change counts as an update.
            .where((eb) =>
              eb.or([
                eb('profiles.birth_date', '<>', eb.ref('excluded.birth_date')),
                eb('profiles.address', '<>', eb.ref('excluded.address')),
                eb('profiles.phone', '<>', eb.ref('excluded.phone')),
                eb('profiles.profile_link', '<>', eb.ref('excluded.profile_link')),
              ]),
            ),
        )
        .returning('user_id')
        .executeTakeFirst();
      return {
        upsertedCount: changed ? 1 : 0,
        message: changed ? messages.success.profileUpdated : messages.success.profileUnchanged,
        profile: await read(caller),
      };
    },
  };
}

export type ProfilesService = ReturnType<typeof createProfilesService>;
