import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { AppError } from '../../lib/errors';

/**
 * Holds the account's row for the rest of the caller's transaction, so two changes of what the
 * account owns (its cart from two tabs, its address book) are made one after the other. A removed
 * account is refused: its holder must sign in again.
 */
export async function holdAccount(trx: Kysely<Database>, userId: string) {
  const holder = await trx
    .selectFrom('users')
    .select('id')
    .where('id', '=', userId)
    .forNoKeyUpdate()
    .executeTakeFirst();
  if (!holder) throw new AppError('UNAUTHENTICATED', 'Please sign in again');
}
