import {
  PART_CONDITIONS,
  type SearchQuery,
  type SearchResult,
  type SearchSort,
} from '@shop/shared';
import { type Kysely, type RawBuilder, sql } from 'kysely';
import type { Database } from '../../db/schema';
import { type PartRow, partFields, toPart } from '../catalogue';
import { type ModelRow, modelsOf, toModel } from '../laptops';
import { type SearchWords, searchWords } from './search-words';

/**
 * How a part found by the search ranks (docs/product.md, Search): points add up, so a part
 * found several ways ranks above one found one way.
 */
const SCORE = {
  /** The whole text is one of its part numbers or its SKU ("01-av-431" is 01AV431). */
  wholeNumber: 1000,
  /** One word is one of its part numbers ("01AV431 battery"). */
  wordNumber: 400,
  /** It fits a laptop the text names (by model name or alias: "t480", "20L5"). */
  fitsNamedModel: 200,
  /** It is of a part type the text names ("battery", "keyboards") ... */
  namedType: 100,
  /** ... its full-text document holds every word: this much, and this much more by rank. */
  text: 50,
  textRank: 50,
  /** Its name is like what was typed (a typo: "batery"), by trigram word similarity. */
  similarName: 40,
} as const;

/** What an empty search box reads as. */
const NO_WORDS = searchWords('');

/** A model name this alike (trigram similarity, 0 to 1) counts as named despite a typo. */
const SIMILAR_MODEL_MIN = 0.4;

/** A word this alike a word of a part type's name or slug names the type despite a typo. */
const SIMILAR_TYPE_MIN = 0.5;
/** Shorter words are too alike by chance ("fan", "fans" and "pad" share most trigrams). */
const SIMILAR_TYPE_LETTERS_MIN = 4;

const ORDER_BY: Record<SearchSort, RawBuilder<unknown>> = {
  relevance: sql`score desc, name, id`,
  'price-asc': sql`price_cents, name, id`,
  'price-desc': sql`price_cents desc, name, id`,
  newest: sql`created_at desc, id desc`,
};

/** The JSON text of a list, for a statement that unpacks it (`json_array_elements_text`). */
const list = (values: string[]) =>
  sql`array(select json_array_elements_text(${JSON.stringify(values)}::json))`;

/** Whether a part's type, brand and condition pass the query's filters (each facet's count leaves its own out). */
const kept = (query: SearchQuery) => sql`
  (${query.category ?? null}::text is null
    or category_id = (select id from category_filter)) as category_kept,
  (${query.brand ?? null}::text is null or lower(brand) = lower(${query.brand ?? null}))
    as brand_kept,
  (${query.condition ?? null}::text is null or condition = ${query.condition ?? null})
    as condition_kept`;

/** Whether a part is of one of `types` (ids; any type when null). */
const ofTypes = (types: string[] | null, column: RawBuilder<unknown>) =>
  types ? sql`${column} = any(${list(types)}::uuid[])` : sql`true`;

/**
 * The catalogue as a whole, or the whole of some part types (`types`: "xyz battery", whose
 * other words find nothing), when no words and no model narrow it: the counts come from the few
 * rows of `part_facet_counts` (migration 0023), the page from the listing's indexes.
 */
const listed = (query: SearchQuery, types: string[] | null) => sql`
  facts as (
    select parts, category_id, brand, condition, ${kept(query)}
    from part_facet_counts
    where parts > 0 and (not ${query.inStock ?? false} or in_stock)
      and ${ofTypes(types, sql`category_id`)}
  ),
  page as (
    select tool_id as id, name, price_cents, created_at from part_search
    where on_sale
      and (not ${query.inStock ?? false} or in_stock)
      and ${ofTypes(types, sql`category_id`)}
      and (${query.category ?? null}::text is null
        or category_id = (select id from category_filter))
      and (${query.brand ?? null}::text is null or lower(brand) = lower(${query.brand ?? null}))
      and (${query.condition ?? null}::text is null or condition = ${query.condition ?? null})
  )`;

/**
 * The parts the words (or the model filter) find, one row each with its score: each way of
 * finding a part (SCORE) is a branch of `hits`, only those the text can use, and each reads
 * the part's listing from `part_search` with it, so no part is looked up twice.
 */
function matched(query: SearchQuery, typed: SearchWords, types: string[] | null) {
  // What a hit carries: the listing, never the document (a thousand bytes a part).
  const hitColumns = sql`ps.tool_id, ps.category_id, ps.brand, ps.condition, ps.price_cents,
    ps.created_at, ps.name`;
  const listing = sql`ps.tool_id as id, ps.category_id, ps.brand, ps.condition, ps.price_cents,
    ps.created_at, ps.name`;
  const listable = sql`ps.on_sale and (not ${query.inStock ?? false} or ps.in_stock)`;
  const typeBonus = sql`case when ps.category_id = any(array(select id from named_types))
    then ${sql.lit(SCORE.namedType)} else 0 end`;
  const numbers = [
    sql`select ${sql.lit(SCORE.wholeNumber)} as score, ${hitColumns} from part_numbers p
      join part_search ps on ps.tool_id = p.tool_id
      where p.normalised = ${typed.whole} and ${listable}`,
    sql`select ${sql.lit(SCORE.wholeNumber)}, ${hitColumns} from tools t
      join part_search ps on ps.tool_id = t.id
      where shop_normalised_number(t.sku) = ${typed.whole} and ${listable}`,
    ...(typed.numbers.some((number) => number !== typed.whole)
      ? [
          sql`select ${sql.lit(SCORE.wordNumber)}, ${hitColumns} from part_numbers p
            join part_search ps on ps.tool_id = p.tool_id
            where p.normalised = any(${list(typed.numbers)})
              and p.normalised <> ${typed.whole} and ${listable}`,
        ]
      : []),
  ];
  const branches =
    typed.words.length === 0
      ? [
          sql`select 0 as score, ${listing} from fitment f
            join part_search ps on ps.tool_id = f.tool_id
            where f.model_id = (select id from model_filter)
              and ${ofTypes(types, sql`ps.category_id`)} and ${listable}`,
        ]
      : [
          sql`select score, ${listing} from number_hits ps`,
          sql`select ${sql.lit(SCORE.fitsNamedModel)} + ${typeBonus}, ${listing}
            from fitment f join part_search ps on ps.tool_id = f.tool_id
            where f.model_id in (select id from query_models) and ${listable}`,
          sql`select score + ${typeBonus}, ${listing} from text_hits ps`,
          sql`select score + ${typeBonus}, ${listing} from name_hits ps`,
        ];
  return sql`
      -- Each word, and whether it names a part type ("battery", "screens"); "Other parts" is
      -- the type of what has none, not a type anyone asks for.
      typed_words as (
        select word, exists (
          select 1 from categories c
          where c.slug <> 'other'
            and to_tsvector('english', c.name || ' ' || replace(c.slug, '-', ' '))
              @@ plainto_tsquery('english', word)
        ) as names_type
        from unnest(${list(typed.words)}) as word
      ),
      -- A type is named by a word of its name or slug, or by a word like one of them despite
      -- a typo ("batery", "keybord": trigram similarity, both words of 4 letters or more).
      named_types as (
        select c.id from categories c
        where c.slug <> 'other' and (exists (
          select 1 from typed_words w
          where w.names_type
            and to_tsvector('english', c.name || ' ' || replace(c.slug, '-', ' '))
              @@ plainto_tsquery('english', w.word))
          or exists (
            select 1 from typed_words w,
              unnest(string_to_array(lower(c.name || ' ' || replace(c.slug, '-', ' ')), ' '))
                as type_word
            where not w.names_type and length(w.word) >= ${sql.lit(SIMILAR_TYPE_LETTERS_MIN)}
              and length(type_word) >= ${sql.lit(SIMILAR_TYPE_LETTERS_MIN)}
              and similarity(w.word, type_word) >= ${sql.lit(SIMILAR_TYPE_MIN)}))
      ),
      -- What is left once the part types are taken out: the laptop, if it names one.
      rest as (select coalesce(string_agg(word, ' '), '') as words from typed_words
        where not names_type),
      named_models as (
        select id from laptop_models where normalised = any(${list(typed.modelNames)})
        union
        select model_id from model_aliases where normalised = any(${list(typed.modelNames)})
      ),
      similar_models as (
        select m.id from laptop_models m, rest
        where not exists (select 1 from named_models) and rest.words <> ''
          and m.name % rest.words and similarity(m.name, rest.words) >= ${sql.lit(SIMILAR_MODEL_MIN)}
        order by similarity(m.name, rest.words) desc, m.name
        limit 1
      ),
      query_models as (select id from named_models union select id from similar_models),
      -- The last word is read as the start of a word while it may still be being typed, and
      -- whole once it is a part type, a brand or a model ("t480 battery", "battery dell"): a
      -- start is looked up over every word it may begin, thousands of parts for "batteri".
      -- Whole, it is also read as a name is (a brand as typed: "Voltcell", not "voltcel").
      text_query as (
        select case when exists (select 1 from typed_words where word = ${typed.last} and names_type)
            or exists (select 1 from laptop_brands where lower(name) = ${typed.last})
            or exists (select 1 from part_facet_counts
              where lower(brand) = ${typed.last} and parts > 0)
            or exists (select 1 from laptop_models where normalised = ${typed.lastNormalised})
            or exists (select 1 from model_aliases where normalised = ${typed.lastNormalised})
          then ${typed.leadingQuery ? sql`to_tsquery('english', ${typed.leadingQuery}) && ` : sql``}
            (to_tsquery('english', ${typed.last}) || to_tsquery('simple', ${typed.last}))
          else to_tsquery('english', ${typed.textQuery}) end as query
      ),
      -- The parts whose part number or SKU the text or a word is.
      number_hits as (${sql.join(numbers, sql` union all `)}),
      -- The parts the full text finds, and those whose name is like the words: each read once.
      text_hits as materialized (
        select ${sql.lit(SCORE.text)} + ${sql.lit(SCORE.textRank)} * ts_rank(ps.document, t.query)
            as score, ${hitColumns}
        from part_search ps, text_query t
        where ps.document @@ t.query and ${listable}
      ),
      name_hits as materialized (
        select ${sql.lit(SCORE.similarName)} * word_similarity(rest.words, ps.name) as score,
          ${hitColumns}
        from part_search ps, rest
        where rest.words <> '' and rest.words <% ps.name and ${listable}
      ),
      hits as (${sql.join(branches, sql` union all `)}),
      facts as materialized (
        select id, sum(score) as score, category_id, brand, condition, price_cents, created_at,
          name, 1 as parts, ${kept(query)}
        from hits
        where ${query.model ?? null}::text is null
          or id in (select tool_id from fitment where model_id = (select id from model_filter))
        group by id, category_id, brand, condition, price_cents, created_at, name
      ),
      page as (select * from facts where category_kept and brand_kept and condition_kept)`;
}

interface Found {
  total: number;
  ids: string[] | null;
  categories: { value: string; label: string; count: number }[] | null;
  brands: { value: string; label: string; count: number }[] | null;
  conditions: { value: string; label: string; count: number }[] | null;
  /** The page's parts, in any order (`ids` has the order). */
  parts: PartRow[] | null;
  model: ModelRow | null;
  /** The part types the words name when they find nothing else (`find`), else null. */
  types_only: string[] | null;
}

export function createSearchService(db: Kysely<Database>) {
  /**
   * What a query finds and counts, in one statement: `listed` when no words and no model
   * narrow the catalogue (or the words only name part types, `types`), `matched`
   * otherwise; with the page's parts and the model named, so a search is one round trip.
   */
  async function find(query: SearchQuery, typed: SearchWords, types: string[] | null) {
    const anything = typed.words.length === 0;
    const order =
      anything && query.sort === 'relevance' ? sql`created_at, id` : ORDER_BY[query.sort];
    const found = await sql<Found>`
      with
      model_filter as (select id from laptop_models where slug = ${query.model ?? null}),
      category_filter as (select id from categories where slug = ${query.category ?? null}),
      ${anything && !query.model ? listed(query, types) : matched(query, typed, types)},
      page_ids as materialized (
        select array(select id from page order by ${order}
          limit ${query.limit} offset ${(query.page - 1) * query.limit}) as ids
      ),
      named_model as (
        select ${
          anything
            ? sql`(select id from model_filter)`
            : sql`coalesce((select id from model_filter),
              case when (select count(*) from query_models) = 1
                then (select id from query_models) end)`
        } as id
      )
      select
        (select coalesce(sum(parts), 0)::int from facts
          where category_kept and brand_kept and condition_kept) as total,
        (select to_json(ids) from page_ids) as ids,
        (select json_agg(row_to_json(listed_parts)) from (
          select tools.*, ${sql.join(partFields)} from tools
          where tools.id = any((select ids from page_ids)::uuid[])
        ) as listed_parts) as parts,
        (select row_to_json(model) from (${modelsOf(db).where(
          'm.id',
          '=',
          sql<string>`(select id from named_model)`,
        )}) as model) as model,
        (select json_agg(json_build_object('value', c.slug, 'label', c.name, 'count', counted.n)
            order by c.position, c.name)
          from (select category_id, sum(parts)::int as n from facts
            where brand_kept and condition_kept group by category_id) as counted
          join categories c on c.id = counted.category_id) as categories,
        (select json_agg(json_build_object('value', brand, 'label', brand, 'count', n)
            order by n desc, brand)
          from (select brand, sum(parts)::int as n from facts
            where category_kept and condition_kept group by brand) as counted) as brands,
        (select json_agg(json_build_object('value', condition, 'label', condition, 'count', n)
            order by array_position(${list([...PART_CONDITIONS])}, condition))
          from (select condition, sum(parts)::int as n from facts
            where category_kept and brand_kept group by condition) as counted) as conditions,
        ${
          anything
            ? sql`null`
            : sql`case when not exists (select 1 from number_hits)
                and not exists (select 1 from query_models)
                and not exists (select 1 from text_hits) and not exists (select 1 from name_hits)
              then (select json_agg(id) from named_types) end`
        } as types_only
    `.execute(db);
    return found.rows[0]!;
  }

  /**
   * One page of the parts a query finds, in the order asked, their total, and the facets: per
   * category, brand and condition, the parts found with every other filter applied, so each
   * count is what choosing that value lists. One statement finds and counts (`find`); when
   * the words find nothing but name part types ("xyz battery"), a second lists those types as
   * if nothing were typed, so their whole types are counted from `part_facet_counts`, not
   * part by part.
   */
  async function search(query: SearchQuery): Promise<SearchResult> {
    const typed = searchWords(query.q);
    const found = await find(query, typed, null);
    const row = found.types_only ? await find(query, NO_WORDS, found.types_only) : found;
    const byId = new Map((row.parts ?? []).map((part) => [part.id, part]));
    return {
      items: (row.ids ?? []).flatMap((id) => {
        const part = byId.get(id);
        return part ? [toPart(part)] : [];
      }),
      total: row.total,
      facets: {
        category: row.categories ?? [],
        brand: row.brands ?? [],
        condition: row.conditions ?? [],
      },
      model: row.model && toModel(row.model),
    };
  }

  return { search };
}

export type SearchService = ReturnType<typeof createSearchService>;
