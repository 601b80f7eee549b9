import {
  type CategoryList,
  LAPTOP_LIST_MAX,
  type LaptopBrands,
  type LaptopList,
  type LaptopPage,
} from '@shop/shared';
import { type Kysely, sql } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Database } from '../../db/schema';
import { describeEachDatabase } from '../../test/databases';
import { type TestApp, createTestApp } from '../../test/test-app';
import { SUGGESTION_CANDIDATES, suggestionQuery, suggestionTerms } from './laptops.service';

/**
 * Laptops of our own, not the demo seed's (which grows on its own): two brands, their series
 * and models with aliases, a brand and a series without models, and parts that fit some.
 */
const laptops = [
  {
    brand: 'Lenovo',
    series: [
      {
        name: 'ThinkPad T-series',
        models: [
          { name: 'ThinkPad T480', aliases: ['T480', '20L5', '20L6'] },
          { name: 'ThinkPad T480s', aliases: ['T480s', '20L7'] },
          { name: 'ThinkPad T470', aliases: ['T470', '20HD'] },
        ],
      },
      { name: 'ThinkPad X-series', models: [{ name: 'ThinkPad X280', aliases: ['X280'] }] },
      { name: 'IdeaPad', models: [] },
    ],
  },
  {
    brand: 'Dell',
    series: [
      { name: 'Latitude 5000', models: [{ name: 'Latitude 5480', aliases: ['5480'] }] },
      // Named before the Latitude, and only a prefix of "5480": exact matches come first.
      { name: 'Inspiron', models: [{ name: 'Inspiron 14 5480 2-in-1', aliases: ['5480 2-in-1'] }] },
    ],
  },
  { brand: 'Acer', series: [] },
];

const slugOf = (...words: string[]) =>
  words
    .join(' ')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');

async function addLaptops(db: Kysely<Database>) {
  const models: Record<string, string> = {};
  for (const { brand, series } of laptops) {
    const { id: brandId } = await db
      .insertInto('laptop_brands')
      .values({ name: brand, slug: slugOf(brand) })
      .returning('id')
      .executeTakeFirstOrThrow();
    for (const { name, models: named } of series) {
      const { id: seriesId } = await db
        .insertInto('laptop_series')
        .values({ brand_id: brandId, name, slug: slugOf(name) })
        .returning('id')
        .executeTakeFirstOrThrow();
      for (const model of named) {
        const { id } = await db
          .insertInto('laptop_models')
          .values({ series_id: seriesId, name: model.name, slug: slugOf(brand, model.name) })
          .returning('id')
          .executeTakeFirstOrThrow();
        models[model.name] = id;
        await db
          .insertInto('model_aliases')
          .values(model.aliases.map((alias) => ({ model_id: id, alias })))
          .execute();
      }
    }
  }
  return models;
}

async function addPart(
  db: Kysely<Database>,
  part: { name: string; category: string; fits: string[]; retired?: boolean },
) {
  const { id } = await db
    .insertInto('tools')
    .values({
      name: part.name,
      img: '/images/tools/laptop-battery.svg',
      description: `${part.name} for the laptop tests`,
      min_order_quantity: 1,
      available_quantity: 10,
      price_cents: 4999,
      category_id: sql<string>`(select id from categories where slug = ${part.category})`,
      retired_at: part.retired ? new Date() : null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  if (part.fits.length > 0) {
    await db
      .insertInto('fitment')
      .values(part.fits.map((model_id) => ({ tool_id: id, model_id })))
      .execute();
  }
  return id;
}

const errorOf = async (response: Response) =>
  ((await response.json()) as { error: { code: string; fields?: Record<string, string[]> } }).error;

describeEachDatabase('laptops, their brands and series, and the parts that fit them', (kind) => {
  let app: TestApp;
  let model: Record<string, string>;
  const part: Record<string, string> = {};
  beforeAll(async () => {
    app = await createTestApp(kind, { seed: false });
    const { db } = app.database;
    model = await addLaptops(db);
    const t480 = model['ThinkPad T480']!;
    const t470 = model['ThinkPad T470']!;
    const latitude = model['Latitude 5480']!;
    // Added out of the page's order: screens before batteries, names backwards.
    part.screen = await addPart(db, { name: 'FHD IPS Panel', category: 'screen', fits: [t480] });
    part.big = await addPart(db, {
      name: 'Battery 72Wh',
      category: 'battery',
      fits: [t480, t470, latitude],
    });
    part.small = await addPart(db, { name: 'Battery 24Wh', category: 'battery', fits: [t480] });
    part.retired = await addPart(db, {
      name: 'Battery 48Wh',
      category: 'battery',
      fits: [t480],
      retired: true,
    });
    part.keyboard = await addPart(db, { name: 'Keyboard US', category: 'keyboard', fits: [t470] });
    part.none = await addPart(db, { name: 'Spudger', category: 'repair-tool', fits: [] });
  });
  afterAll(() => app.close());

  const get = async <T>(path: string) => {
    const response = await app.request(path);
    expect(response.status, `${path}: ${await response.clone().text()}`).toBe(200);
    expect(response.headers.get('Cache-Control')).toBe('no-cache');
    return (await response.json()) as T;
  };
  const suggested = async (q: string, limit?: number) =>
    (
      await get<LaptopList>(
        `/api/laptops?q=${encodeURIComponent(q)}${limit ? `&limit=${limit}` : ''}`,
      )
    ).models.map((found) => found.name);

  it('lists the part types in the shop’s order, not by name', async () => {
    const { categories } = await get<CategoryList>('/api/categories');
    expect(categories.slice(0, 3)).toEqual([
      { slug: 'battery', name: 'Batteries' },
      { slug: 'screen', name: 'Screens' },
      { slug: 'keyboard', name: 'Keyboards' },
    ]);
    expect(categories.at(-1)).toEqual({ slug: 'other', name: 'Other parts' });
    expect(categories).toHaveLength(12);
  });

  it('lists brands by name, each with its series that have models, by name', async () => {
    expect(await get<LaptopBrands>('/api/laptops/brands')).toEqual({
      brands: [
        {
          slug: 'dell',
          name: 'Dell',
          series: [
            { slug: 'inspiron', name: 'Inspiron' },
            { slug: 'latitude-5000', name: 'Latitude 5000' },
          ],
        },
        {
          slug: 'lenovo',
          name: 'Lenovo',
          series: [
            { slug: 'thinkpad-t-series', name: 'ThinkPad T-series' },
            { slug: 'thinkpad-x-series', name: 'ThinkPad X-series' },
          ],
        },
      ],
    });
  });

  it("lists a series' models by name, with their brand, series and aliases", async () => {
    const { models } = await get<LaptopList>('/api/laptops?brand=lenovo&series=thinkpad-t-series');
    expect(models.map((found) => found.name)).toEqual([
      'ThinkPad T470',
      'ThinkPad T480',
      'ThinkPad T480s',
    ]);
    expect(models[1]).toEqual({
      slug: 'lenovo-thinkpad-t480',
      name: 'ThinkPad T480',
      brand: { slug: 'lenovo', name: 'Lenovo' },
      series: { slug: 'thinkpad-t-series', name: 'ThinkPad T-series' },
      aliases: ['20L5', '20L6', 'T480'],
    });
    // Another brand's series of the same slug is not this one.
    const none = await app.request('/api/laptops?brand=dell&series=thinkpad-t-series');
    expect(none.status).toBe(404);
    expect((await errorOf(none)).code).toBe('NOT_FOUND');
    expect((await app.request('/api/laptops?brand=nobody&series=latitude-5000')).status).toBe(404);
    const empty = await get<LaptopList>('/api/laptops?brand=lenovo&series=ideapad');
    expect(empty.models).toEqual([]);
  });

  it('suggests models by what was typed: alias, machine type, name prefix, any case or spacing', async () => {
    expect(await suggested('20l5')).toEqual(['ThinkPad T480']);
    expect(await suggested('20-L-7')).toEqual(['ThinkPad T480s']);
    expect(await suggested('t48')).toEqual(['ThinkPad T480', 'ThinkPad T480s']);
    expect(await suggested('thinkpad t4')).toEqual([
      'ThinkPad T470',
      'ThinkPad T480',
      'ThinkPad T480s',
    ]);
    expect(await suggested('x2')).toEqual(['ThinkPad X280']);
    // A prefix of the name, not any part of it.
    expect(await suggested('480')).toEqual([]);
    expect(await suggested('qqq')).toEqual([]);
    expect(await suggested('--')).toEqual([]);
  });

  it("reads what follows a brand's name among that brand's models", async () => {
    expect(await suggested('Lenovo T480')).toEqual(['ThinkPad T480', 'ThinkPad T480s']);
    expect(await suggested('lenovo thinkpad x')).toEqual(['ThinkPad X280']);
    expect(await suggested('dell t480')).toEqual([]);
    // A brand's name alone: its models, by name.
    expect(await suggested('Dell')).toEqual(['Inspiron 14 5480 2-in-1', 'Latitude 5480']);
    expect(await suggested('lenovo', 2)).toEqual(['ThinkPad T470', 'ThinkPad T480']);
    expect(await suggested('acer')).toEqual([]);
    // Within a brand (or a series) when the query names one.
    expect(
      (await get<LaptopList>('/api/laptops?brand=dell&q=5480')).models.map((m) => m.name),
    ).toEqual(['Latitude 5480', 'Inspiron 14 5480 2-in-1']);
    expect(
      (await get<LaptopList>('/api/laptops?brand=lenovo&q=5480')).models.map((m) => m.name),
    ).toEqual([]);
    expect(
      (
        await get<LaptopList>('/api/laptops?brand=lenovo&series=thinkpad-t-series&q=thinkpad')
      ).models.map((m) => m.name),
    ).toEqual(['ThinkPad T470', 'ThinkPad T480', 'ThinkPad T480s']);
  });

  it('puts exact matches first, then the others by name', async () => {
    // "Inspiron..." comes first by name; "5480" is exactly the Latitude's alias.
    expect(await suggested('5480')).toEqual(['Latitude 5480', 'Inspiron 14 5480 2-in-1']);
    expect(await suggested('5480', 1)).toEqual(['Latitude 5480']);
    expect(await suggested('54802')).toEqual(['Inspiron 14 5480 2-in-1']);
  });

  it('answers at most `limit` models, the first ones, and refuses a limit past the largest', async () => {
    const all = ['ThinkPad T470', 'ThinkPad T480', 'ThinkPad T480s', 'ThinkPad X280'];
    expect(await suggested('thinkpad')).toEqual(all);
    expect(await suggested('thinkpad', 4)).toEqual(all);
    expect(await suggested('thinkpad', 3)).toEqual(all.slice(0, 3));
    expect(await suggested('thinkpad', 1)).toEqual(all.slice(0, 1));
    const series = await get<LaptopList>(
      '/api/laptops?brand=lenovo&series=thinkpad-t-series&limit=2',
    );
    expect(series.models.map((found) => found.name)).toEqual(all.slice(0, 2));
    expect(await suggested('thinkpad', LAPTOP_LIST_MAX)).toEqual(all);
    for (const limit of [LAPTOP_LIST_MAX + 1, 0, -1, 1.5]) {
      const response = await app.request(`/api/laptops?q=thinkpad&limit=${limit}`);
      expect(response.status, String(limit)).toBe(400);
      expect(Object.keys((await errorOf(response)).fields ?? {})).toEqual(['limit']);
    }
  });

  it('refuses a list without a brand and series or a typed model, in the one error shape', async () => {
    for (const [query, field] of [
      ['', 'q'],
      ['q=', 'q'],
      ['q=%20%20', 'q'],
      ['brand=lenovo', 'q'],
      ['series=thinkpad-t-series', 'brand'],
      ['brand=Lenovo&series=thinkpad-t-series', 'brand'],
      ['brand=lenovo&series=thinkpad%20t', 'series'],
      ['q=t480&sort=name', ''],
    ] as const) {
      const response = await app.request(`/api/laptops?${query}`);
      expect(response.status, query).toBe(400);
      const error = await errorOf(response);
      expect(error.code, query).toBe('VALIDATION_FAILED');
      if (field) expect(Object.keys(error.fields ?? {}), query).toContain(field);
    }
  });

  it('shows a model with exactly the parts on sale that fit it, by part type, then by name', async () => {
    const page = await get<LaptopPage>('/api/laptops/lenovo-thinkpad-t480');
    expect(page.model).toMatchObject({
      slug: 'lenovo-thinkpad-t480',
      name: 'ThinkPad T480',
      brand: { slug: 'lenovo', name: 'Lenovo' },
      series: { slug: 'thinkpad-t-series', name: 'ThinkPad T-series' },
      aliases: ['20L5', '20L6', 'T480'],
    });
    expect(
      page.groups.map((group) => [group.category.slug, group.items.map((item) => item._id)]),
    ).toEqual([
      ['battery', [part.small, part.big]],
      ['screen', [part.screen]],
    ]);
    expect(page.groups[0]!.category).toEqual({ slug: 'battery', name: 'Batteries' });
    const big = page.groups[0]!.items[1]!;
    expect(big).toMatchObject({
      name: 'Battery 72Wh',
      price: 49.99,
      category: { slug: 'battery', name: 'Batteries' },
      fits: {
        count: 3,
        models: [
          { slug: 'dell-latitude-5480', name: 'Latitude 5480', brand: 'Dell' },
          { slug: 'lenovo-thinkpad-t470', name: 'ThinkPad T470', brand: 'Lenovo' },
          { slug: 'lenovo-thinkpad-t480', name: 'ThinkPad T480', brand: 'Lenovo' },
        ],
      },
    });

    const t470 = await get<LaptopPage>('/api/laptops/lenovo-thinkpad-t470');
    expect(t470.groups.map((group) => group.items.map((item) => item.name))).toEqual([
      ['Battery 72Wh'],
      ['Keyboard US'],
    ]);
    const x280 = await get<LaptopPage>('/api/laptops/lenovo-thinkpad-x280');
    expect(x280).toMatchObject({ model: { name: 'ThinkPad X280', aliases: ['X280'] }, groups: [] });
  });

  it('answers 404 for a model it does not know, whatever the slug holds', async () => {
    for (const slug of ['lenovo-thinkpad-t999', 'Lenovo-ThinkPad-T480', 'a--b', 'x'.repeat(200)]) {
      const response = await app.request(`/api/laptops/${slug}`);
      expect(response.status, slug).toBe(404);
      expect((await errorOf(response)).code).toBe('NOT_FOUND');
    }
    for (const slug of ['%00', 'lenovo%20thinkpad', '%FF', "t480'--"]) {
      expect((await app.request(`/api/laptops/${slug}`)).status, slug).toBe(404);
    }
  });

  it('lists every model a part fits, by brand, then by name', async () => {
    const { models } = await get<LaptopList>(`/api/tools/${part.big}/fits`);
    expect(models.map((found) => [found.brand.name, found.name])).toEqual([
      ['Dell', 'Latitude 5480'],
      ['Lenovo', 'ThinkPad T470'],
      ['Lenovo', 'ThinkPad T480'],
    ]);
    expect((await get<LaptopList>(`/api/tools/${part.none}/fits`)).models).toEqual([]);
  });

  it('answers 404 for the fits of a retired, unknown or impossible tool', async () => {
    for (const id of [part.retired, '00000000-0000-4000-8000-000000000000', 'abc']) {
      const response = await app.request(`/api/tools/${id}/fits`);
      expect(response.status, id).toBe(404);
      expect((await errorOf(response)).code).toBe('NOT_FOUND');
    }
  });
});

/** Every node of a plan from `explain (format json)`, depth first. */
function planNodes(plan: Record<string, unknown>): Record<string, unknown>[] {
  const children = (plan.Plans as Record<string, unknown>[] | undefined) ?? [];
  return [plan, ...children.flatMap(planNodes)];
}

describeEachDatabase('laptop suggestions at 20,000 models', (kind) => {
  let app: TestApp;
  beforeAll(async () => {
    app = await createTestApp(kind, { seed: false });
    // Statements of thousands of rows: longer than a request's bound (DATABASE_TIMEOUT_MS).
    await app.database.db.transaction().execute(async (db) => {
      await sql`set local statement_timeout = 0`.execute(db);
      await sql`
        insert into laptop_brands (name, slug) values ('Lenovo', 'lenovo'), ('Dell', 'dell')`.execute(
        db,
      );
      await sql`
        insert into laptop_series (brand_id, name, slug)
        select b.id, 'Series ' || n, 'series-' || n
        from laptop_brands b, generate_series(1, 20) as n`.execute(db);
      await sql`
        insert into laptop_models (series_id, name, slug)
        select s.id, 'Model ' || chr(65 + n % 26) || n, b.slug || '-' || s.slug || '-model-' || n
        from laptop_series s join laptop_brands b on b.id = s.brand_id,
          generate_series(1, 500) as n`.execute(db);
      await sql`
        insert into model_aliases (model_id, alias)
        select id, 'MT' || substr(md5(slug), 1, 6) from laptop_models`.execute(db);
    });
    const { db } = app.database;
    await sql`analyze`.execute(db);
  });
  afterAll(() => app.close());

  it('has 20,000 models, and finds one by its machine type', async () => {
    const { count } = await app.database.db
      .selectFrom('laptop_models')
      .select(sql<number>`count(*)::int`.as('count'))
      .executeTakeFirstOrThrow();
    expect(count).toBe(20_000);
    const alias = await app.database.db
      .selectFrom('model_aliases')
      .select(['alias', 'model_id'])
      .limit(1)
      .executeTakeFirstOrThrow();
    const response = await app.request(`/api/laptops?q=${alias.alias.toLowerCase()}`);
    const { models } = (await response.json()) as LaptopList;
    expect(models[0]?.aliases).toEqual([alias.alias]);
  });

  it('reads the normalised indexes, a bounded range of each, never a whole table', async () => {
    const { db } = app.database;
    // "M" is the prefix of every name, "MT" of every alias; "DELLM" reads "M" among Dell's.
    for (const typed of ['M', 'MODELQ', 'MT1', 'MT', 'DELLM', 'LENOVOMODELB', 'DELL']) {
      const terms = await suggestionTerms(db, typed);
      const compiled = suggestionQuery(db, terms, {}, 20).compile();
      const { rows } = await db.executeQuery<{ 'QUERY PLAN': unknown }>({
        ...compiled,
        sql: `explain (analyze, format json) ${compiled.sql}`,
      });
      const raw = rows[0]!['QUERY PLAN'];
      const [explained] = (typeof raw === 'string' ? JSON.parse(raw) : raw) as [
        { Plan: Record<string, unknown> },
      ];
      const nodes = planNodes(explained.Plan);
      for (const table of ['laptop_models', 'model_aliases']) {
        const label = `${typed}: ${table}`;
        const reads = nodes.filter(
          (node) => node['Relation Name'] === table && node['Index Name'] !== `${table}_pkey`,
        );
        // A brand's name alone reads its models by series, and no alias.
        const ranged = terms.filter(({ term }) => term !== '').length;
        expect(reads.length, label).toBe(table === 'laptop_models' ? terms.length : ranged);
        for (const node of reads) {
          expect(['Index Scan', 'Bitmap Heap Scan'], label).toContain(node['Node Type']);
          // "M" names all 20,000 models and aliases, "MT" all the aliases: read in order and
          // stopped. "MT1" names a 16th of them: the planner may read such a range whole.
          const widest = typed === 'M' || typed === 'MT';
          expect(node['Actual Rows'], label).toBeLessThanOrEqual(
            widest ? SUGGESTION_CANDIDATES : 2000,
          );
        }
        const ranges = nodes.filter((node) => node['Index Name'] === `${table}_normalised_idx`);
        expect(ranges.length, label).toBe(ranged);
      }
    }
  });
});
