import {
  messages,
  type Profile,
  type ProfileInput,
  type ProfileUpdateResponse,
} from '@shop/shared';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { AppError, notFound } from '../../lib/errors';
import { type CurrentUser, normaliseEmail } from '../../auth/identity';

export function createProfilesService(db: Kysely<Database>) {
  const read = async (email: string): Promise<Profile | undefined> => {
    const row = await db
      .selectFrom('users')
      .leftJoin('profiles', 'profiles.user_id', 'users.id')
      .select([
        'users.email',
        'users.name',
        'profiles.birth_date',
        'profiles.address',
        'profiles.phone',
        'profiles.profile_link',
      ])
      .where('users.email', '=', email)
      .executeTakeFirst();
    return (
      row && {
        email: row.email,
        name: row.name,
        birthDate: row.birth_date,
        address: row.address,
        phone: row.phone,
        profileLink: row.profile_link,
      }
    );
  };

  return {
    /** The owner reads their profile; an admin may read anyone's. */
    async get(email: string, caller: CurrentUser): Promise<Profile> {
      const target = normaliseEmail(email);
      if (target !== caller.email && caller.role !== 'admin') {
        throw new AppError('FORBIDDEN', 'You can only see your own profile');
      }
      const profile = await read(target);
      if (!profile) throw notFound('User');
      return profile;
    },

    /** Only the owner writes; the answer says whether anything changed (DESIGN.md). */
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
            .doUpdateSet({ ...values, updated_at: new Date() })
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
      const profile = await read(target);
      if (!profile) throw notFound('User');
      return {
        upsertedCount: changed ? 1 : 0,
        message: changed ? messages.success.profileUpdated : messages.success.profileUnchanged,
        profile,
      };
    },
  };
}

export type ProfilesService = ReturnType<typeof createProfilesService>;
