import { type Kysely, sql } from 'kysely';

/**
 * The parts search (issue 33): one full-text document per part, kept by the database.
 *
 * `part_search.document` weighs what a buyer types: A the part's name, SKU and part numbers (as
 * typed and normalised, so "01AV431" is one word whatever dashes were printed), B its part type
 * and the laptops it fits (brand, model name, aliases such as "T480" or "20L5"), C its brand,
 * D its description. Part numbers and fitment live in their own tables, so a generated column
 * cannot hold it: `shop_refresh_part_search(ids)` rebuilds the documents of the parts named, and
 * triggers call it after every statement that changes what a document holds, once per
 * statement with the rows it touched (an import of 50,000 fitment rows is one rebuild). A stock
 * change (every sale) touches none of these columns and fires nothing.
 *
 * Trigram indexes on model names and the normalised SKU let a typo in a model name and a SKU
 * typed with dashes be found without reading every row.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table part_search (
      tool_id uuid primary key references tools (id) on delete cascade,
      document tsvector not null
    )`.execute(db);
  await sql`create index part_search_document_idx on part_search using gin (document)`.execute(db);
  await sql`create index tools_sku_normalised_idx on tools (shop_normalised_number(sku))`.execute(
    db,
  );
  await sql`create index laptop_models_name_trgm_idx on laptop_models
    using gin (name gin_trgm_ops)`.execute(db);

  await sql`
    create function shop_refresh_part_search(ids uuid[]) returns void
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

  // Statement-level triggers see the rows a statement changed through transition tables; one
  // function per table names the parts whose documents those rows feed.
  const refreshers: { table: string; parts: (rows: string) => string }[] = [
    { table: 'part_numbers', parts: (rows) => `select tool_id from ${rows}` },
    { table: 'fitment', parts: (rows) => `select tool_id from ${rows}` },
    {
      table: 'model_aliases',
      parts: (rows) =>
        `select f.tool_id from fitment f where f.model_id in (select model_id from ${rows})`,
    },
    {
      table: 'laptop_models',
      parts: (rows) =>
        `select f.tool_id from fitment f where f.model_id in (select id from ${rows})`,
    },
    {
      table: 'laptop_brands',
      parts: (rows) => `select f.tool_id from fitment f
        join laptop_models m on m.id = f.model_id
        join laptop_series s on s.id = m.series_id
        where s.brand_id in (select id from ${rows})`,
    },
    {
      table: 'categories',
      parts: (rows) => `select t.id from tools t where t.category_id in (select id from ${rows})`,
    },
  ];
  for (const { table, parts } of refreshers) {
    const changed = (rows: string) => `perform shop_refresh_part_search(array(${parts(rows)}));`;
    await sql`
      create function ${sql.raw(`shop_${table}_search_changed`)}() returns trigger
      language plpgsql as $$
      begin
        if tg_op in ('INSERT', 'UPDATE') then ${sql.raw(changed('new_rows'))} end if;
        if tg_op in ('DELETE', 'UPDATE') then ${sql.raw(changed('old_rows'))} end if;
        return null;
      end $$`.execute(db);
    // A transition table belongs to one event: one trigger per event.
    for (const [event, referencing] of [
      ['insert', 'new table as new_rows'],
      ['update', 'new table as new_rows old table as old_rows'],
      ['delete', 'old table as old_rows'],
    ] as const) {
      await sql`
        create trigger ${sql.raw(`${table}_search_${event}`)}
        after ${sql.raw(event)} on ${sql.table(table)}
        referencing ${sql.raw(referencing)}
        for each statement execute function ${sql.raw(`shop_${table}_search_changed`)}()`.execute(
        db,
      );
    }
  }

  // A new part's document is written with it, whatever statement added it.
  await sql`
    create function shop_tools_search_added() returns trigger language plpgsql as $$
    begin
      perform shop_refresh_part_search(array(select id from new_rows));
      return null;
    end $$`.execute(db);
  await sql`
    create trigger tools_search_insert after insert on tools
    referencing new table as new_rows
    for each statement execute function shop_tools_search_added()`.execute(db);
  // An update trigger with transition tables cannot name columns, and would fire on every sale:
  // a row trigger on the columns the document reads fires only when an admin edits them.
  await sql`
    create function shop_tools_search_edited() returns trigger language plpgsql as $$
    begin
      perform shop_refresh_part_search(array[new.id]);
      return null;
    end $$`.execute(db);
  await sql`
    create trigger tools_search_update
    after update of name, sku, brand, description, category_id on tools
    for each row
    when ((old.name, old.sku, old.brand, old.description, old.category_id)
      is distinct from (new.name, new.sku, new.brand, new.description, new.category_id))
    execute function shop_tools_search_edited()`.execute(db);

  await sql`select shop_refresh_part_search(array(select id from tools))`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop trigger tools_search_update on tools`.execute(db);
  await sql`drop trigger tools_search_insert on tools`.execute(db);
  await sql`drop function shop_tools_search_edited()`.execute(db);
  await sql`drop function shop_tools_search_added()`.execute(db);
  for (const table of [
    'part_numbers',
    'fitment',
    'model_aliases',
    'laptop_models',
    'laptop_brands',
    'categories',
  ]) {
    for (const event of ['insert', 'update', 'delete']) {
      await sql`drop trigger ${sql.raw(`${table}_search_${event}`)} on ${sql.table(table)}`.execute(
        db,
      );
    }
    await sql`drop function ${sql.raw(`shop_${table}_search_changed`)}()`.execute(db);
  }
  await sql`drop function shop_refresh_part_search(uuid[])`.execute(db);
  await sql`drop index laptop_models_name_trgm_idx`.execute(db);
  await sql`drop index tools_sku_normalised_idx`.execute(db);
  await sql`drop table part_search`.execute(db);
}
