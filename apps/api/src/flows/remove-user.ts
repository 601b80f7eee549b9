import type { Kysely } from 'kysely';
import type { CurrentUser } from '../auth/identity';
import type { Database } from '../db/schema';
import type { OrdersService } from '../modules/orders';
import { removalOf, removeUserIn, type UsersService } from '../modules/users';

export interface RemoveUserDeps {
  users: Pick<UsersService, 'removed'>;
  orders: Pick<OrdersService, 'cancelUnpaidOfUser'>;
  /** Called after a removal gave stock back (the catalogue forgets its copies). */
  onStockChange?: () => void;
}

/**
 * Removing a user (decision 053), in one transaction: the users' step finds and checks the
 * account (not oneself, not the last admin; removals one at a time), the orders' step cancels
 * their unpaid orders and returns the stock, and the users' last step deletes the account and
 * its sign-in identity. After the commit no token is remembered and the catalogue forgets.
 */
export function createRemoveUserFlow(
  db: Kysely<Database>,
  { users, orders, onStockChange }: RemoveUserDeps,
) {
  return async function removeUser(email: string, actor: CurrentUser): Promise<void> {
    const cancelled = await db.transaction().execute(async (trx) => {
      const user = await removalOf(trx, email, actor);
      const orphaned = await orders.cancelUnpaidOfUser(user.id, trx);
      await removeUserIn(trx, user);
      return orphaned;
    });
    users.removed();
    if (cancelled > 0) onStockChange?.();
  };
}
