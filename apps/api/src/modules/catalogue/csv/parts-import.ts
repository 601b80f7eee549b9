import type { CatalogueImportReport } from '@shop/shared';
import { type Insertable, type Kysely, sql, type Transaction } from 'kysely';
import type { Database } from '../../../db/schema';
import { chunksOf, readCsv, RowErrors } from './catalogue-csv';
import {
  COLUMNS,
  type NumberRow,
  type PartColumns,
  type PlannedPart,
  partsNow,
  planPartRow,
} from './parts-plan';

/**
 * Rows per statement. Each statement must end within DATABASE_TIMEOUT_MS (1 s by default), the
 * triggers that rebuild the parts' search documents included: 250 parts take about a tenth of it.
 */
const TOOLS_BATCH = 250;
/** Part numbers and fitment rows per statement (4 and 2 values each). */
const LINKS_BATCH = 1000;

const sameList = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && a.every((item, index) => item === b[index]);

const numbersText = (numbers: readonly NumberRow[]) =>
  numbers.map((one) => `${one.kind}\u0000${one.maker}\u0000${one.number}`).sort();

const COLUMN_NAMES: (keyof PartColumns)[] = [
  'sku',
  'name',
  'title',
  'description',
  'img',
  'min_order_quantity',
  'available_quantity',
  'price_cents',
  'category_id',
  'brand',
  'condition',
  'weight_grams',
  'shipping_class',
];

/**
 * A parts file: every row checked as `POST /api/tools` checks a tool, then, unless a dry run,
 * written in one transaction, a batch of rows per statement. A row whose SKU the shop has
 * (whatever its case) updates that part; an empty category, brand, condition or weight keeps
 * the part's (a new part's: the shop's default), numbers and fits replace the part's.
 */
export async function importParts(
  db: Kysely<Database>,
  text: string,
  dryRun: boolean,
): Promise<CatalogueImportReport> {
  const errors = new RowErrors();
  const rows = readCsv(text, COLUMNS, errors);
  return db.transaction().execute(async (trx) => {
    const now = await partsNow(trx, rows);
    const planned: PlannedPart[] = [];
    const rowOfSku = new Map<string, number>();
    for (const line of rows) {
      const plan = planPartRow(line, now, rowOfSku, errors);
      if (plan) planned.push(plan);
    }
    errors.throwIfAny();

    const created = planned.filter((plan) => !plan.existing);
    const columnsChanged = planned.filter(
      (plan) =>
        plan.existing &&
        COLUMN_NAMES.some((column) => plan.existing![column] !== plan.columns[column]),
    );
    const numbersChanged = planned.filter(
      (plan) =>
        plan.existing && !sameList(numbersText(plan.existing.numbers), numbersText(plan.numbers)),
    );
    const fitsChanged = planned.filter(
      (plan) => plan.existing && !sameList([...plan.existing.fits].sort(), plan.fits),
    );
    const changed = new Set([...columnsChanged, ...numbersChanged, ...fitsChanged]);
    const updated = planned.filter((plan) => changed.has(plan));
    const unchanged = planned.filter((plan) => plan.existing && !changed.has(plan));
    const skuOf = (plan: PlannedPart) => plan.columns.sku;
    const report: CatalogueImportReport = {
      kind: 'parts',
      dryRun,
      rows: planned.length,
      created: created.length,
      updated: updated.length,
      unchanged: unchanged.length,
      keys: {
        created: created.map(skuOf),
        updated: updated.map(skuOf),
        unchanged: unchanged.map(skuOf),
      },
    };
    if (dryRun) return report;

    const idOf = new Map<PlannedPart, string>();
    for (const plan of planned) if (plan.existing) idOf.set(plan, plan.existing.id);
    for (const batch of chunksOf(created, TOOLS_BATCH)) {
      const inserted = await trx
        .insertInto('tools')
        .values(batch.map((plan) => plan.columns))
        .returning(['id', 'sku'])
        .execute();
      const idOfSku = new Map(inserted.map((tool) => [tool.sku, tool.id]));
      for (const plan of batch) idOf.set(plan, idOfSku.get(plan.columns.sku)!);
    }
    for (const batch of chunksOf(columnsChanged, TOOLS_BATCH)) {
      const values = batch.map(
        ({ existing, columns: c }) => sql`(${existing!.id}::uuid, ${c.sku}::text, ${c.name}::text,
          ${c.title}::text, ${c.description}::text, ${c.img}::text, ${c.min_order_quantity}::int,
          ${c.available_quantity}::int, ${c.price_cents}::int, ${c.category_id}::uuid,
          ${c.brand}::text, ${c.condition}::text, ${c.weight_grams}::int,
          ${c.shipping_class}::text)`,
      );
      await sql`update tools t set sku = v.sku, name = v.name, title = v.title,
          description = v.description,
          img = v.img, min_order_quantity = v.min_order_quantity,
          available_quantity = v.available_quantity, price_cents = v.price_cents,
          category_id = v.category_id, brand = v.brand, condition = v.condition,
          weight_grams = v.weight_grams, shipping_class = v.shipping_class
        from (values ${sql.join(values)}) as v (id, sku, name, title, description, img,
          min_order_quantity, available_quantity, price_cents, category_id, brand, condition,
          weight_grams, shipping_class)
        where t.id = v.id`.execute(trx);
    }
    await replaceLinks(
      trx,
      'part_numbers',
      numbersChanged.map((plan) => idOf.get(plan)!),
      [...created, ...numbersChanged].flatMap((plan) =>
        plan.numbers.map((number) => ({ tool_id: idOf.get(plan)!, ...number })),
      ),
    );
    await replaceLinks(
      trx,
      'fitment',
      fitsChanged.map((plan) => idOf.get(plan)!),
      [...created, ...fitsChanged].flatMap((plan) =>
        plan.fits.map((modelId) => ({ tool_id: idOf.get(plan)!, model_id: modelId })),
      ),
    );
    return report;
  });
}

/** The numbers or fitment of these parts, replaced by those rows: a batch per statement. */
async function replaceLinks<Table extends 'part_numbers' | 'fitment'>(
  trx: Transaction<Database>,
  table: Table,
  replacedToolIds: string[],
  rows: Insertable<Database[Table]>[],
) {
  // Both tables are a part's rows by `tool_id`: Kysely cannot type a union of two tables.
  const links = table as 'fitment';
  for (const batch of chunksOf(replacedToolIds, LINKS_BATCH)) {
    await trx.deleteFrom(links).where('tool_id', 'in', batch).execute();
  }
  for (const batch of chunksOf(rows, LINKS_BATCH)) {
    await trx
      .insertInto(links)
      .values(batch as Insertable<Database['fitment']>[])
      .execute();
  }
}
