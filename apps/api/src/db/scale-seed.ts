import { type Kysely, sql } from 'kysely';
import type { Database } from './schema';

/** How much `seedAtScale` adds. */
export interface ScaleCounts {
  orders: number;
  users: number;
  tools: number;
  /** Laptop parts: tools with a part type, maker, condition, weight and two part numbers. */
  parts?: number;
  /** Laptop models, in series of 50 under eight brands, each with two aliases. */
  models?: number;
  /** Fitment rows between this run's parts and models (both needed). */
  fitment?: number;
}

/** Rows per statement: large enough to be quick, small enough for PGlite's memory. */
const BATCH = 50_000;

const parts = ['SSD', 'Battery', 'Keyboard', 'Fan', 'Screen', 'Hinge', 'Charger', 'Memory'];
const brands = ['Dell', 'Lenovo', 'HP', 'Asus', 'Acer', 'Apple', 'MSI', 'Razer'];
const textArray = (words: string[]) =>
  sql.raw(`array[${words.map((word) => `'${word}'`).join(',')}]::text[]`);

/**
 * Fills the database with `counts` more tools, customers and orders for the benchmarks of a
 * growing shop (issue 18), in set-based statements of `BATCH` rows (`generate_series`), so a
 * million orders take minutes, not hours. Every row is a valid one: each order has its line, a
 * customer, a tool, a total of quantity x unit price, and a status with what it implies (a
 * transaction id once paid, a pay-by time while unpaid). Orders spread over the last 365 days;
 * about 1 in 100 is unpaid, so the unpaid-order trigger keeps its counts right. Idempotent in
 * nothing: each run adds as much again, with names made unique by a run tag.
 */
export async function seedAtScale(
  db: Kysely<Database>,
  counts: ScaleCounts,
  onProgress: (line: string) => void = () => {},
): Promise<void> {
  const run = Date.now().toString(36);
  for (let from = 1; from <= counts.tools; from += BATCH) {
    const to = Math.min(counts.tools, from + BATCH - 1);
    await sql`
      insert into tools (name, img, description, min_order_quantity, available_quantity,
        price_cents, created_at)
      select (${textArray(parts)})[1 + i % ${parts.length}] || ' '
          || (${textArray(brands)})[1 + (i / ${parts.length}) % ${brands.length}] || ' '
          || upper(to_hex(i)),
        '/images/tools/nvme-ssd.svg',
        'Scale tool ' || i || ' of run ' || ${run} || ', a part for a laptop.',
        1, 1000000, 199 + ((i::bigint * 7919) % 20000)::int,
        now() - make_interval(days => 400) + make_interval(secs => i)
      from generate_series(${from}::int, ${to}::int) as i`.execute(db);
    onProgress(`tools: ${to} of ${counts.tools}`);
  }
  for (let from = 1; from <= counts.users; from += BATCH) {
    const to = Math.min(counts.users, from + BATCH - 1);
    await sql`
      insert into users (auth_user_id, email, name, created_at)
      select 'scale-' || ${run} || '-' || i, 'customer' || i || '.' || ${run} || '@example.com',
        'Customer ' || i, now() - make_interval(days => 400) + make_interval(mins => i)
      from generate_series(${from}::int, ${to}::int) as i`.execute(db);
    onProgress(`users: ${to} of ${counts.users}`);
  }
  // The run's tools and customers, numbered, for the orders to pick from.
  await sql`create temporary table scale_tools as
    select row_number() over (order by id) as n, id, name, img, price_cents from tools
    where description like ${`% of run ${run}, %`}`.execute(db);
  await sql`create temporary table scale_users as
    select row_number() over (order by id) as n, id, name, email from users
    where auth_user_id like ${`scale-${run}-%`}`.execute(db);
  const toolCount = counts.tools;
  const userCount = counts.users;
  for (let from = 1; from <= counts.orders; from += BATCH) {
    const to = Math.min(counts.orders, from + BATCH - 1);
    // Status by i: 1 in 100 unpaid, 4 in 100 cancelled, the rest paid or shipped.
    await sql`
      with picked as (
        select i, 1 + (i % 5) as quantity,
          case when i % 100 = 0 then 'unpaid' when i % 25 = 1 then 'cancelled'
               when i % 3 = 0 then 'shipped' else 'paid' end as status,
          now() - make_interval(secs => ((${counts.orders}::bigint - i) * 31536000
            / ${counts.orders}::bigint)::int) as created_at,
          (1 + (i::bigint * 7919) % ${toolCount})::int as tool_n,
          (1 + (i::bigint * 104729) % ${userCount})::int as user_n
        from generate_series(${from}::int, ${to}::int) as i
      ), placed as (
        insert into orders (tool_id, tool_name, tool_img, user_id, user_name, user_email, phone,
          address, quantity, unit_price_cents, price_cents, available_after, status,
          transaction_id, paid_at, pay_by, created_at)
        select t.id, t.name, t.img, u.id, u.name, u.email, '+1 555 0100', i || ' Scale Street',
          p.quantity, t.price_cents, t.price_cents * p.quantity, 1000000, p.status,
          case when p.status in ('paid', 'shipped') then 'pi_scale_' || ${run} || '_' || i end,
          case when p.status in ('paid', 'shipped') then p.created_at end,
          case when p.status = 'unpaid' then now() + interval '1 hour' end,
          p.created_at
        from picked p
        join scale_tools t on t.n = p.tool_n
        join scale_users u on u.n = p.user_n
        returning id, tool_id, tool_name, tool_img, quantity, unit_price_cents, price_cents
      )
      insert into order_lines (order_id, position, tool_id, tool_name, tool_img, quantity,
        unit_price_cents, price_cents, available_after)
      select id, 0, tool_id, tool_name, tool_img, quantity, unit_price_cents, price_cents, 1000000
      from placed`.execute(db);
    onProgress(`orders: ${to} of ${counts.orders}`);
  }
  await sql`drop table scale_tools`.execute(db);
  await sql`drop table scale_users`.execute(db);
  await seedCatalogueAtScale(db, run, counts, onProgress);
  // Fresh statistics, so the planner sees the tables as they now are, and a visibility map, so
  // deep pages skip rows in the index alone (PGlite has no autovacuum).
  await sql`vacuum (analyze) tools, users, orders, order_lines, part_numbers, laptop_models,
    model_aliases, fitment, part_search`.execute(db);
}

const laptopBrands = ['Lenovo', 'Dell', 'HP', 'Asus', 'Acer', 'Apple', 'MSI', 'Razer'];
const conditions = ['new', 'refurbished', 'used', 'compatible'];
/** Each part type of the demo catalogue (by slug), and the word its parts' names start with. */
const partTypes = [
  ['battery', 'Battery'],
  ['screen', 'Screen'],
  ['keyboard', 'Keyboard'],
  ['storage', 'SSD'],
  ['memory', 'Memory'],
  ['charger', 'Charger'],
  ['fan', 'Fan'],
  ['hinge', 'Hinge'],
  ['motherboard', 'Motherboard'],
  ['wireless', 'Wi-Fi card'],
  ['repair-tool', 'Screwdriver'],
];
/** Makers of the compatible (not the laptop maker's own) parts. */
const compatibleMakers = ['Voltix', 'PartsPro', 'NexCell', 'Replaceo'];
/** Models per series. */
const SERIES_SIZE = 50;

/**
 * The parts catalogue at scale (issue 33): parts with numbers, laptop models with aliases, and
 * fitment between them, shaped as a real one is: part i is a part type's (i mod 11) for one
 * laptop brand's machines ((i / 11) mod 8), made by that brand unless it is a compatible part,
 * and it fits neighbouring models of one series of that brand. Fitment is written part by part
 * (row i belongs to part i / per-part), so each statement rebuilds each part's search
 * document once (migration 0022).
 */
async function seedCatalogueAtScale(
  db: Kysely<Database>,
  run: string,
  { parts: partCount = 0, models: modelCount = 0, fitment: fitmentCount = 0 }: ScaleCounts,
  onProgress: (line: string) => void,
) {
  const typeSlugs = textArray(partTypes.map(([slug]) => slug!));
  const typeWords = textArray(partTypes.map(([, word]) => word!));
  for (let from = 1; from <= partCount; from += BATCH) {
    const to = Math.min(partCount, from + BATCH - 1);
    await sql`
      with picked as (
        select i, (${typeSlugs})[1 + i % ${partTypes.length}] as type_slug,
          (${typeWords})[1 + i % ${partTypes.length}] as type_word,
          (${textArray(laptopBrands)})[1 + (i / ${partTypes.length}) % ${laptopBrands.length}]
            as laptop_brand,
          (${textArray(conditions)})[1 + (i / 3) % ${conditions.length}] as condition
        from generate_series(${from}::int, ${to}::int) as i
      ), added as (
        insert into tools (name, img, description, min_order_quantity, available_quantity,
          price_cents, category_id, brand, condition, weight_grams, created_at)
        select type_word || ' ' || upper(to_hex(i)),
          '/images/tools/laptop-battery.svg',
          'Scale part ' || i || ' of run ' || ${run} || ': ' || lower(type_word) || ' for '
            || laptop_brand || ' laptops.',
          1 + i % 3, (i * 7) % 200, 299 + ((i::bigint * 7919) % 30000)::int,
          (select id from categories where slug = type_slug),
          case when condition = 'compatible'
            then (${textArray(compatibleMakers)})[1 + (i / 5) % ${compatibleMakers.length}]
            else laptop_brand end,
          condition, 20 + i % 900,
          now() - make_interval(days => 400) + make_interval(secs => i)
        from picked
        returning id, created_at
      )
      insert into part_numbers (tool_id, kind, maker, number)
      select id, kind.name, 'Scale', prefix || upper(to_hex((extract(epoch from created_at)
        * 1000)::bigint % 4294967296)) || ${run}
      from added, (values ('mpn', 'SC'), ('fru', '5B')) as kind (name, prefix)`.execute(db);
    onProgress(`parts: ${to} of ${partCount}`);
  }
  if (modelCount > 0) {
    await sql`insert into laptop_brands (name, slug)
      select name, lower(name) from unnest(${textArray(laptopBrands)}) as name
      on conflict do nothing`.execute(db);
    await sql`
      insert into laptop_series (brand_id, name, slug)
      select b.id, 'Line ' || upper(${run}) || ' ' || k, 'line-' || ${run} || '-' || k
      from generate_series(0, ${Math.ceil(modelCount / SERIES_SIZE) - 1}::int) as k
      join laptop_brands b on b.name = (${textArray(laptopBrands)})[1 + k % ${laptopBrands.length}]`.execute(
      db,
    );
  }
  for (let from = 1; from <= modelCount; from += BATCH) {
    const to = Math.min(modelCount, from + BATCH - 1);
    await sql`
      with added as (
        insert into laptop_models (series_id, name, slug)
        select s.id, chr(65 + i % 26) || (100 + i), 'scale-' || ${run} || '-' || i
        from generate_series(${from}::int, ${to}::int) as i
        join laptop_series s on s.slug = 'line-' || ${run} || '-' || ((i - 1) / ${SERIES_SIZE})
        returning id, slug
      )
      insert into model_aliases (model_id, alias)
      select id, alias from added, lateral (values
        (upper(substr(md5(slug), 1, 4))), (upper(substr(md5(slug), 5, 8)))) as aliases (alias)
      on conflict do nothing`.execute(db);
    onProgress(`models: ${to} of ${modelCount}`);
  }
  if (fitmentCount === 0) return;
  // Parts and models numbered as they were made (the i of their description and slug).
  await sql`create temporary table scale_parts as
    select substring(description from '^Scale part ([0-9]+) ')::int as n, id from tools
    where description like ${`Scale part % of run ${run}: %`}`.execute(db);
  await sql`create temporary table scale_models as
    select substring(slug from '[0-9]+$')::int as n, id from laptop_models
    where slug like ${`scale-${run}-%`}`.execute(db);
  const perPart = Math.ceil(fitmentCount / Math.max(partCount, 1));
  const seriesCount = Math.ceil(modelCount / SERIES_SIZE);
  for (let from = 1; from <= fitmentCount; from += BATCH) {
    const to = Math.min(fitmentCount, from + BATCH - 1);
    // Part k's j-th model: in one series of its laptop brand b (series s belong to brand
    // s mod 8; any series when b has none), the first model and those after it; the series and
    // the first model are picked by a hash of k, so every model has parts of most types.
    await sql`
      with rows as (
        select 1 + (i - 1) / ${perPart} as k, (i - 1) % ${perPart} as j
        from generate_series(${from}::int, ${to}::int) as i
      ), branded as (
        select k, j, (k / ${partTypes.length}) % ${laptopBrands.length} as b from rows
      ), placed as (
        select k, j, case when b < ${seriesCount}
            then b + ${laptopBrands.length} * (abs(hashtext('series ' || k)::bigint)
              % ((${seriesCount} - 1 - b) / ${laptopBrands.length} + 1))::int
            else (abs(hashtext('series ' || k)::bigint) % ${seriesCount})::int end as series,
          abs(hashtext('model ' || k)::bigint) as first
        from branded
      )
      insert into fitment (tool_id, model_id)
      select p.id, m.id
      from placed
      join scale_parts p on p.n = placed.k
      join scale_models m on m.n = placed.series * ${SERIES_SIZE} + 1
        + (placed.first + placed.j)
          % least(${SERIES_SIZE}, ${modelCount} - placed.series * ${SERIES_SIZE})
      on conflict do nothing`.execute(db);
    onProgress(`fitment: ${to} of ${fitmentCount}`);
  }
  await sql`drop table scale_parts`.execute(db);
  await sql`drop table scale_models`.execute(db);
}
