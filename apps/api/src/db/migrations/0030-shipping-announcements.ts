import { type Kysely, sql } from 'kysely';

/**
 * The shipping and tax rules are now kept in memory by every process (shipping.service.ts,
 * `createRulesCache`), so their changes get an announcement of their own, `shipping` on the
 * `shop_cache` channel (migration 0011), instead of migration 0027's `catalogue`: a stock
 * change (every purchase) announces `catalogue`, and must not make every process read the rules
 * again. A process hearing `shipping` forgets the rules and the catalogue's copies both (the
 * parts' pages show prices that depend on them). The tax settings are announced too. Once per
 * statement, by the database, whoever writes.
 */
const TABLES = ['shipping_zones', 'shipping_zone_countries', 'shipping_methods', 'tax_rates'];

const trigger = (table: string, fn: 'shop_announce_shipping' | 'shop_announce_catalogue') =>
  sql`create trigger ${sql.id(`${table}_announce`)}
    after insert or update or delete on ${sql.id(table)}
    for each statement execute function ${sql.id(fn)}()`;

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create function shop_announce_shipping() returns trigger language plpgsql as $$
    begin
      perform pg_notify('shop_cache', 'shipping');
      return null;
    end $$`.execute(db);
  for (const table of TABLES) {
    await sql`drop trigger ${sql.id(`${table}_announce`)} on ${sql.id(table)}`.execute(db);
    await trigger(table, 'shop_announce_shipping').execute(db);
  }
  await sql`create trigger shop_settings_announce_tax
    after update of prices_include_tax, tax_shipping on shop_settings
    for each statement execute function shop_announce_shipping()`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop trigger shop_settings_announce_tax on shop_settings`.execute(db);
  for (const table of TABLES) {
    await sql`drop trigger ${sql.id(`${table}_announce`)} on ${sql.id(table)}`.execute(db);
    await trigger(table, 'shop_announce_catalogue').execute(db);
  }
  await sql`drop function shop_announce_shipping()`.execute(db);
}
