import {
  ADDRESS_BOOK_MAX,
  countryName,
  normaliseDestination,
  type SavedAddress,
  type SavedAddressInput,
} from '@shop/shared';
import type { Kysely, Selectable } from 'kysely';
import type { CurrentUser } from '../../auth/identity';
import type { Database, SavedAddressesTable } from '../../db/schema';
import { AppError, notFound } from '../../lib/errors';
import { holdAccount } from '../users';

const toSaved = (row: Selectable<SavedAddressesTable>): SavedAddress => ({
  id: row.id,
  recipient: row.recipient,
  address: row.address,
  country: row.country,
  countryName: countryName(row.country),
  region: row.region,
  city: row.city,
  postalCode: row.postal_code,
  phone: row.phone,
  isDefault: row.is_default,
});

/** The row of a checked address: capitals where codes are, E.164, nothing the country lacks. */
function rowOf(input: SavedAddressInput) {
  const kept = normaliseDestination(input);
  return {
    recipient: kept.recipient,
    address: kept.address,
    country: kept.country,
    region: kept.region ?? null,
    city: kept.city,
    postal_code: kept.postalCode ?? null,
    phone: kept.phone,
  };
}

/**
 * A customer's address book (My Profile): their own addresses only, another's is not found.
 * One is the default: the first saved, or the one last said to be; removing it makes the
 * newest left the default. Each change runs in a transaction that first holds the customer's
 * row, so two at once cannot leave two defaults, none, or more than ADDRESS_BOOK_MAX.
 */
export function createAddressesService(db: Kysely<Database>) {
  const list = (executor: Kysely<Database>, userId: string) =>
    executor
      .selectFrom('saved_addresses')
      .selectAll()
      .where('user_id', '=', userId)
      .orderBy('is_default', 'desc')
      .orderBy('created_at')
      .orderBy('id')
      .execute();

  /** The customer's row, held for the change; a removed account signs in again. */
  const holdOwner = (trx: Kysely<Database>, caller: CurrentUser) => holdAccount(trx, caller.id);

  const clearDefault = (trx: Kysely<Database>, userId: string) =>
    trx
      .updateTable('saved_addresses')
      .set({ is_default: false })
      .where('user_id', '=', userId)
      .where('is_default', '=', true)
      .execute();

  return {
    async list(caller: CurrentUser): Promise<SavedAddress[]> {
      return (await list(db, caller.id)).map(toSaved);
    },

    async add(input: SavedAddressInput, caller: CurrentUser): Promise<SavedAddress> {
      return db.transaction().execute(async (trx) => {
        await holdOwner(trx, caller);
        const saved = await list(trx, caller.id);
        if (saved.length >= ADDRESS_BOOK_MAX) {
          throw new AppError(
            'CONFLICT',
            `Your address book is full (${ADDRESS_BOOK_MAX} addresses). Remove one to add another.`,
          );
        }
        const isDefault = saved.length === 0 || input.isDefault === true;
        if (isDefault) await clearDefault(trx, caller.id);
        const row = await trx
          .insertInto('saved_addresses')
          .values({ ...rowOf(input), user_id: caller.id, is_default: isDefault })
          .returningAll()
          .executeTakeFirstOrThrow();
        return toSaved(row);
      });
    },

    async update(id: string, input: SavedAddressInput, caller: CurrentUser): Promise<SavedAddress> {
      return db.transaction().execute(async (trx) => {
        await holdOwner(trx, caller);
        // Said not to be the default: the default stays where it is (there must be one).
        if (input.isDefault === true) await clearDefault(trx, caller.id);
        const row = await trx
          .updateTable('saved_addresses')
          .set({ ...rowOf(input), ...(input.isDefault === true ? { is_default: true } : {}) })
          .where('id', '=', id)
          .where('user_id', '=', caller.id)
          .returningAll()
          .executeTakeFirst();
        if (!row) throw notFound('Address');
        return toSaved(row);
      });
    },

    async remove(id: string, caller: CurrentUser): Promise<void> {
      await db.transaction().execute(async (trx) => {
        await holdOwner(trx, caller);
        const removed = await trx
          .deleteFrom('saved_addresses')
          .where('id', '=', id)
          .where('user_id', '=', caller.id)
          .returning('is_default')
          .executeTakeFirst();
        if (!removed) throw notFound('Address');
        if (!removed.is_default) return;
        const newest = await trx
          .selectFrom('saved_addresses')
          .select('id')
          .where('user_id', '=', caller.id)
          .orderBy('created_at', 'desc')
          .orderBy('id', 'desc')
          .limit(1)
          .executeTakeFirst();
        if (newest) {
          await trx
            .updateTable('saved_addresses')
            .set({ is_default: true })
            .where('id', '=', newest.id)
            .execute();
        }
      });
    },
  };
}

export type AddressesService = ReturnType<typeof createAddressesService>;
