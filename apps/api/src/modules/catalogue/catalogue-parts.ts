import {
  CATALOGUE_COLUMNS,
  catalogueErrorKey,
  type CatalogueImportReport,
  CSV_PART_NUMBER_SEPARATOR,
  centsToDollars,
  dollarsToCents,
  FITS_MAX,
  messages,
  normalisePartNumber,
  type PartCondition,
  type PartNumberKind,
  SHIPPING_CLASSES,
  type ShippingClass,
  ToolInputSchema,
} from '@shop/shared';
import { type Insertable, type Kysely, sql, type Transaction } from 'kysely';
import type { Database } from '../../db/schema';
import {
  chunksOf,
  csvLines,
  headerLine,
  listCell,
  listItems,
  numberCell,
  readCsv,
  RowErrors,
} from './catalogue-csv';

const COLUMNS = CATALOGUE_COLUMNS.parts;
type Column = (typeof COLUMNS)[number];

/**
 * Rows per statement. Each statement must end within DATABASE_TIMEOUT_MS (1 s by default), the
 * triggers that rebuild the parts' search documents included: 250 parts take about a tenth of it.
 */
const TOOLS_BATCH = 250;
/** Part numbers and fitment rows per statement (4 and 2 values each). */
const LINKS_BATCH = 1000;
/** SKUs looked up per statement. */
const LOOKUP_BATCH = 1000;
/** Parts read per statement of an export. */
const EXPORT_BATCH = 1000;

/** The part's columns the file sets, as stored. */
interface PartColumns {
  sku: string;
  name: string;
  title: string;
  description: string;
  img: string;
  min_order_quantity: number;
  available_quantity: number;
  price_cents: number;
  category_id: string;
  brand: string;
  condition: PartCondition;
  weight_grams: number;
  shipping_class: ShippingClass;
}

interface NumberRow {
  kind: PartNumberKind;
  maker: string;
  number: string;
}

interface ExistingPart extends PartColumns {
  id: string;
  retired: boolean;
  numbers: NumberRow[];
  fits: string[];
}

interface PlannedPart {
  row: number;
  columns: PartColumns;
  numbers: NumberRow[];
  fits: string[];
  existing?: ExistingPart;
}

/** How a fits cell's item is compared with `Brand Model`: any case, any run of spaces. */
const fitKey = (text: string) => text.trim().replace(/\s+/g, ' ').toLowerCase();

/**
 * The shop's parts whose SKUs the file names (any case), retired ones too. Each SKU is looked up
 * on its own through the unique index on `upper(sku)` (a lateral join): a list of a thousand in
 * one `in` looks to the planner, before the table's statistics catch up with a large import,
 * like most of the table, and it would read it whole for every batch.
 */
async function partsNamed(trx: Transaction<Database>, skus: string[]) {
  const found = new Map<string, ExistingPart>();
  for (const batch of chunksOf(skus, LOOKUP_BATCH)) {
    const { rows } = await sql<ExistingPart & { sku_key: string }>`
      select t.id, t.sku, t.name, t.title, t.description, t.img, t.min_order_quantity,
        t.available_quantity, t.price_cents, t.category_id, t.brand, t.condition,
        t.weight_grams, t.shipping_class, t.retired_at is not null as retired, wanted.key as sku_key,
        coalesce((select json_agg(json_build_object('kind', p.kind, 'maker', p.maker,
            'number', p.number) order by p.kind, p.normalised)
          from part_numbers p where p.tool_id = t.id), '[]'::json) as numbers,
        coalesce((select json_agg(f.model_id order by f.model_id)
          from fitment f where f.tool_id = t.id), '[]'::json) as fits
      from json_array_elements_text(${JSON.stringify(batch)}::json) as wanted (key)
      cross join lateral (select * from tools where upper(tools.sku) = wanted.key) as t`.execute(
      trx,
    );
    for (const row of rows) found.set(row.sku_key, row);
  }
  return found;
}

const numberKey = (number: Pick<NumberRow, 'kind' | 'number'>) =>
  `${number.kind} ${normalisePartNumber(number.number)}`;

const sameList = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && a.every((item, index) => item === b[index]);

const numbersText = (numbers: readonly NumberRow[]) =>
  numbers.map((one) => `${one.kind}\u0000${one.maker}\u0000${one.number}`).sort();

const NUMBER_COLUMNS: Column[] = ['price', 'minOrderQuantity', 'availableQuantity', 'weightGrams'];

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

const isShippingClass = (text: string): text is ShippingClass =>
  (SHIPPING_CLASSES as readonly string[]).includes(text);

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
    const categories = new Map(
      (await trx.selectFrom('categories').select(['id', 'slug']).execute()).map((category) => [
        category.slug,
        category.id,
      ]),
    );
    const models = await trx
      .selectFrom('laptop_models as m')
      .innerJoin('laptop_series as s', 's.id', 'm.series_id')
      .innerJoin('laptop_brands as b', 'b.id', 's.brand_id')
      .select(['m.id', 'm.name', 'b.name as brand'])
      .execute();
    const modelOf = new Map(
      models.map((model) => [fitKey(`${model.brand} ${model.name}`), model.id]),
    );
    const skus = [...new Set(rows.map(({ cells }) => cells.sku.trim().toUpperCase()))].filter(
      (sku) => sku !== '',
    );
    const existing = await partsNamed(trx, skus);

    const planned: PlannedPart[] = [];
    const rowOfSku = new Map<string, number>();
    for (const { row, cells } of rows) {
      const add = (column: Column, message: string) => errors.add(row, column, message);
      const before = errors.count;
      const numbers: { kind: string; maker: string; number: string }[] = [];
      const shippingClass = cells.shippingClass.trim();
      if (shippingClass !== '' && !isShippingClass(shippingClass)) {
        add('shippingClass', 'Shipping class must be standard, lithium_battery or oversized');
      }
      for (const item of listItems(cells.partNumbers)) {
        const at = item.indexOf(CSV_PART_NUMBER_SEPARATOR);
        if (at <= 0) {
          add('partNumbers', `Part number ${item} must be written kind:number, as fru:01AV431`);
          continue;
        }
        // The maker is not in the file: stood in for here, chosen below.
        const kind = item.slice(0, at).trim();
        numbers.push({ kind, maker: 'file', number: item.slice(at + 1).trim() });
      }
      const input = {
        // Empty: refused below as the row's key, not as an empty SKU.
        sku: cells.sku.trim() === '' ? undefined : cells.sku,
        name: cells.name,
        title: cells.title,
        description: cells.description,
        img: cells.img,
        price: numberCell(errors, row, 'price', 'Price', cells.price),
        minOrderQuantity: numberCell(
          errors,
          row,
          'minOrderQuantity',
          'Minimum order quantity',
          cells.minOrderQuantity,
        ),
        availableQuantity: numberCell(
          errors,
          row,
          'availableQuantity',
          'Available quantity',
          cells.availableQuantity,
        ),
        category: cells.category.trim() || undefined,
        brand: cells.brand.trim() || undefined,
        condition: cells.condition.trim() || undefined,
        weightGrams: numberCell(errors, row, 'weightGrams', 'Weight', cells.weightGrams),
        // Refused here in the file's words (lithium_battery), not in the form's.
        shippingClass: isShippingClass(shippingClass) ? shippingClass : undefined,
        partNumbers: numbers,
      };
      const parsed = ToolInputSchema.safeParse(input);
      if (!parsed.success) {
        for (const issue of parsed.error.issues) {
          const column = String(issue.path[0] ?? '*') as Column;
          // A number cell already refused as not a number is not also "required".
          const notANumber =
            NUMBER_COLUMNS.includes(column) && input[column as 'price'] === undefined;
          if (!(notANumber && errors.fields[catalogueErrorKey(row, column)])) {
            add(column, issue.message);
          }
        }
      }
      if (cells.sku.trim() === '') add('sku', 'SKU is required: it is the part in the file');

      const fits: string[] = [];
      const unknown: string[] = [];
      for (const item of listItems(cells.fits)) {
        const id = modelOf.get(fitKey(item));
        if (id === undefined) unknown.push(item);
        else if (fits.includes(id)) add('fits', `Laptop model ${item} is listed twice`);
        else fits.push(id);
      }
      if (unknown.length > 0) add('fits', messages.catalogue.unknownModels(unknown));
      if (fits.length > FITS_MAX) add('fits', `A part can fit at most ${FITS_MAX} laptop models`);

      const category = input.category === undefined ? undefined : categories.get(input.category);
      const categoryRefused = errors.fields[catalogueErrorKey(row, 'category')] !== undefined;
      if (input.category !== undefined && category === undefined && !categoryRefused) {
        add('category', messages.catalogue.unknownCategory(input.category));
      }
      const skuKey = cells.sku.trim().toUpperCase();
      const earlier = rowOfSku.get(skuKey);
      if (skuKey !== '' && earlier !== undefined) {
        add('sku', `SKU ${cells.sku.trim()} is also on row ${earlier}`);
      } else if (skuKey !== '') rowOfSku.set(skuKey, row);
      const part = existing.get(skuKey);
      if (part?.retired) add('sku', `SKU ${cells.sku.trim()} belongs to a retired part`);
      if (errors.count > before || !parsed.success) continue;

      const data = parsed.data;
      const brand = data.brand ?? part?.brand ?? 'Generic';
      const categoryId = category ?? part?.category_id ?? categories.get('other')!;
      let shipping = data.shippingClass ?? part?.shipping_class ?? 'standard';
      // As the database's trigger will make it (migration 0027), so that the row compares equal.
      if (shipping === 'standard' && categoryId === categories.get('battery')) {
        shipping = 'lithium_battery';
      }
      const makerOf = new Map(part?.numbers.map((number) => [numberKey(number), number.maker]));
      planned.push({
        row,
        columns: {
          sku: data.sku!,
          name: data.name,
          // Empty: no title, the name stands in (an export writes it so).
          title: data.title ?? '',
          description: data.description,
          img: data.img,
          min_order_quantity: data.minOrderQuantity,
          available_quantity: data.availableQuantity,
          price_cents: dollarsToCents(data.price),
          category_id: categoryId,
          brand,
          condition: data.condition ?? part?.condition ?? 'new',
          weight_grams: data.weightGrams ?? part?.weight_grams ?? 0,
          shipping_class: shipping,
        },
        numbers: (data.partNumbers ?? []).map(({ kind, number }) => ({
          kind,
          number,
          maker: makerOf.get(numberKey({ kind, number })) ?? brand,
        })),
        fits: [...fits].sort(),
        existing: part,
      });
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

/**
 * The parts on sale as a parts file, by SKU, a batch of parts per statement (keyset on the
 * SKU's unique index): numbers by kind, then number; fits by brand, then model.
 */
export async function* exportParts(db: Kysely<Database>): AsyncGenerator<string> {
  yield headerLine(COLUMNS);
  let after: string | undefined;
  for (;;) {
    const rows = await db
      .selectFrom('tools')
      .innerJoin('categories', 'categories.id', 'tools.category_id')
      .select([
        'tools.sku',
        'tools.name',
        'tools.title',
        'categories.slug as category',
        'tools.brand',
        'tools.condition',
        'tools.price_cents',
        'tools.min_order_quantity',
        'tools.available_quantity',
        'tools.weight_grams',
        'tools.shipping_class',
        'tools.description',
        'tools.img',
        sql<string[]>`coalesce((select json_agg(p.kind || ':' || p.number
            order by p.kind, p.normalised)
          from part_numbers p where p.tool_id = tools.id), '[]'::json)`.as('numbers'),
        sql<string[]>`coalesce((select json_agg(b.name || ' ' || m.name order by b.name, m.name)
          from fitment f
          join laptop_models m on m.id = f.model_id
          join laptop_series s on s.id = m.series_id
          join laptop_brands b on b.id = s.brand_id
          where f.tool_id = tools.id), '[]'::json)`.as('fits'),
        sql<string>`upper(tools.sku)`.as('sku_key'),
      ])
      .where('tools.retired_at', 'is', null)
      .$if(after !== undefined, (query) => query.where(sql<string>`upper(tools.sku)`, '>', after!))
      .orderBy(sql`upper(tools.sku)`)
      .limit(EXPORT_BATCH)
      .execute();
    if (rows.length === 0) return;
    yield csvLines(
      rows.map((row) => [
        { text: row.sku },
        { text: row.name },
        { text: row.title },
        { text: row.category },
        { text: row.brand },
        { text: row.condition },
        { number: centsToDollars(row.price_cents) },
        { number: row.min_order_quantity },
        { number: row.available_quantity },
        { number: row.weight_grams },
        { text: row.shipping_class },
        { text: row.description },
        { text: row.img },
        { text: listCell(row.numbers) },
        { text: listCell(row.fits) },
      ]),
    );
    if (rows.length < EXPORT_BATCH) return;
    after = rows.at(-1)!.sku_key;
  }
}
