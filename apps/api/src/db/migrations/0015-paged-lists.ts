import { type Kysely, sql } from 'kysely';

/**
 * The lists paged on the server (issue 18): Manage All Orders by status, newest first (a page
 * and its count from one index, where `orders_status_idx` would leave every paid order to be
 * sorted for a page of 20), and All Users, oldest first, all or by role (the users had no index
 * on their date: every page sorted them all). My Orders has `orders_user_created_idx` (0010);
 * the days placed read `orders_created_idx` (0003).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create index orders_status_created_idx on orders (status, created_at desc, id)`.execute(
    db,
  );
  await sql`create index users_created_idx on users (created_at, id)`.execute(db);
  await sql`create index users_role_created_idx on users (role, created_at, id)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index if exists users_role_created_idx`.execute(db);
  await sql`drop index if exists users_created_idx`.execute(db);
  await sql`drop index if exists orders_status_created_idx`.execute(db);
}
