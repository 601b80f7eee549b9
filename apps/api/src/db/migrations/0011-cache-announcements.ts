import { type Kysely, sql } from 'kysely';

/**
 * Every change that a process's caches depend on is announced on the `shop_cache` channel by
 * the database itself, in the changing transaction: a NOTIFY is delivered only on commit, and
 * no writer (a module, `npm run make-admin`, an operator's SQL) can forget it. Processes that
 * LISTEN apply it to their caches (db/cache-listener.ts); with nobody listening it costs little.
 * Payloads: `catalogue`, `token:<hash>`, `user:<id>`. Identical payloads of one transaction
 * are delivered once, so a statement that changes many tools announces one `catalogue`.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create function shop_announce_catalogue() returns trigger language plpgsql as $$
    begin
      perform pg_notify('shop_cache', 'catalogue');
      return null;
    end $$`.execute(db);
  await sql`
    create trigger tools_announce after insert or update or delete on tools
    for each row execute function shop_announce_catalogue()`.execute(db);

  await sql`
    create function shop_announce_token() returns trigger language plpgsql as $$
    begin
      perform pg_notify('shop_cache', 'token:' || old.token_hash);
      return null;
    end $$`.execute(db);
  await sql`
    create trigger access_tokens_announce after delete on access_tokens
    for each row execute function shop_announce_token()`.execute(db);

  await sql`
    create function shop_announce_user() returns trigger language plpgsql as $$
    begin
      perform pg_notify('shop_cache', 'user:' || old.id);
      return null;
    end $$`.execute(db);
  // A token's cached caller carries the name, email and role: a change of any, or a removal.
  await sql`
    create trigger users_announce_change after update of name, email, role on users
    for each row when (old.name is distinct from new.name or old.email is distinct from new.email
      or old.role is distinct from new.role)
    execute function shop_announce_user()`.execute(db);
  await sql`
    create trigger users_announce_removal after delete on users
    for each row execute function shop_announce_user()`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop trigger users_announce_removal on users`.execute(db);
  await sql`drop trigger users_announce_change on users`.execute(db);
  await sql`drop function shop_announce_user()`.execute(db);
  await sql`drop trigger access_tokens_announce on access_tokens`.execute(db);
  await sql`drop function shop_announce_token()`.execute(db);
  await sql`drop trigger tools_announce on tools`.execute(db);
  await sql`drop function shop_announce_catalogue()`.execute(db);
}
