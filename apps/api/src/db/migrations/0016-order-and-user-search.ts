import { type Kysely, sql } from 'kysely';

/**
 * The searches of Manage All Orders (and its CSV export) and All Users are `ILIKE '%text%'`,
 * which no B-tree serves: at a million orders each search read every order and its lines
 * (13 s for a page). Trigram indexes (pg_trgm, migration 0006) find the matches instead: one
 * over the buyer's email and name and the order's tool, one over the lines' tools, one over the
 * users' emails and names. `fastupdate = off` as for the tools' names: PGlite runs no vacuum.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create index orders_search_trgm_idx on orders using gin
    (user_email gin_trgm_ops, user_name gin_trgm_ops, tool_name gin_trgm_ops)
    with (fastupdate = off)`.execute(db);
  await sql`create index order_lines_tool_name_trgm_idx on order_lines
    using gin (tool_name gin_trgm_ops) with (fastupdate = off)`.execute(db);
  await sql`create index users_search_trgm_idx on users using gin
    (email gin_trgm_ops, name gin_trgm_ops) with (fastupdate = off)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index if exists users_search_trgm_idx`.execute(db);
  await sql`drop index if exists order_lines_tool_name_trgm_idx`.execute(db);
  await sql`drop index if exists orders_search_trgm_idx`.execute(db);
}
