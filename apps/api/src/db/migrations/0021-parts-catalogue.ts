import { type Kysely, sql } from 'kysely';

/**
 * The parts catalogue (issue 33): what a buyer of laptop parts asks, "does it fit my laptop?".
 *
 * - `categories`: the part types, a table admins extend. Every tool has one; those sold before
 *   this migration are placed by their name, and what no rule names goes to "Other parts".
 * - On `tools`: `sku` (unique whatever its case; a new tool without one gets the next
 *   `LPS-000123`), the part's `brand`, its `condition` and its `weight_grams`.
 * - `part_numbers`: any number per part (MPN, FRU, OEM, cross-reference), as typed and
 *   normalised by the database itself (upper case, letters and digits only), so "01-av-431"
 *   finds "01AV431" whoever wrote either.
 * - Laptops: `laptop_brands` -> `laptop_series` -> `laptop_models`, with `model_aliases` (other
 *   names, machine-type codes), normalised the same way; `fitment` says which parts fit which
 *   models.
 *
 * Each new table announces a change of the catalogue (migration 0011), once per statement: an
 * import of thousands of rows is one announcement.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create function shop_normalised_number(value text) returns text
    language sql immutable parallel safe
    return upper(regexp_replace(value, '[^A-Za-z0-9]', '', 'g'))`.execute(db);

  await sql`
    create table categories (
      id uuid primary key default gen_random_uuid(),
      slug text not null unique check (slug ~ '^[a-z0-9]+(-[a-z0-9]+)*$' and length(slug) <= 40),
      name text not null unique check (length(name) between 1 and 40),
      position integer not null default 0,
      created_at timestamptz not null default now()
    )`.execute(db);
  await sql`
    insert into categories (slug, name, position) values
      ('battery', 'Batteries', 1),
      ('screen', 'Screens', 2),
      ('keyboard', 'Keyboards', 3),
      ('storage', 'Storage', 4),
      ('memory', 'Memory', 5),
      ('charger', 'Chargers', 6),
      ('fan', 'Fans and cooling', 7),
      ('hinge', 'Hinges', 8),
      ('motherboard', 'Motherboards', 9),
      ('wireless', 'Wireless cards', 10),
      ('repair-tool', 'Repair tools', 11),
      ('other', 'Other parts', 12)`.execute(db);

  await sql`create sequence tool_sku_seq`.execute(db);
  await sql`
    alter table tools
      add column sku text,
      add column category_id uuid references categories (id),
      add column brand text not null default 'Generic'
        check (length(brand) between 1 and 40),
      add column condition text not null default 'new'
        check (condition in ('new', 'refurbished', 'used', 'compatible')),
      add column weight_grams integer not null default 0
        check (weight_grams between 0 and 100000)`.execute(db);
  // The tools sold so far, oldest first, get the first SKUs; their part type from their name.
  await sql`
    update tools set sku = numbered.sku
    from (
      select id, 'LPS-' || lpad(nextval('tool_sku_seq')::text, 6, '0') as sku
      from (select id from tools order by created_at, id) as oldest_first
    ) as numbered
    where tools.id = numbered.id`.execute(db);
  await sql`
    update tools set category_id = (
      select id from categories where slug = case
        when tools.name ~* 'batter' then 'battery'
        when tools.name ~* 'panel|screen|display|lcd' then 'screen'
        when tools.name ~* 'keyboard' then 'keyboard'
        when tools.name ~* 'ssd|nvme|hdd|drive' then 'storage'
        when tools.name ~* 'dimm|ram|memory' then 'memory'
        when tools.name ~* 'charger|adapter|power' then 'charger'
        when tools.name ~* 'fan|cool|heatsink|thermal' then 'fan'
        when tools.name ~* 'hinge' then 'hinge'
        when tools.name ~* 'motherboard|mainboard' then 'motherboard'
        when tools.name ~* 'wi-?fi|wlan|wireless|bluetooth' then 'wireless'
        when tools.name ~* 'driver|screwdriver|kit|tool|spudger|pry' then 'repair-tool'
        else 'other'
      end)`.execute(db);
  await sql`
    alter table tools
      alter column sku set default ('LPS-' || lpad(nextval('tool_sku_seq')::text, 6, '0')),
      alter column sku set not null,
      add constraint tools_sku_check check (length(sku) between 1 and 40
        and sku ~ '^[A-Za-z0-9][A-Za-z0-9._/-]*$'),
      alter column category_id set not null`.execute(db);
  await sql`alter sequence tool_sku_seq owned by tools.sku`.execute(db);
  // A tool added without a part type (the spec's Add A Tool form, a writer that predates this
  // migration) is one of the "Other parts", which therefore cannot be removed.
  await sql`
    create function shop_default_category() returns trigger language plpgsql as $$
    begin
      if new.category_id is null then
        select id into new.category_id from categories where slug = 'other';
      end if;
      return new;
    end $$`.execute(db);
  await sql`
    create trigger tools_default_category before insert or update of category_id on tools
    for each row execute function shop_default_category()`.execute(db);
  await sql`create unique index tools_sku_key on tools (upper(sku))`.execute(db);
  await sql`create index tools_category_idx on tools (category_id)`.execute(db);

  await sql`
    create table part_numbers (
      tool_id uuid not null references tools (id) on delete cascade,
      kind text not null check (kind in ('mpn', 'fru', 'oem', 'cross-reference')),
      maker text not null check (length(maker) between 1 and 40),
      number text not null check (length(number) between 1 and 40),
      normalised text not null generated always as (shop_normalised_number(number)) stored
        check (normalised <> ''),
      primary key (tool_id, kind, normalised)
    )`.execute(db);
  await sql`create index part_numbers_normalised_idx on part_numbers (normalised)`.execute(db);

  await sql`
    create table laptop_brands (
      id uuid primary key default gen_random_uuid(),
      name text not null unique check (length(name) between 1 and 40),
      slug text not null unique check (slug ~ '^[a-z0-9]+(-[a-z0-9]+)*$')
    )`.execute(db);
  await sql`
    create table laptop_series (
      id uuid primary key default gen_random_uuid(),
      brand_id uuid not null references laptop_brands (id) on delete cascade,
      name text not null check (length(name) between 1 and 60),
      slug text not null check (slug ~ '^[a-z0-9]+(-[a-z0-9]+)*$'),
      unique (brand_id, slug),
      unique (brand_id, name)
    )`.execute(db);
  await sql`
    create table laptop_models (
      id uuid primary key default gen_random_uuid(),
      series_id uuid not null references laptop_series (id) on delete cascade,
      name text not null check (length(name) between 1 and 60),
      slug text not null unique check (slug ~ '^[a-z0-9]+(-[a-z0-9]+)*$'),
      normalised text not null generated always as (shop_normalised_number(name)) stored,
      created_at timestamptz not null default now(),
      unique (series_id, name)
    )`.execute(db);
  await sql`create index laptop_models_normalised_idx on laptop_models (normalised)`.execute(db);
  await sql`
    create table model_aliases (
      model_id uuid not null references laptop_models (id) on delete cascade,
      alias text not null check (length(alias) between 1 and 60),
      normalised text not null generated always as (shop_normalised_number(alias)) stored
        check (normalised <> ''),
      primary key (model_id, normalised)
    )`.execute(db);
  await sql`create index model_aliases_normalised_idx on model_aliases (normalised)`.execute(db);
  await sql`
    create table fitment (
      tool_id uuid not null references tools (id) on delete cascade,
      model_id uuid not null references laptop_models (id) on delete cascade,
      primary key (tool_id, model_id)
    )`.execute(db);
  await sql`create index fitment_model_idx on fitment (model_id, tool_id)`.execute(db);

  for (const table of [
    'categories',
    'part_numbers',
    'laptop_brands',
    'laptop_series',
    'laptop_models',
    'model_aliases',
    'fitment',
  ]) {
    await sql`
      create trigger ${sql.raw(`${table}_announce`)}
      after insert or update or delete on ${sql.table(table)}
      for each statement execute function shop_announce_catalogue()`.execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of [
    'fitment',
    'model_aliases',
    'laptop_models',
    'laptop_series',
    'laptop_brands',
    'part_numbers',
  ]) {
    await sql`drop table ${sql.table(table)}`.execute(db);
  }
  await sql`drop trigger tools_default_category on tools`.execute(db);
  await sql`drop function shop_default_category()`.execute(db);
  await sql`
    alter table tools
      drop column sku, drop column category_id, drop column brand, drop column condition,
      drop column weight_grams`.execute(db);
  await sql`drop table categories`.execute(db);
  await sql`drop function shop_normalised_number(text)`.execute(db);
}
