import { type Kysely, sql } from 'kysely';

/**
 * Orders belong to an account (`user_id`), not to an email: My Orders reads them by account,
 * newest first. Every order already carries its buyer's account; a removed buyer's orders
 * keep `user_id` null and so belong to nobody but the shop's records.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create index orders_user_created_idx on orders (user_id, created_at desc)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index if exists orders_user_created_idx`.execute(db);
}
