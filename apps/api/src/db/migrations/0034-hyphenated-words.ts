import { type Kysely, sql } from 'kysely';

/**
 * Hyphenated words find their parts (issue point 15). The English parser reads "Wi-Fi" as
 * 'wi-fi', 'wi' and 'fi', while the search reads what was typed as letters and digits only
 * ("wi-fi" and "wifi" are both 'wifi', `search-words.ts`): nothing matched. Each field of a
 * part's document now also holds its hyphenated words joined ('wifi', 'usbc'), with the field's
 * weight, so "wi-fi", "wifi", "USB-C" and "usbc" find the same parts. A numeric range ("5-20 V")
 * is no word and stays as it is. The documents of the parts already stored are rebuilt.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  // Words of letters or digits joined by hyphens, one with a letter at least, without them.
  await sql`
    create function shop_joined_hyphenated_words(words text) returns text
    language sql immutable parallel safe as $$
      select coalesce(string_agg(replace(found[1], '-', ''), ' '), '')
      from regexp_matches(words, '([[:alnum:]]+(?:-[[:alnum:]]+)+)', 'g') as found
      where found[1] ~ '[[:alpha:]]'
    $$`.execute(db);
  await refreshFunction(db, true);
  await sql`select shop_refresh_part_search(array(select id from tools))`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await refreshFunction(db, false);
  await sql`select shop_refresh_part_search(array(select id from tools))`.execute(db);
  await sql`drop function shop_joined_hyphenated_words(text)`.execute(db);
}

/** `shop_refresh_part_search` as migration 0023 wrote it, with or without the joined words. */
async function refreshFunction(db: Kysely<unknown>, joined: boolean) {
  const withJoined = (field: string) =>
    joined ? `${field} || ' ' || shop_joined_hyphenated_words(${field})` : field;
  await sql`
    create or replace function shop_refresh_part_search(ids uuid[]) returns void
    language sql volatile as $$
      insert into part_search (tool_id, document, category_id, brand, condition, price_cents,
        created_at, name, on_sale, in_stock)
      select t.id,
        setweight(to_tsvector('english', ${sql.raw(withJoined('t.name'))}), 'A')
        || setweight(to_tsvector('simple', t.sku || ' ' || shop_normalised_number(t.sku)
          || ' ' || coalesce(numbers.words, '')), 'A')
        || setweight(to_tsvector('english',
          ${sql.raw(withJoined(`c.name || ' ' || coalesce(laptops.words, '')`))}), 'B')
        || setweight(to_tsvector('simple', ${sql.raw(withJoined('t.brand'))}), 'C')
        || setweight(to_tsvector('english', ${sql.raw(withJoined('t.description'))}), 'D'),
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
}
