import { type Kysely, sql } from 'kysely';

/**
 * Shipping and tax (issue 35, docs/product.md, Shipping and tax):
 *
 * - `tools.shipping_class`: standard, lithium battery or oversized. A part added to the
 *   Batteries type is a lithium battery unless it is said to be oversized (a trigger, so every
 *   writer, the CSV import included, follows it).
 * - `shipping_zones`: sets of countries (`shipping_zone_countries`, a country in one zone at
 *   most: its primary key); one zone may be the rest of the world. A zone may refuse classes.
 * - `shipping_methods`: per zone, a rate rule (`flat`; `weight`: bands of upper weights, the
 *   first that holds the parcel gives the price, none beyond the last; `free_over`: the price
 *   below an order value, free from it), a delivery estimate in days and refused classes.
 * - `tax_rates`: per country, and per region where it differs (US states, Canadian provinces);
 *   the region '' is the whole country. No row: no tax is charged there.
 * - `shop_settings`: whether prices are entered and shown with tax, and whether shipping is taxed.
 * - Orders keep what they were sold with: the destination, the method's name and estimate, the
 *   shipping, all the tax and the part of it on shipping, the rate, whether prices included it,
 *   and per line its tax rate, tax, share of shipping and share of the tax on shipping (a
 *   one-line order is its own line, migration 0012: its columns give its line's figures). Orders placed before keep their free-text address and no shipping or tax (the
 *   defaults: their price is their subtotal). Every amount is whole cents.
 *
 * Every change to zones, methods, rates or settings is announced as a catalogue change
 * (migration 0011): the parts' pages show prices that depend on them.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    alter table tools add column shipping_class text not null default 'standard'
      check (shipping_class in ('standard', 'lithium_battery', 'oversized'))`.execute(db);
  await sql`
    update tools set shipping_class = 'lithium_battery'
    where category_id = (select id from categories where slug = 'battery')`.execute(db);
  await sql`
    create function shop_battery_class() returns trigger language plpgsql as $$
    begin
      if new.shipping_class = 'standard'
        and new.category_id = (select id from categories where slug = 'battery') then
        new.shipping_class := 'lithium_battery';
      end if;
      return new;
    end $$`.execute(db);
  // After tools_default_category (triggers run in name order): the part type is known.
  await sql`
    create trigger tools_zz_battery_class before insert or update of category_id on tools
    for each row execute function shop_battery_class()`.execute(db);

  await sql`
    create table shipping_zones (
      id uuid primary key default gen_random_uuid(),
      name text not null check (length(name) between 1 and 60),
      rest_of_world boolean not null default false,
      refused_classes text[] not null default '{}'
        check (refused_classes <@ array['standard', 'lithium_battery', 'oversized']),
      created_at timestamptz not null default now()
    )`.execute(db);
  await sql`create unique index shipping_zones_name_key on shipping_zones (lower(name))`.execute(
    db,
  );
  await sql`create unique index shipping_zones_one_rest_of_world on shipping_zones (rest_of_world)
    where rest_of_world`.execute(db);
  await sql`
    create table shipping_zone_countries (
      country text primary key check (country ~ '^[A-Z]{2}$'),
      zone_id uuid not null references shipping_zones (id) on delete cascade
    )`.execute(db);
  await sql`create index shipping_zone_countries_zone_idx on shipping_zone_countries (zone_id)`.execute(
    db,
  );
  await sql`
    create table shipping_methods (
      id uuid primary key default gen_random_uuid(),
      zone_id uuid not null references shipping_zones (id) on delete cascade,
      name text not null check (length(name) between 1 and 60),
      rate_kind text not null check (rate_kind in ('flat', 'weight', 'free_over')),
      rate_cents integer not null default 0 check (rate_cents >= 0),
      free_over_cents integer check (free_over_cents > 0),
      weight_bands jsonb not null default '[]' check (jsonb_typeof(weight_bands) = 'array'),
      min_days integer not null check (min_days >= 0),
      max_days integer not null check (max_days >= min_days and max_days <= 120),
      refused_classes text[] not null default '{}'
        check (refused_classes <@ array['standard', 'lithium_battery', 'oversized']),
      position integer not null default 0,
      created_at timestamptz not null default now(),
      check ((rate_kind = 'free_over') = (free_over_cents is not null)),
      check (rate_kind <> 'weight' or jsonb_array_length(weight_bands) > 0)
    )`.execute(db);
  await sql`create unique index shipping_methods_name_key
    on shipping_methods (zone_id, lower(name))`.execute(db);
  await sql`
    create table tax_rates (
      country text not null check (country ~ '^[A-Z]{2}$'),
      region text not null default '' check (region ~ '^[A-Z0-9]{0,3}$'),
      name text not null check (length(name) between 1 and 30),
      rate numeric(6, 3) not null check (rate >= 0 and rate <= 100),
      primary key (country, region)
    )`.execute(db);
  await sql`
    alter table shop_settings
      add column prices_include_tax boolean not null default false,
      add column tax_shipping boolean not null default true`.execute(db);

  await sql`
    alter table orders
      add column recipient text,
      add column ship_country text,
      add column ship_region text,
      add column ship_city text,
      add column ship_postal_code text,
      add column shipping_method_id uuid references shipping_methods (id) on delete set null,
      add column shipping_method text,
      add column delivery_min_days integer,
      add column delivery_max_days integer,
      add column shipping_cents integer not null default 0 check (shipping_cents >= 0),
      add column tax_cents integer not null default 0 check (tax_cents >= 0),
      add column shipping_tax_cents integer not null default 0
        check (shipping_tax_cents between 0 and tax_cents),
      add column tax_rate numeric(6, 3) not null default 0,
      add column tax_name text,
      add column prices_include_tax boolean not null default false`.execute(db);
  await sql`create index orders_shipping_method_idx on orders (shipping_method_id)
    where shipping_method_id is not null`.execute(db);
  await sql`
    alter table order_lines
      add column tax_rate numeric(6, 3) not null default 0,
      add column tax_cents integer not null default 0 check (tax_cents >= 0),
      add column shipping_cents integer not null default 0 check (shipping_cents >= 0),
      add column shipping_tax_cents integer not null default 0 check (shipping_tax_cents >= 0)`.execute(
    db,
  );

  for (const table of [
    'shipping_zones',
    'shipping_zone_countries',
    'shipping_methods',
    'tax_rates',
  ]) {
    await sql`
      create trigger ${sql.id(`${table}_announce`)}
      after insert or update or delete on ${sql.id(table)}
      for each statement execute function shop_announce_catalogue()`.execute(db);
  }
  await seedShipping(db);
}

/**
 * The seeded zones' and methods' ids: fixed, so a test or a script can name "US Ground"
 * (a merchant's own have random ones).
 */
export const SEEDED = {
  zones: {
    us: '35000000-0000-4000-8000-000000000001',
    ca: '35000000-0000-4000-8000-000000000002',
    eu: '35000000-0000-4000-8000-000000000003',
    uk: '35000000-0000-4000-8000-000000000004',
    world: '35000000-0000-4000-8000-000000000005',
  },
  methods: {
    usGround: '35000000-0000-4000-8000-000000000101',
    usExpress: '35000000-0000-4000-8000-000000000102',
    caGround: '35000000-0000-4000-8000-000000000201',
    caAir: '35000000-0000-4000-8000-000000000202',
    euRoad: '35000000-0000-4000-8000-000000000301',
    euAir: '35000000-0000-4000-8000-000000000302',
    ukRoad: '35000000-0000-4000-8000-000000000401',
    ukAir: '35000000-0000-4000-8000-000000000402',
    worldAirMail: '35000000-0000-4000-8000-000000000501',
  },
} as const;

const EU = [
  ['AT', 20],
  ['BE', 21],
  ['BG', 20],
  ['HR', 25],
  ['CY', 19],
  ['CZ', 21],
  ['DK', 25],
  ['EE', 24],
  ['FI', 25.5],
  ['FR', 20],
  ['DE', 19],
  ['GR', 24],
  ['HU', 27],
  ['IE', 23],
  ['IT', 22],
  ['LV', 21],
  ['LT', 21],
  ['LU', 17],
  ['MT', 18],
  ['NL', 21],
  ['PL', 23],
  ['PT', 23],
  ['RO', 21],
  ['SK', 23],
  ['SI', 22],
  ['ES', 21],
  ['SE', 25],
] as const;

/** State sales tax base rates (no local taxes): a start for the merchant to check. */
const US_STATES = [
  ['AL', 4],
  ['AZ', 5.6],
  ['AR', 6.5],
  ['CA', 7.25],
  ['CO', 2.9],
  ['CT', 6.35],
  ['DC', 6],
  ['FL', 6],
  ['GA', 4],
  ['HI', 4],
  ['ID', 6],
  ['IL', 6.25],
  ['IN', 7],
  ['IA', 6],
  ['KS', 6.5],
  ['KY', 6],
  ['LA', 5],
  ['ME', 5.5],
  ['MD', 6],
  ['MA', 6.25],
  ['MI', 6],
  ['MN', 6.875],
  ['MS', 7],
  ['MO', 4.225],
  ['NE', 5.5],
  ['NV', 6.85],
  ['NJ', 6.625],
  ['NM', 4.875],
  ['NY', 4],
  ['NC', 4.75],
  ['ND', 5],
  ['OH', 5.75],
  ['OK', 4.5],
  ['PA', 6],
  ['RI', 7],
  ['SC', 6],
  ['SD', 4.2],
  ['TN', 7],
  ['TX', 6.25],
  ['UT', 6.1],
  ['VT', 6],
  ['VA', 5.3],
  ['WA', 6.5],
  ['WV', 6],
  ['WI', 5],
  ['WY', 4],
] as const;

/** GST, or HST where the province has it, plus the provincial sales tax where one applies. */
const CA_PROVINCES = [
  ['AB', 5],
  ['BC', 12],
  ['MB', 12],
  ['NB', 15],
  ['NL', 15],
  ['NS', 14],
  ['NT', 5],
  ['NU', 5],
  ['ON', 13],
  ['PE', 15],
  ['QC', 14.975],
  ['SK', 11],
  ['YT', 5],
] as const;

/**
 * What the shop starts with, so it ships worldwide from its first day: the US, Canada, the EU,
 * the UK and the rest of the world, each with a ground and an air method; batteries go by ground
 * only outside the US, and not at all to the rest of the world (air only there).
 */
async function seedShipping(db: Kysely<unknown>) {
  const zone = async (
    id: string,
    name: string,
    countries: readonly string[],
    restOfWorld = false,
  ) => {
    const refused = restOfWorld ? sql`array['lithium_battery']` : sql`'{}'::text[]`;
    await sql`
      insert into shipping_zones (id, name, rest_of_world, refused_classes)
      values (${id}, ${name}, ${restOfWorld}, ${refused})`.execute(db);
    for (const country of countries) {
      await sql`insert into shipping_zone_countries (country, zone_id) values (${country}, ${id})`.execute(
        db,
      );
    }
    return id;
  };
  const bands = (pairs: [number, number][]) =>
    JSON.stringify(pairs.map(([upToGrams, cents]) => ({ upToGrams, cents })));
  const method = (
    id: string,
    zoneId: string,
    position: number,
    name: string,
    rule: { kind: 'flat' | 'weight' | 'free_over'; cents?: number; over?: number; bands?: string },
    days: [number, number],
    refused: string[] = [],
  ) =>
    sql`
      insert into shipping_methods (id, zone_id, position, name, rate_kind, rate_cents,
        free_over_cents, weight_bands, min_days, max_days, refused_classes)
      values (${id}, ${zoneId}, ${position}, ${name}, ${rule.kind}, ${rule.cents ?? 0},
        ${rule.over ?? null}, ${rule.bands ?? '[]'}::jsonb, ${days[0]}, ${days[1]},
        ${sql.raw(`array[${refused.map((c) => `'${c}'`).join(', ')}]::text[]`)})`.execute(db);

  const us = await zone(SEEDED.zones.us, 'United States', ['US']);
  await method(
    SEEDED.methods.usGround,
    us,
    1,
    'Ground',
    { kind: 'free_over', cents: 699, over: 9900 },
    [3, 5],
  );
  await method(
    SEEDED.methods.usExpress,
    us,
    2,
    'Express',
    {
      kind: 'weight',
      bands: bands([
        [1000, 1999],
        [5000, 2999],
        [20000, 5999],
      ]),
    },
    [1, 2],
  );
  const ca = await zone(SEEDED.zones.ca, 'Canada', ['CA']);
  await method(
    SEEDED.methods.caGround,
    ca,
    1,
    'Ground',
    {
      kind: 'weight',
      bands: bands([
        [1000, 1299],
        [5000, 2499],
        [20000, 4999],
      ]),
    },
    [5, 8],
  );
  await method(
    SEEDED.methods.caAir,
    ca,
    2,
    'Air',
    { kind: 'flat', cents: 2999 },
    [2, 4],
    ['lithium_battery'],
  );
  const eu = await zone(
    SEEDED.zones.eu,
    'European Union',
    EU.map(([country]) => country),
  );
  await method(
    SEEDED.methods.euRoad,
    eu,
    1,
    'Road',
    {
      kind: 'weight',
      bands: bands([
        [1000, 1499],
        [5000, 2999],
        [20000, 5999],
      ]),
    },
    [6, 10],
    ['oversized'],
  );
  await method(
    SEEDED.methods.euAir,
    eu,
    2,
    'Air',
    { kind: 'flat', cents: 3499 },
    [3, 5],
    ['lithium_battery'],
  );
  const uk = await zone(SEEDED.zones.uk, 'United Kingdom', ['GB']);
  await method(
    SEEDED.methods.ukRoad,
    uk,
    1,
    'Road',
    {
      kind: 'weight',
      bands: bands([
        [1000, 1499],
        [5000, 2999],
        [20000, 5999],
      ]),
    },
    [5, 8],
    ['oversized'],
  );
  await method(
    SEEDED.methods.ukAir,
    uk,
    2,
    'Air',
    { kind: 'flat', cents: 3499 },
    [2, 4],
    ['lithium_battery'],
  );
  const world = await zone(SEEDED.zones.world, 'Rest of the world', [], true);
  await method(
    SEEDED.methods.worldAirMail,
    world,
    1,
    'Air mail',
    {
      kind: 'weight',
      bands: bands([
        [1000, 2499],
        [5000, 4999],
        [20000, 9999],
      ]),
    },
    [7, 14],
  );

  const rate = (country: string, region: string, name: string, percent: number) =>
    sql`insert into tax_rates (country, region, name, rate)
      values (${country}, ${region}, ${name}, ${percent})`.execute(db);
  for (const [country, percent] of EU) await rate(country, '', 'VAT', percent);
  await rate('GB', '', 'VAT', 20);
  for (const [state, percent] of US_STATES) await rate('US', state, 'Sales tax', percent);
  for (const [province, percent] of CA_PROVINCES) {
    await rate(
      'CA',
      province,
      ['NB', 'NL', 'NS', 'ON', 'PE'].includes(province) ? 'HST' : 'GST/PST',
      percent,
    );
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index orders_shipping_method_idx`.execute(db);
  await sql`
    alter table order_lines drop column tax_rate, drop column tax_cents,
      drop column shipping_cents, drop column shipping_tax_cents`.execute(db);
  await sql`
    alter table orders drop column recipient, drop column ship_country, drop column ship_region,
      drop column ship_city, drop column ship_postal_code, drop column shipping_method_id,
      drop column shipping_method, drop column delivery_min_days, drop column delivery_max_days,
      drop column shipping_cents, drop column tax_cents, drop column shipping_tax_cents,
      drop column tax_rate, drop column tax_name, drop column prices_include_tax`.execute(db);
  await sql`alter table shop_settings drop column prices_include_tax, drop column tax_shipping`.execute(
    db,
  );
  await sql`drop table tax_rates`.execute(db);
  await sql`drop table shipping_methods`.execute(db);
  await sql`drop table shipping_zone_countries`.execute(db);
  await sql`drop table shipping_zones`.execute(db);
  await sql`drop trigger tools_zz_battery_class on tools`.execute(db);
  await sql`drop function shop_battery_class()`.execute(db);
  await sql`alter table tools drop column shipping_class`.execute(db);
}
