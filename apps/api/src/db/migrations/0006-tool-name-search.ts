import { type Kysely, sql } from 'kysely';

/**
 * Name search (`GET /api/tools?search=`) is `name ILIKE '%text%'`: a B-tree cannot serve a
 * leading wildcard, a trigram GIN index can (for 3 or more characters). pg_trgm is a trusted
 * extension: a database owner may create it; PGlite loads it in `openDatabase`.
 *
 * `fastupdate = off`: GIN's pending list would otherwise collect new names until a vacuum,
 * and every search would read it all; PGlite runs no autovacuum. The catalogue changes
 * rarely, so paying at insert is right.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create extension if not exists pg_trgm`.execute(db);
  await sql`create index tools_name_trgm_idx on tools
    using gin (name gin_trgm_ops) with (fastupdate = off)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index if exists tools_name_trgm_idx`.execute(db);
}
