import { randomUUID } from 'node:crypto';
import { type InsertObject, type Insertable, type Kysely, sql } from 'kysely';
import { ADVISORY_LOCKS } from './advisory-locks';
import { demoLaptops, demoTools, modelSlug } from './demo-catalogue';
import type {
  Database,
  FitmentTable,
  LaptopBrandsTable,
  LaptopModelsTable,
  LaptopSeriesTable,
  ModelAliasesTable,
  PartNumbersTable,
  ReviewsTable,
  SummaryItemsTable,
} from './schema';

/** The demo parts, kept importable from here where the tests have always found them. */
export { demoTools } from './demo-catalogue';

export const demoSummaryItems: Insertable<SummaryItemsTable>[] = [
  {
    number: 12_500,
    img: '/images/summary/customers.svg',
    description: 'Happy customers',
    position: 1,
  },
  {
    number: 48,
    img: '/images/summary/countries.svg',
    description: 'Countries we ship to',
    position: 2,
  },
  {
    number: 96_000,
    img: '/images/summary/parts-sold.svg',
    description: 'Parts delivered',
    position: 3,
  },
  {
    number: 3_400,
    img: '/images/summary/reviews.svg',
    description: 'Customer reviews',
    position: 4,
  },
];

export const demoReviews: Insertable<ReviewsTable>[] = [
  {
    name: 'Amelia Hart',
    location: 'Austin, USA',
    img: '/images/avatars/avatar-1.svg',
    review: 'NVMe SSD 1TB M.2',
    description:
      'My five-year-old laptop boots in seconds now. The drive came well packed and the install took ten minutes.',
  },
  {
    name: 'Rafiq Hasan',
    location: 'Dhaka, Bangladesh',
    img: '/images/avatars/avatar-2.svg',
    review: '6-Cell Battery 56Wh',
    description:
      'Exact match for my old pack and it holds a full working day again. Delivered within the week as promised.',
  },
  {
    name: 'Chloé Martin',
    location: 'Montréal, Canada',
    img: '/images/avatars/avatar-3.svg',
    review: 'Precision Driver Kit',
    description:
      'Every bit I needed to open an ultrabook, and the magnetic tips keep the tiny screws from disappearing.',
  },
  {
    name: 'Kenji Watanabe',
    location: 'Osaka, Japan',
    img: '/images/avatars/avatar-4.svg',
    review: 'CPU Cooling Fan',
    description:
      'The grinding noise is gone and temperatures dropped by fifteen degrees under load. Good value.',
  },
];

/**
 * Seeds the demo data once, on an empty database. Summary items exist only through the seed,
 * so their presence means "seeded before" even after an admin has removed every tool.
 */
export async function seedDemoData(db: Kysely<Database>): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    // Several servers may start together on one PostgreSQL: only one seeds.
    await sql`select pg_advisory_xact_lock(${ADVISORY_LOCKS.seed})`.execute(trx);
    const existing = await trx.selectFrom('summary_items').select('id').limit(1).executeTakeFirst();
    if (existing) return false;
    // `npm run seed:scale` on an empty database may have made some of the brands already (by
    // link name: its "Asus" is the demo's "ASUS").
    const made = await trx
      .selectFrom('laptop_brands')
      .select(['id', 'slug'])
      .where(
        'slug',
        'in',
        demoLaptops.map((brand) => brand.slug),
      )
      .execute();
    const rows = demoCatalogueRows(new Map(made.map((brand) => [brand.slug, brand.id])));
    if (rows.brands.length > 0) await trx.insertInto('laptop_brands').values(rows.brands).execute();
    await trx.insertInto('laptop_series').values(rows.series).execute();
    await trx.insertInto('laptop_models').values(rows.models).execute();
    await trx.insertInto('model_aliases').values(rows.aliases).execute();
    await trx.insertInto('tools').values(rows.tools).execute();
    await trx.insertInto('part_numbers').values(rows.partNumbers).execute();
    await trx.insertInto('fitment').values(rows.fitment).execute();
    await trx.insertInto('summary_items').values(demoSummaryItems).execute();
    await trx.insertInto('reviews').values(demoReviews).execute();
    return true;
  });
}

/**
 * The demo catalogue's rows, their ids made here: rows that point at each other then go in one
 * multi-row insert per table, with no ids to read back.
 */
function demoCatalogueRows(madeBrands: ReadonlyMap<string, string>) {
  const brands: Insertable<LaptopBrandsTable>[] = [];
  const series: Insertable<LaptopSeriesTable>[] = [];
  const models: Insertable<LaptopModelsTable>[] = [];
  const aliases: Insertable<ModelAliasesTable>[] = [];
  const modelIds = new Map<string, string>();
  for (const brand of demoLaptops) {
    const made = madeBrands.get(brand.slug);
    const brandId = made ?? randomUUID();
    if (!made) brands.push({ id: brandId, name: brand.name, slug: brand.slug });
    for (const line of brand.series) {
      const seriesId = randomUUID();
      series.push({ id: seriesId, brand_id: brandId, name: line.name, slug: line.slug });
      for (const model of line.models) {
        const modelId = randomUUID();
        const slug = modelSlug(brand, model);
        models.push({ id: modelId, series_id: seriesId, name: model.name, slug });
        modelIds.set(slug, modelId);
        aliases.push(...model.aliases.map((alias) => ({ model_id: modelId, alias })));
      }
    }
  }

  const tools: InsertObject<Database, 'tools'>[] = [];
  const partNumbers: Insertable<PartNumbersTable>[] = [];
  const fitment: Insertable<FitmentTable>[] = [];
  for (const [index, { category, partNumbers: numbers, fits, ...tool }] of demoTools.entries()) {
    const toolId = randomUUID();
    tools.push({
      ...tool,
      id: toolId,
      category_id: sql<string>`(select id from categories where slug = ${category})`,
      // Distinct creation times keep the catalogue in the order the demo lists it.
      created_at: sql<Date>`now() - make_interval(secs => ${demoTools.length - index})`,
    });
    partNumbers.push(...numbers.map((number) => ({ tool_id: toolId, ...number })));
    for (const slug of fits) {
      const modelId = modelIds.get(slug);
      if (!modelId) throw new Error(`Demo part ${tool.name} fits an unknown model: ${slug}`);
      fitment.push({ tool_id: toolId, model_id: modelId });
    }
  }
  return { brands, series, models, aliases, tools, partNumbers, fitment };
}
