import {
  CATALOGUE_COLUMNS,
  type CatalogueImportReport,
  type LaptopModel,
  type ModelRow,
  ModelRowSchema,
} from '@shop/shared';
import { type Kysely, sql, type Transaction } from 'kysely';
import { modelSlug } from '../../db/demo-catalogue';
import type { Database } from '../../db/schema';
import { AppError } from '../../lib/errors';
import {
  chunksOf,
  csvLines,
  headerLine,
  listCell,
  listItems,
  type ModelsCsv,
  readCsv,
  RowErrors,
  slugOf,
} from '../catalogue';
import { modelsOf, toModel } from './laptop-model';

const COLUMNS = CATALOGUE_COLUMNS.models;

/** Rows per statement: each model row binds at most 3 values, each alias 2. */
const BATCH = 5000;

interface ExistingModel {
  id: string;
  name: string;
  slug: string;
  seriesId: string;
  aliases: string[];
}

/** A row the file asks for, checked, with where it goes. */
interface PlannedModel {
  row: number;
  key: string;
  brandSlug: string;
  seriesSlug: string;
  name: string;
  aliases: string[];
  existing?: ExistingModel;
}

/** A model's key in the report and in errors: its brand and name, as a fits cell names it. */
const modelLabel = (brand: string, model: string) => `${brand} ${model}`;

const sameSet = (a: readonly string[], b: readonly string[]) => {
  if (a.length !== b.length) return false;
  const sorted = [...b].sort();
  return [...a].sort().every((item, index) => item === sorted[index]);
};

/** What the shop has of the laptops: brands and series by slug, models by brand and name. */
async function laptopsNow(db: Kysely<Database> | Transaction<Database>) {
  const brands = await db.selectFrom('laptop_brands').select(['id', 'name', 'slug']).execute();
  const series = await db
    .selectFrom('laptop_series')
    .select(['id', 'brand_id', 'name', 'slug'])
    .execute();
  const models = await db
    .selectFrom('laptop_models as m')
    .innerJoin('laptop_series as s', 's.id', 'm.series_id')
    .select([
      'm.id',
      'm.name',
      'm.slug',
      'm.series_id',
      's.brand_id',
      sql<string[]>`coalesce((select json_agg(a.alias order by a.normalised)
        from model_aliases a where a.model_id = m.id), '[]'::json)`.as('aliases'),
    ])
    .execute();
  const brandSlugOf = new Map(brands.map((brand) => [brand.id, brand.slug]));
  return {
    brandsBySlug: new Map(brands.map((brand) => [brand.slug, brand])),
    seriesByKey: new Map<string, (typeof series)[number]>(
      series.map((one) => [`${brandSlugOf.get(one.brand_id)}/${one.slug}`, one] as const),
    ),
    modelsByKey: new Map<string, ExistingModel>(
      models.map(
        (model) =>
          [
            `${brandSlugOf.get(model.brand_id)}/${slugOf(model.name)}`,
            {
              id: model.id,
              name: model.name,
              slug: model.slug,
              seriesId: model.series_id,
              aliases: model.aliases,
            },
          ] as const,
      ),
    ),
    slugs: new Set(models.map((model) => model.slug)),
  };
}

/** A model's row, checked by `ModelRowSchema`, with its number in the file. */
export interface ModelRowAt {
  row: number;
  model: ModelRow;
}

/**
 * Plans checked rows against the shop's laptops and, unless a dry run, writes them (in the
 * caller's transaction). A brand or series is the same as the shop's when its slug is ("Lenovo"
 * and "lenovo" are one brand); a model, when its brand is and its name makes the same slug. A new
 * brand, series or model is created, an existing model moves to the row's series and takes the
 * row's name and aliases; with `onlyNew`, an existing model is an error instead. Errors go to
 * `errors` under the row's number; any refuses every row.
 */
export async function writeModels(
  trx: Transaction<Database>,
  rows: readonly ModelRowAt[],
  errors: RowErrors,
  { dryRun, onlyNew = false }: { dryRun: boolean; onlyNew?: boolean },
): Promise<CatalogueImportReport> {
  const now = await laptopsNow(trx);
  const planned: PlannedModel[] = [];
  const rowOfKey = new Map<string, number>();
  const newBrands = new Map<string, string>();
  const newSeries = new Map<string, { brandSlug: string; name: string; slug: string }>();
  for (const { row, model: parsed } of rows) {
    const { brand, series, model, aliases } = parsed;
    const brandSlug = slugOf(brand);
    const seriesSlug = slugOf(series);
    const key = `${brandSlug}/${slugOf(model)}`;
    const label = modelLabel(now.brandsBySlug.get(brandSlug)?.name ?? brand, model);
    const earlier = rowOfKey.get(key);
    if (earlier !== undefined) {
      errors.add(row, 'model', `${label} is also on row ${earlier}`);
      continue;
    }
    rowOfKey.set(key, row);
    const existing = now.modelsByKey.get(key);
    if (existing && onlyNew) {
      errors.add(row, 'model', `${label} is already in the catalogue`);
      continue;
    }
    if (!existing && now.slugs.has(modelSlug({ slug: brandSlug }, { name: model }))) {
      errors.add(row, 'model', `${label} would have the link of another model`);
      continue;
    }
    if (!now.brandsBySlug.has(brandSlug) && !newBrands.has(brandSlug)) {
      newBrands.set(brandSlug, brand);
    }
    const seriesKey = `${brandSlug}/${seriesSlug}`;
    if (!now.seriesByKey.has(seriesKey) && !newSeries.has(seriesKey)) {
      newSeries.set(seriesKey, { brandSlug, name: series, slug: seriesSlug });
    }
    planned.push({ row, key, brandSlug, seriesSlug, name: model, aliases, existing });
  }
  errors.throwIfAny();
  const seriesIdOf = (plan: PlannedModel) =>
    now.seriesByKey.get(`${plan.brandSlug}/${plan.seriesSlug}`)?.id;
  const created = planned.filter((plan) => !plan.existing);
  const updated = planned.filter(
    (plan) =>
      plan.existing &&
      (plan.existing.name !== plan.name ||
        plan.existing.seriesId !== seriesIdOf(plan) ||
        !sameSet(plan.existing.aliases, plan.aliases)),
  );
  const unchanged = planned.filter((plan) => plan.existing && !updated.includes(plan));
  const labelOf = (plan: PlannedModel) =>
    modelLabel(
      now.brandsBySlug.get(plan.brandSlug)?.name ?? newBrands.get(plan.brandSlug)!,
      plan.name,
    );
  const report: CatalogueImportReport = {
    kind: 'models',
    dryRun,
    rows: planned.length,
    created: created.length,
    updated: updated.length,
    unchanged: unchanged.length,
    keys: {
      created: created.map(labelOf),
      updated: updated.map(labelOf),
      unchanged: unchanged.map(labelOf),
    },
  };
  if (dryRun) return report;

  if (newBrands.size > 0) {
    const inserted = await trx
      .insertInto('laptop_brands')
      .values([...newBrands].map(([slug, name]) => ({ slug, name })))
      .returning(['id', 'name', 'slug'])
      .execute();
    for (const brand of inserted) now.brandsBySlug.set(brand.slug, brand);
  }
  for (const batch of chunksOf([...newSeries.values()], BATCH)) {
    const inserted = await trx
      .insertInto('laptop_series')
      .values(
        batch.map((one) => ({
          brand_id: now.brandsBySlug.get(one.brandSlug)!.id,
          name: one.name,
          slug: one.slug,
        })),
      )
      .returning(['id', 'brand_id', 'name', 'slug'])
      .execute();
    const brandSlugOf = new Map([...now.brandsBySlug.values()].map((b) => [b.id, b.slug]));
    for (const one of inserted) {
      now.seriesByKey.set(`${brandSlugOf.get(one.brand_id)}/${one.slug}`, one);
    }
  }
  const modelIds = new Map<PlannedModel, string>();
  for (const batch of chunksOf(created, BATCH)) {
    const inserted = await trx
      .insertInto('laptop_models')
      .values(
        batch.map((plan) => ({
          series_id: seriesIdOf(plan)!,
          name: plan.name,
          slug: modelSlug({ slug: plan.brandSlug }, { name: plan.name }),
        })),
      )
      .returning(['id', 'slug'])
      .execute();
    const idOfSlug = new Map(inserted.map((model) => [model.slug, model.id]));
    for (const plan of batch) {
      modelIds.set(plan, idOfSlug.get(modelSlug({ slug: plan.brandSlug }, { name: plan.name }))!);
    }
  }
  for (const batch of chunksOf(updated, BATCH)) {
    const values = batch.map(
      (plan) => sql`(${plan.existing!.id}::uuid, ${seriesIdOf(plan)!}::uuid, ${plan.name}::text)`,
    );
    await sql`update laptop_models m set series_id = v.series_id, name = v.name
      from (values ${sql.join(values)}) as v (id, series_id, name)
      where m.id = v.id
        and (m.series_id, m.name) is distinct from (v.series_id, v.name)`.execute(trx);
    await trx
      .deleteFrom('model_aliases')
      .where(
        'model_id',
        'in',
        batch.map((plan) => plan.existing!.id),
      )
      .execute();
    for (const plan of batch) modelIds.set(plan, plan.existing!.id);
  }
  const aliases = [...created, ...updated].flatMap((plan) =>
    plan.aliases.map((alias) => ({ model_id: modelIds.get(plan)!, alias })),
  );
  for (const batch of chunksOf(aliases, BATCH)) {
    await trx.insertInto('model_aliases').values(batch).execute();
  }
  return report;
}

/**
 * A models file (`brand,series,model,aliases`): every row checked, then, unless a dry run,
 * written in one transaction (`writeModels`).
 */
async function importModels(
  db: Kysely<Database>,
  text: string,
  dryRun: boolean,
): Promise<CatalogueImportReport> {
  const errors = new RowErrors();
  const rows = readCsv(text, COLUMNS, errors);
  const checked: ModelRowAt[] = [];
  for (const { row, cells } of rows) {
    const parsed = ModelRowSchema.safeParse({
      brand: cells.brand,
      series: cells.series,
      model: cells.model,
      aliases: listItems(cells.aliases),
    });
    if (parsed.success) checked.push({ row, model: parsed.data });
    else {
      for (const issue of parsed.error.issues) {
        errors.add(row, String(issue.path[0] ?? '*'), issue.message);
      }
    }
  }
  // A dry run reads in a transaction too: one view of the catalogue, and nothing can be written.
  return db.transaction().execute((trx) => writeModels(trx, checked, errors, { dryRun }));
}

/** A refusal of one model (`createModel`): 409, the messages under `model`. */
class ModelConflicts extends RowErrors {
  override throwIfAny() {
    if (this.count === 0) return;
    const messages = Object.values(this.fields).flat();
    throw new AppError('CONFLICT', messages[0]!, { model: messages });
  }
}

/**
 * One new model, and its brand and series when they are new, by the rules of the models file
 * (`writeModels`); a model the shop has already, or one whose link would be another's, is
 * refused (409). Answers the model as the suggestions show it.
 */
async function createModel(db: Kysely<Database>, model: ModelRow): Promise<LaptopModel> {
  return db.transaction().execute(async (trx) => {
    await writeModels(trx, [{ row: 1, model }], new ModelConflicts(), {
      dryRun: false,
      onlyNew: true,
    });
    const created = await modelsOf(trx)
      .where('m.slug', '=', modelSlug({ slug: slugOf(model.brand) }, { name: model.model }))
      .executeTakeFirstOrThrow();
    return toModel(created);
  });
}

/** The models as a models file: by brand, series and name; aliases in the catalogue's order. */
async function* exportModels(db: Kysely<Database>): AsyncGenerator<string> {
  yield headerLine(COLUMNS);
  const rows = await db
    .selectFrom('laptop_models as m')
    .innerJoin('laptop_series as s', 's.id', 'm.series_id')
    .innerJoin('laptop_brands as b', 'b.id', 's.brand_id')
    .select([
      'b.name as brand',
      's.name as series',
      'm.name as model',
      sql<string[]>`coalesce((select json_agg(a.alias order by a.normalised)
        from model_aliases a where a.model_id = m.id), '[]'::json)`.as('aliases'),
    ])
    .orderBy('b.name')
    .orderBy('s.name')
    .orderBy('m.name')
    .orderBy('m.slug')
    .execute();
  for (const batch of chunksOf(rows, BATCH)) {
    yield csvLines(
      batch.map((row) => [
        { text: row.brand },
        { text: row.series },
        { text: row.model },
        { text: listCell(row.aliases) },
      ]),
    );
  }
}

/**
 * The laptop models as a catalogue file (`brand,series,model,aliases`), for the catalogue's
 * import and export (decision 033), and the one-model add by the same rules.
 */
export const createModelsCsv = (db: Kysely<Database>): ModelsCsv => ({
  importCsv: (text, dryRun) => importModels(db, text, dryRun),
  create: (row) => createModel(db, row),
  exportCsv: () => exportModels(db),
});
