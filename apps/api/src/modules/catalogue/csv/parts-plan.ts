import {
  CATALOGUE_COLUMNS,
  catalogueErrorKey,
  CSV_PART_NUMBER_SEPARATOR,
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
import { sql, type Transaction } from 'kysely';
import type { Database } from '../../../db/schema';
import { chunksOf, type CsvRow, listItems, numberCell, type RowErrors } from './catalogue-csv';

export const COLUMNS = CATALOGUE_COLUMNS.parts;
type Column = (typeof COLUMNS)[number];

/** SKUs looked up per statement. */
const LOOKUP_BATCH = 1000;

/** The part's columns the file sets, as stored. */
export interface PartColumns {
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

export interface NumberRow {
  kind: PartNumberKind;
  maker: string;
  number: string;
}

export interface ExistingPart extends PartColumns {
  id: string;
  retired: boolean;
  numbers: NumberRow[];
  fits: string[];
}

export interface PlannedPart {
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
export async function partsNamed(trx: Transaction<Database>, skus: string[]) {
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

export const numberKey = (number: Pick<NumberRow, 'kind' | 'number'>) =>
  `${number.kind} ${normalisePartNumber(number.number)}`;

const NUMBER_COLUMNS: Column[] = ['price', 'minOrderQuantity', 'availableQuantity', 'weightGrams'];

const isShippingClass = (text: string): text is ShippingClass =>
  (SHIPPING_CLASSES as readonly string[]).includes(text);

/** What a row is checked against: the shop's part types, models and the parts the file names. */
export interface PartsNow {
  categories: Map<string, string>;
  modelOf: Map<string, string>;
  existing: Map<string, ExistingPart>;
}

/**
 * The shop's part types by slug, its models by `Brand Model` (`fitKey`), and its parts whose
 * SKUs the file names.
 */
export async function partsNow(
  trx: Transaction<Database>,
  rows: readonly CsvRow<Column>[],
): Promise<PartsNow> {
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
  return { categories, modelOf, existing: await partsNamed(trx, skus) };
}

/**
 * One row of a parts file checked as `POST /api/tools` checks a tool, against the shop
 * (`now`) and the rows before it (`rowOfSku`, SKUs by row): the part it plans, or undefined
 * with its errors in `errors`. An empty category, brand, condition or weight keeps the part's
 * (a new part's: the shop's default).
 */
export function planPartRow(
  { row, cells }: CsvRow<Column>,
  { categories, modelOf, existing }: PartsNow,
  rowOfSku: Map<string, number>,
  errors: RowErrors,
): PlannedPart | undefined {
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
      const notANumber = NUMBER_COLUMNS.includes(column) && input[column as 'price'] === undefined;
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
  if (errors.count > before || !parsed.success) return undefined;

  const data = parsed.data;
  const brand = data.brand ?? part?.brand ?? 'Generic';
  const categoryId = category ?? part?.category_id ?? categories.get('other')!;
  let shipping = data.shippingClass ?? part?.shipping_class ?? 'standard';
  // As the database's trigger will make it (migration 0027), so that the row compares equal.
  if (shipping === 'standard' && categoryId === categories.get('battery')) {
    shipping = 'lithium_battery';
  }
  const makerOf = new Map(part?.numbers.map((number) => [numberKey(number), number.maker]));
  return {
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
  };
}
