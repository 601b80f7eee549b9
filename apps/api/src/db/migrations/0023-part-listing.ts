import { type Kysely, sql } from 'kysely';

/**
 * The parts search at 100,000 parts (issue 33): what a search filters, counts and sorts by
 * lives next to each part's document, and the facet counts of the whole catalogue are kept.
 *
 * `part_search` gains the part's listing: part type, brand, condition, price, date, name,
 * whether it is on sale (not retired) and in stock (enough for its minimum order). A search
 * then reads one row per part found, from the index that found it, instead of looking each part
 * up again in `tools`. `shop_refresh_part_search` writes them with the document; a row trigger
 * on `tools` updates them when a price, the stock's side of the minimum, the condition or the
 * retirement changes. A sale that leaves a part in stock changes none of them and fires nothing.
 *
 * `part_facet_counts` holds, per part type, brand, condition and stock side, how many parts on
 * sale have them: a search with no words answers its total and facets from these few rows, not
 * from every part. Statement-level triggers on `part_search` keep it, once per statement, in
 * key order (two statements lock the rows they share in the same order).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    alter table part_search
      add column category_id uuid,
      add column brand text,
      add column condition text,
      add column price_cents integer,
      add column created_at timestamptz,
      add column name text,
      add column on_sale boolean,
      add column in_stock boolean`.execute(db);

  await sql`
    create or replace function shop_refresh_part_search(ids uuid[]) returns void
    language sql volatile as $$
      insert into part_search (tool_id, document, category_id, brand, condition, price_cents,
        created_at, name, on_sale, in_stock)
      select t.id,
        setweight(to_tsvector('english', t.name), 'A')
        || setweight(to_tsvector('simple', t.sku || ' ' || shop_normalised_number(t.sku)
          || ' ' || coalesce(numbers.words, '')), 'A')
        || setweight(to_tsvector('english', c.name || ' ' || coalesce(laptops.words, '')), 'B')
        || setweight(to_tsvector('simple', t.brand), 'C')
        || setweight(to_tsvector('english', t.description), 'D'),
        t.category_id, t.brand, t.condition, t.price_cents, t.created_at, t.name,
        t.retired_at is null, t.available_quantity >= t.min_order_quantity
      from tools t
      join categories c on c.id = t.category_id
      left join lateral (
        select string_agg(p.number || ' ' || p.normalised, ' ') as words
        from part_numbers p where p.tool_id = t.id
      ) as numbers on true
      left join lateral (
        select string_agg(b.name || ' ' || m.name || ' ' || m.normalised || coalesce((
          select ' ' || string_agg(a.alias || ' ' || a.normalised, ' ')
          from model_aliases a where a.model_id = m.id), ''), ' ') as words
        from fitment f
        join laptop_models m on m.id = f.model_id
        join laptop_series s on s.id = m.series_id
        join laptop_brands b on b.id = s.brand_id
        where f.tool_id = t.id
      ) as laptops on true
      where t.id = any(ids)
      on conflict (tool_id) do update set document = excluded.document,
        category_id = excluded.category_id, brand = excluded.brand,
        condition = excluded.condition, price_cents = excluded.price_cents,
        created_at = excluded.created_at, name = excluded.name, on_sale = excluded.on_sale,
        in_stock = excluded.in_stock
    $$`.execute(db);
  await sql`select shop_refresh_part_search(array(select id from tools))`.execute(db);
  for (const column of [
    'category_id',
    'brand',
    'condition',
    'price_cents',
    'created_at',
    'name',
    'on_sale',
    'in_stock',
  ]) {
    await sql`alter table part_search alter column ${sql.ref(column)} set not null`.execute(db);
  }

  // The listing follows the part: what an admin's edit or a sale can change of it.
  await sql`
    create function shop_tools_listing_changed() returns trigger language plpgsql as $$
    begin
      update part_search set price_cents = new.price_cents, condition = new.condition,
        created_at = new.created_at, on_sale = new.retired_at is null,
        in_stock = new.available_quantity >= new.min_order_quantity
      where tool_id = new.id;
      return null;
    end $$`.execute(db);
  await sql`
    create trigger tools_listing_update
    after update of price_cents, condition, created_at, retired_at, available_quantity,
      min_order_quantity on tools
    for each row
    when ((old.price_cents, old.condition, old.created_at, old.retired_at is null,
        old.available_quantity >= old.min_order_quantity)
      is distinct from (new.price_cents, new.condition, new.created_at, new.retired_at is null,
        new.available_quantity >= new.min_order_quantity))
    execute function shop_tools_listing_changed()`.execute(db);

  // What a search with no words reads: every part of the listing's order, from one index each.
  for (const [name, columns] of [
    ['part_search_newest_idx', 'created_at, tool_id'],
    ['part_search_price_idx', 'price_cents, name, tool_id'],
    ['part_search_category_newest_idx', 'category_id, created_at, tool_id'],
    ['part_search_category_price_idx', 'category_id, price_cents, name, tool_id'],
  ] as const) {
    await sql`create index ${sql.raw(name)} on part_search (${sql.raw(columns)})
      where on_sale`.execute(db);
  }
  // A name like what was typed ("batery"), among the parts on sale only.
  await sql`create index part_search_name_trgm_idx on part_search
    using gin (name gin_trgm_ops) where on_sale`.execute(db);

  await sql`
    create table part_facet_counts (
      category_id uuid not null,
      brand text not null,
      condition text not null,
      in_stock boolean not null,
      parts integer not null check (parts >= 0),
      primary key (category_id, brand, condition, in_stock)
    )`.execute(db);
  // A part moved from one set of values to another: the old one loses it (its row exists, it
  // was counted), the new one gains it (a row added if none). Two statements, as a row inserted
  // with a negative change would break the check before its conflict could turn it into an update.
  const changes = sql.raw(`
    select category_id, brand, condition, in_stock, sum(change) as change
    from (
      select category_id, brand, condition, in_stock, 1 as change from new_rows where on_sale
      union all
      select category_id, brand, condition, in_stock, -1 from old_rows where on_sale
    ) as moves
    group by category_id, brand, condition, in_stock
    having sum(change) <> 0`);
  await sql`
    create function shop_part_facets_changed() returns trigger language plpgsql as $$
    begin
      update part_facet_counts as kept set parts = kept.parts + changes.change
      from (${changes} order by category_id, brand, condition, in_stock) as changes
      where (kept.category_id, kept.brand, kept.condition, kept.in_stock)
        = (changes.category_id, changes.brand, changes.condition, changes.in_stock);
      insert into part_facet_counts as kept (category_id, brand, condition, in_stock, parts)
      select category_id, brand, condition, in_stock, change from (${changes}) as changes
      where change > 0 and not exists (
        select 1 from part_facet_counts counted
        where (counted.category_id, counted.brand, counted.condition, counted.in_stock)
          = (changes.category_id, changes.brand, changes.condition, changes.in_stock))
      order by category_id, brand, condition, in_stock
      on conflict (category_id, brand, condition, in_stock)
        do update set parts = kept.parts + excluded.parts;
      return null;
    end $$`.execute(db);
  // A transition table belongs to one event: a function per event, naming only its own.
  await sql`
    create function shop_part_facets_added() returns trigger language plpgsql as $$
    begin
      insert into part_facet_counts as kept (category_id, brand, condition, in_stock, parts)
      select category_id, brand, condition, in_stock, count(*) from new_rows where on_sale
      group by category_id, brand, condition, in_stock
      order by category_id, brand, condition, in_stock
      on conflict (category_id, brand, condition, in_stock)
        do update set parts = kept.parts + excluded.parts;
      return null;
    end $$`.execute(db);
  await sql`
    create function shop_part_facets_removed() returns trigger language plpgsql as $$
    begin
      update part_facet_counts as kept set parts = kept.parts - gone.parts
      from (
        select category_id, brand, condition, in_stock, count(*) as parts from old_rows
        where on_sale group by category_id, brand, condition, in_stock
        order by category_id, brand, condition, in_stock
      ) as gone
      where (kept.category_id, kept.brand, kept.condition, kept.in_stock)
        = (gone.category_id, gone.brand, gone.condition, gone.in_stock);
      return null;
    end $$`.execute(db);
  await sql`
    create trigger part_search_facets_insert after insert on part_search
    referencing new table as new_rows
    for each statement execute function shop_part_facets_added()`.execute(db);
  await sql`
    create trigger part_search_facets_update after update on part_search
    referencing new table as new_rows old table as old_rows
    for each statement execute function shop_part_facets_changed()`.execute(db);
  await sql`
    create trigger part_search_facets_delete after delete on part_search
    referencing old table as old_rows
    for each statement execute function shop_part_facets_removed()`.execute(db);
  await sql`
    insert into part_facet_counts (category_id, brand, condition, in_stock, parts)
    select category_id, brand, condition, in_stock, count(*) from part_search where on_sale
    group by category_id, brand, condition, in_stock`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const event of ['insert', 'update', 'delete']) {
    await sql`drop trigger ${sql.raw(`part_search_facets_${event}`)} on part_search`.execute(db);
  }
  await sql`drop function shop_part_facets_changed()`.execute(db);
  await sql`drop function shop_part_facets_added()`.execute(db);
  await sql`drop function shop_part_facets_removed()`.execute(db);
  await sql`drop table part_facet_counts`.execute(db);
  await sql`drop trigger tools_listing_update on tools`.execute(db);
  await sql`drop function shop_tools_listing_changed()`.execute(db);
  await sql`
    alter table part_search
      drop column category_id, drop column brand, drop column condition,
      drop column price_cents, drop column created_at, drop column name, drop column on_sale,
      drop column in_stock`.execute(db);
  await sql`
    create or replace function shop_refresh_part_search(ids uuid[]) returns void
    language sql volatile as $$
      insert into part_search (tool_id, document)
      select t.id,
        setweight(to_tsvector('english', t.name), 'A')
        || setweight(to_tsvector('simple', t.sku || ' ' || shop_normalised_number(t.sku)
          || ' ' || coalesce(numbers.words, '')), 'A')
        || setweight(to_tsvector('english', c.name || ' ' || coalesce(laptops.words, '')), 'B')
        || setweight(to_tsvector('simple', t.brand), 'C')
        || setweight(to_tsvector('english', t.description), 'D')
      from tools t
      join categories c on c.id = t.category_id
      left join lateral (
        select string_agg(p.number || ' ' || p.normalised, ' ') as words
        from part_numbers p where p.tool_id = t.id
      ) as numbers on true
      left join lateral (
        select string_agg(b.name || ' ' || m.name || ' ' || m.normalised || coalesce((
          select ' ' || string_agg(a.alias || ' ' || a.normalised, ' ')
          from model_aliases a where a.model_id = m.id), ''), ' ') as words
        from fitment f
        join laptop_models m on m.id = f.model_id
        join laptop_series s on s.id = m.series_id
        join laptop_brands b on b.id = s.brand_id
        where f.tool_id = t.id
      ) as laptops on true
      where t.id = any(ids)
      on conflict (tool_id) do update set document = excluded.document
    $$`.execute(db);
}
