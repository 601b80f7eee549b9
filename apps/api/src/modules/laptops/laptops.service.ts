import {
  type Category,
  type LaptopBrands,
  type LaptopList,
  type LaptopListQuery,
  type LaptopPage,
  normalisePartNumber,
} from '@shop/shared';
import { type Expression, type Kysely, sql } from 'kysely';
import type { Database } from '../../db/schema';
import { notFound } from '../../lib/errors';
import { type PartRow, partFields, toPart } from '../catalogue';
import { modelsOf, toModel } from './laptop-model';

/** A model's slug as the catalogue writes them (migration 0021's check). */
const MODEL_SLUG = /^[a-z0-9]+(-[a-z0-9]+)*$/;

/**
 * The longest normalised name or alias (both columns hold at most 60 characters). A prefix's
 * matches are the range from the prefix to the prefix followed by this many Zs: in the
 * database's order, as in C's and in the usual locales', no letter or digit comes after Z.
 */
const NORMALISED_MAX = 60;

/**
 * How many names and how many aliases a typed prefix reads at most, in index order, per way of
 * reading it. A prefix of one letter can name thousands of models; the suggestions are the
 * first of those in name order, and this keeps what is read bounded whatever is typed.
 */
export const SUGGESTION_CANDIDATES = 200;

/** Where suggestions are looked for: any model, or a brand's, or a series'. */
interface Within {
  brandId?: string;
  seriesId?: string;
}

/** A model a term names: what the suggestions are ordered by. */
interface Candidate {
  model_id: string;
  name: string;
  slug: string;
  exact: boolean;
}

/** A normalised prefix to look for, and the brand it was typed after, if any. */
export interface SuggestionTerm {
  term: string;
  brandId?: string;
}

/**
 * What a normalised text can name: itself, and, after each brand's name it starts with, the rest
 * among that brand's models ("LENOVOT480": "LENOVOT480" anywhere, "T480" among Lenovo's; "DELL"
 * alone: Dell's models). The brands are few: their table is read whole.
 */
export async function suggestionTerms(
  db: Kysely<Database>,
  term: string,
): Promise<SuggestionTerm[]> {
  const brands = await db
    .selectFrom(
      db
        .selectFrom('laptop_brands')
        .select(['id', sql<string>`shop_normalised_number(name)`.as('normalised')])
        .as('brand'),
    )
    .select(['id', 'normalised'])
    .where('normalised', '<>', '')
    .where(sql<boolean>`starts_with(${term}::text, normalised)`)
    .execute();
  return [
    { term },
    ...brands.map((brand) => ({ term: term.slice(brand.normalised.length), brandId: brand.id })),
  ];
}

/**
 * The models whose name or an alias starts with one of the terms (normalised as part numbers
 * are: letters and digits, upper case): "T48" finds the T480 and T480s by their aliases, "20L5"
 * the T480 by its machine type, "THINKPADT4" every ThinkPad T4xx by name; an empty term (a
 * brand's name alone) every model of its brand. Exact matches first, then by name.
 *
 * Each term is a range of the btree indexes on the normalised columns (a range rather than
 * `like 'T48%'`, which a plain btree serves only under the C collation), read in index order
 * and stopped after `SUGGESTION_CANDIDATES` rows: never the whole table, however short the
 * prefix (laptops.test.ts reads the plan at 20,000 models). The terms are values of the
 * statement, not rows of another table, so the planner sees how wide each range is.
 */
export function suggestionQuery(
  db: Kysely<Database>,
  terms: SuggestionTerm[],
  within: Within,
  limit: number,
) {
  const seriesOfBrand = (brandId: string) =>
    db.selectFrom('laptop_series').select('id').where('brand_id', '=', brandId);
  const branches = terms.flatMap(({ term, brandId }): Expression<Candidate>[] => {
    const brands = [brandId, within.brandId].filter((id) => id !== undefined);
    if (term === '') {
      // A brand's name alone: that brand's models, by name, read series by series through
      // their index on the name, each stopped as a range is.
      const ofBrand = db
        .selectFrom('laptop_series as s')
        .innerJoinLateral(
          (eb) =>
            eb
              .selectFrom('laptop_models as m')
              .select(['m.id', 'm.name', 'm.slug'])
              .whereRef('m.series_id', '=', 's.id')
              .orderBy('m.name')
              .limit(SUGGESTION_CANDIDATES)
              .as('m'),
          (join) => join.onTrue(),
        )
        .select(['m.id as model_id', 'm.name', 'm.slug', sql<boolean>`false`.as('exact')])
        .$call((query) => brands.reduce((each, id) => each.where('s.brand_id', '=', id), query))
        .$if(within.seriesId !== undefined, (query) => query.where('s.id', '=', within.seriesId!))
        .orderBy('m.name')
        .limit(SUGGESTION_CANDIDATES);
      return [ofBrand];
    }
    const byName = db
      .selectFrom('laptop_models')
      .select(['id as model_id', 'name', 'slug', sql<boolean>`normalised = ${term}`.as('exact')])
      .where('normalised', '>=', term)
      .where('normalised', '<=', `${term}${'Z'.repeat(NORMALISED_MAX)}`)
      .where(sql<boolean>`starts_with(normalised, ${term})`)
      .$call((query) =>
        brands.reduce(
          (narrowed, id) => narrowed.where('series_id', 'in', seriesOfBrand(id)),
          query,
        ),
      )
      .$if(within.seriesId !== undefined, (query) =>
        query.where('series_id', '=', within.seriesId!),
      )
      .orderBy('normalised')
      .limit(SUGGESTION_CANDIDATES);
    const byAlias = db
      .selectFrom('model_aliases as a')
      .innerJoin('laptop_models as m', 'm.id', 'a.model_id')
      .select(['a.model_id', 'm.name', 'm.slug', sql<boolean>`a.normalised = ${term}`.as('exact')])
      .where('a.normalised', '>=', term)
      .where('a.normalised', '<=', `${term}${'Z'.repeat(NORMALISED_MAX)}`)
      .where(sql<boolean>`starts_with(a.normalised, ${term})`)
      .$call((query) =>
        brands.reduce(
          (narrowed, id) => narrowed.where('m.series_id', 'in', seriesOfBrand(id)),
          query,
        ),
      )
      .$if(within.seriesId !== undefined, (query) =>
        query.where('m.series_id', '=', within.seriesId!),
      )
      .orderBy('a.normalised')
      .limit(SUGGESTION_CANDIDATES);
    return [byName, byAlias];
  });
  // Each branch a subquery of the union, so its order and limit are its own.
  const candidates = branches
    .map((branch) => db.selectFrom(sql<Candidate>`${branch}`.as('found')).selectAll())
    .reduce((union, branch) => union.unionAll(branch));
  // The page is chosen from the candidates alone; only its models are read in full.
  return db
    .with('candidates', () => candidates)
    .with('matched', (qb) =>
      qb
        .selectFrom('candidates')
        .select(['model_id', 'name', 'slug', sql<boolean>`bool_or(exact)`.as('exact')])
        .groupBy(['model_id', 'name', 'slug'])
        .orderBy('exact', 'desc')
        .orderBy('name')
        .orderBy('slug')
        .limit(limit),
    )
    .selectFrom('matched')
    .innerJoin(modelsOf(db).as('model'), 'model.id', 'matched.model_id')
    .selectAll('model')
    .orderBy('matched.exact', 'desc')
    .orderBy('matched.name')
    .orderBy('matched.slug');
}

/**
 * Laptops as customers look for them (issue 33): brands, series and models for the picker, the
 * models a typed name or machine type names, and every part on sale that fits one model.
 */
export function createLaptopsService(db: Kysely<Database>) {
  const models = () => modelsOf(db);

  /** The series of that brand with that slug, or not found. */
  async function seriesOf(brandSlug: string, seriesSlug: string) {
    const series = await db
      .selectFrom('laptop_series as s')
      .innerJoin('laptop_brands as b', 'b.id', 's.brand_id')
      .select('s.id')
      .where('b.slug', '=', brandSlug)
      .where('s.slug', '=', seriesSlug)
      .executeTakeFirst();
    if (!series) throw notFound('Laptop series');
    return series.id;
  }

  async function brandOf(brandSlug: string) {
    const brand = await db
      .selectFrom('laptop_brands')
      .select('id')
      .where('slug', '=', brandSlug)
      .executeTakeFirst();
    if (!brand) throw notFound('Laptop brand');
    return brand.id;
  }

  async function suggestions(typed: string, within: Within, limit: number) {
    const term = normalisePartNumber(typed);
    if (term === '') return [];
    const terms = await suggestionTerms(db, term);
    return (await suggestionQuery(db, terms, within, limit).execute()).map(toModel);
  }

  return {
    /** Every part type, in the shop's order. */
    async categories(): Promise<Category[]> {
      return db
        .selectFrom('categories')
        .select(['slug', 'name'])
        .orderBy('position')
        .orderBy('name')
        .execute();
    },

    /** Brands by name, each with its series that have a model, by name. */
    async brands(): Promise<LaptopBrands> {
      const rows = await db
        .selectFrom('laptop_brands as b')
        .select([
          'b.slug',
          'b.name',
          sql<LaptopBrands['brands'][number]['series']>`coalesce((
            select json_agg(json_build_object('slug', s.slug, 'name', s.name) order by s.name)
            from laptop_series s
            where s.brand_id = b.id
              and exists (select 1 from laptop_models m where m.series_id = s.id)), '[]'::json)`.as(
            'series',
          ),
        ])
        .orderBy('b.name')
        .execute();
      return { brands: rows.filter((brand) => brand.series.length > 0) };
    },

    /**
     * `GET /api/laptops`: with a brand and a series, that series' models by name; with `q`, the
     * models it names (within the brand and series when given). The schema refuses neither.
     */
    async list({ brand, series, q, limit }: LaptopListQuery): Promise<LaptopList> {
      const seriesId = brand && series ? await seriesOf(brand, series) : undefined;
      const brandId = brand && !seriesId ? await brandOf(brand) : undefined;
      if (q) return { models: await suggestions(q, { brandId, seriesId }, limit) };
      const rows = await models()
        .where('m.series_id', '=', seriesId!)
        .orderBy('m.name')
        .orderBy('m.slug')
        .limit(limit)
        .execute();
      return { models: rows.map(toModel) };
    },

    /** `GET /api/laptops/{slug}`: the model and its parts on sale, by part type, then by name. */
    async page(slug: string): Promise<LaptopPage> {
      // A slug the catalogue could not have names no model: not found, without a query.
      if (!MODEL_SLUG.test(slug) || slug.length > 100) throw notFound('Laptop model');
      // One statement: the model, and its parts in the page's order.
      const model = await models()
        .select(
          sql<PartRow[] | null>`(select json_agg(row_to_json(part) order by part.position)
            from (select tools.*, ${sql.join(partFields)}, row_number() over (
                order by categories.position, categories.name, tools.name, tools.id) as position
              from fitment
              join tools on tools.id = fitment.tool_id
              join categories on categories.id = tools.category_id
              where fitment.model_id = m.id and tools.retired_at is null) as part)`.as('parts'),
        )
        .where('m.slug', '=', slug)
        .executeTakeFirst();
      if (!model) throw notFound('Laptop model');
      const groups: LaptopPage['groups'] = [];
      for (const row of model.parts ?? []) {
        const part = toPart(row);
        const group = groups.at(-1);
        if (group?.category.slug === part.category.slug) group.items.push(part);
        else groups.push({ category: part.category, items: [part] });
      }
      return { model: toModel(model), groups };
    },

    /** `GET /api/tools/{id}/fits`: every model a part on sale fits, by brand, then by name. */
    async fitsOf(toolId: string): Promise<LaptopList> {
      const tool = await db
        .selectFrom('tools')
        .select('id')
        .where('id', '=', toolId)
        .where('retired_at', 'is', null)
        .executeTakeFirst();
      if (!tool) throw notFound('Tool');
      const rows = await models()
        .innerJoin('fitment as f', 'f.model_id', 'm.id')
        .where('f.tool_id', '=', toolId)
        .orderBy('b.name')
        .orderBy('m.name')
        .orderBy('m.slug')
        .execute();
      return { models: rows.map(toModel) };
    },
  };
}

export type LaptopsService = ReturnType<typeof createLaptopsService>;
