import { z } from 'zod';
import { normalisePartNumber } from './part';
import { noControlCharacters } from './text';

/**
 * The catalogue in bulk (issue 33): laptop models, or parts, as CSV files an admin imports and
 * exports (docs/product.md, Rules, "The catalogue as CSV").
 */
export const CATALOGUE_KINDS = ['models', 'parts'] as const;
export type CatalogueKind = (typeof CATALOGUE_KINDS)[number];

/** Each kind's header row: exactly these columns, in this order. */
export const CATALOGUE_COLUMNS = {
  models: ['brand', 'series', 'model', 'aliases'],
  parts: [
    'sku',
    'name',
    'category',
    'brand',
    'condition',
    'price',
    'minOrderQuantity',
    'availableQuantity',
    'weightGrams',
    'description',
    'img',
    'partNumbers',
    'fits',
  ],
} as const satisfies Record<CatalogueKind, readonly string[]>;

/** What separates the items of a list cell (aliases, part numbers, fits). */
export const CSV_LIST_SEPARATOR = ';';
/** What separates a part number's kind from the number in its cell (`fru:01AV431`). */
export const CSV_PART_NUMBER_SEPARATOR = ':';

const kind = z.enum(CATALOGUE_KINDS, { error: 'Kind must be models or parts' });

/** `GET /api/catalogue/export`. */
export const CatalogueExportQuerySchema = z.object({ kind }).strict();
export type CatalogueExportQuery = z.infer<typeof CatalogueExportQuerySchema>;

/** `POST /api/catalogue/import`: which kind the file holds, and whether to write it. */
export const CatalogueImportQuerySchema = z
  .object({
    kind,
    dryRun: z
      .enum(['true', 'false'], { error: 'dryRun must be true or false' })
      .transform((value) => value === 'true'),
  })
  .strict();
export type CatalogueImportQuery = z.infer<typeof CatalogueImportQuerySchema>;

/**
 * What an import did, or would do on a dry run: the rows' keys (models: `Brand Model`; parts:
 * the SKU), each created, updated, or found as the shop already has it.
 */
export const CatalogueImportReportSchema = z
  .object({
    kind,
    dryRun: z.boolean(),
    rows: z.number().int(),
    created: z.number().int(),
    updated: z.number().int(),
    unchanged: z.number().int(),
    keys: z.object({
      created: z.array(z.string()),
      updated: z.array(z.string()),
      unchanged: z.array(z.string()),
    }),
  })
  .meta({ id: 'CatalogueImportReport' });
export type CatalogueImportReport = z.infer<typeof CatalogueImportReportSchema>;

/**
 * A refused import answers 400 VALIDATION_FAILED whose `fields` are keyed `row:column`: the row
 * as a spreadsheet numbers it (the header is row 1, the first part or model row 2) and the
 * column's name, or `*` for the whole row.
 */
export const catalogueErrorKey = (row: number, column: string) => `${row}:${column}`;

export interface CatalogueCellError {
  row: number;
  column: string;
  message: string;
}

/** The refused import's `fields`, as a list: by row, then by column as the file has them. */
export function catalogueErrorsOf(fields: Record<string, string[]>): CatalogueCellError[] {
  return Object.entries(fields)
    .flatMap(([key, messages]) => {
      const at = key.indexOf(':');
      const row = Number(key.slice(0, at));
      const column = key.slice(at + 1);
      return Number.isInteger(row) && at > 0
        ? messages.map((message) => ({ row, column, message }))
        : [];
    })
    .sort((a, b) => a.row - b.row);
}

/** The laptops' limits (migration 0021's checks). */
export const LAPTOP_BRAND_MAX = 40;
export const LAPTOP_SERIES_MAX = 60;
export const LAPTOP_MODEL_MAX = 60;
export const MODEL_ALIASES_MAX = 50;

const laptopText = (label: string, max: number) =>
  z
    .string()
    .check(noControlCharacters(label))
    .trim()
    .min(1, { message: `${label} is required`, abort: true })
    .max(max, `${label} must have at most ${max} characters`)
    .refine((value) => /[A-Za-z0-9]/.test(value), {
      message: `${label} must have a letter or a digit`,
    });

/** One row of a models file: a laptop model, its series and brand, and its other names. */
export const ModelRowSchema = z
  .object({
    brand: laptopText('Brand', LAPTOP_BRAND_MAX),
    series: laptopText('Series', LAPTOP_SERIES_MAX),
    model: laptopText('Model', LAPTOP_MODEL_MAX),
    aliases: z
      .array(laptopText('Alias', LAPTOP_MODEL_MAX))
      .max(MODEL_ALIASES_MAX, `A model can have at most ${MODEL_ALIASES_MAX} aliases`)
      .superRefine((aliases, context) => {
        const seen = new Set<string>();
        for (const alias of aliases) {
          const key = normalisePartNumber(alias);
          if (seen.has(key)) {
            context.addIssue({ code: 'custom', message: `Alias ${alias} is listed twice` });
          }
          seen.add(key);
        }
      }),
  })
  .strict();
export type ModelRow = z.infer<typeof ModelRowSchema>;
