import { z } from 'zod';
import { TOOL_NAME_MAX, TOOL_TITLE_MAX } from '../constants';
import { normalisePartNumber, PART_CONDITIONS, PART_NUMBER_KINDS } from './part';
import { SHIPPING_CLASSES } from './shipping';
import { noControlCharacters } from './text';

/**
 * The catalogue in bulk (issue 33): laptop models, or parts, as CSV files an admin imports and
 * exports (docs/product.md, Rules, "The catalogue as CSV").
 */
export const CATALOGUE_KINDS = ['models', 'parts'] as const;
export type CatalogueKind = (typeof CATALOGUE_KINDS)[number];

/**
 * One column of an import file: its header, what to write in its cells, whether every row must
 * fill it, and an example cell. The import checks the header row against these, the Import
 * catalogue page lists them, and the template file is their names and examples: a column added
 * here is in the import's header, on the page and in the template at once.
 */
export interface CatalogueColumn {
  readonly name: string;
  readonly meaning: string;
  readonly required: boolean;
  readonly example: string;
}

/** A laptop models file's columns, in their order. */
export const MODEL_COLUMNS = [
  {
    name: 'brand',
    meaning:
      "The laptop's maker, at most 40 characters. A brand the shop has (any case) is used; any other is added.",
    required: true,
    example: 'Lenovo',
  },
  {
    name: 'series',
    meaning:
      "The product line the laptop pickers group the brand's models by, at most 60 characters; added when new.",
    required: true,
    example: 'ThinkPad T-series',
  },
  {
    name: 'model',
    meaning:
      "The model's name without the brand, at most 60 characters. The brand's model of that name is moved to the series and given the aliases; any other is added.",
    required: true,
    example: 'ThinkPad T480',
  },
  {
    name: 'aliases',
    meaning:
      "Other names buyers type for it (short names, machine types), separated by ; (at most 50, each at most 60 characters). They replace the model's: an empty cell removes them.",
    required: false,
    example: 'T480;20L5;20L6',
  },
] as const satisfies readonly CatalogueColumn[];

/** A parts file's columns, in their order. */
export const PART_COLUMNS = [
  {
    name: 'sku',
    meaning:
      "The part's stock-keeping unit, at most 40 letters, digits and . _ / -. A SKU the shop has (any case) updates that part; any other adds one.",
    required: true,
    example: 'VC-T480-72',
  },
  {
    name: 'name',
    meaning: `The part's short name in the shop, at most ${TOOL_NAME_MAX} characters.`,
    required: true,
    example: 'T480 Battery 72Wh',
  },
  {
    name: 'title',
    meaning: `The part's full title on its page, in search results, the cart and invoices, at most ${TOOL_TITLE_MAX} characters. Empty: none, and the name stands in.`,
    required: false,
    example: 'Lenovo ThinkPad T480 Rear Battery 72Wh 6-cell',
  },
  {
    name: 'category',
    meaning:
      "The part type's slug: battery, screen, keyboard, storage, memory, charger, fan, hinge, motherboard, wireless, repair-tool or other. Empty: the part keeps its type (a new part: other).",
    required: false,
    example: 'battery',
  },
  {
    name: 'brand',
    meaning: "The part's maker, at most 40 characters. Empty: kept (a new part: Generic).",
    required: false,
    example: 'Voltcell',
  },
  {
    name: 'condition',
    meaning: `${PART_CONDITIONS.join(', ')}. Empty: kept (a new part: new).`,
    required: false,
    example: 'compatible',
  },
  {
    name: 'price',
    meaning: 'Dollars per unit, without a currency sign: above 0, at most 2 decimals.',
    required: true,
    example: '64.99',
  },
  {
    name: 'minOrderQuantity',
    meaning: 'The fewest units an order may take: a whole number, at least 1.',
    required: true,
    example: '1',
  },
  {
    name: 'availableQuantity',
    meaning: 'Units in stock: a whole number, at least 0.',
    required: true,
    example: '25',
  },
  {
    name: 'weightGrams',
    meaning:
      "One unit's weight in grams, a whole number; shipping by weight reads it. Empty: kept (a new part: 0).",
    required: false,
    example: '330',
  },
  {
    name: 'shippingClass',
    meaning: `The shipping class: ${SHIPPING_CLASSES.join(', ')} (a zone or method may refuse a class). Empty: kept (a new part: standard; a battery: lithium_battery).`,
    required: false,
    example: 'lithium_battery',
  },
  {
    name: 'description',
    meaning:
      "What buyers read on the part's page, at most 2000 characters. A cell with a comma, a quote or a line break is written in double quotes.",
    required: true,
    example:
      'Compatible 6-cell 72 Wh rear battery for the ThinkPad T480, with a 12-month warranty.',
  },
  {
    name: 'img',
    meaning:
      'The picture: an https:// address, or a shop image such as /images/tools/nvme-ssd.svg.',
    required: true,
    example: '/images/tools/laptop-battery.svg',
  },
  {
    name: 'partNumbers',
    meaning: `Its numbers as kind:number, separated by ; (kinds: ${PART_NUMBER_KINDS.join(', ')}; at most 20). They replace the part's: an empty cell removes them.`,
    required: false,
    example: 'mpn:VC-T480-72;oem:01AV431',
  },
  {
    name: 'fits',
    meaning:
      "The laptop models it fits, as Brand Model, separated by ;: models the shop has (import a laptop models file first). They replace the part's: an empty cell removes them.",
    required: false,
    example: 'Lenovo ThinkPad T480',
  },
] as const satisfies readonly CatalogueColumn[];

/** Each kind's columns: its header row is exactly their names, in this order. */
export const CATALOGUE_COLUMN_DEFINITIONS = {
  models: MODEL_COLUMNS,
  parts: PART_COLUMNS,
} as const satisfies Record<CatalogueKind, readonly CatalogueColumn[]>;

const namesOf = <Columns extends readonly CatalogueColumn[]>(columns: Columns) =>
  columns.map((column) => column.name) as Columns[number]['name'][];

/** Each kind's header row: exactly these columns, in this order. */
export const CATALOGUE_COLUMNS = {
  models: namesOf(MODEL_COLUMNS),
  parts: namesOf(PART_COLUMNS),
} as const satisfies Record<CatalogueKind, readonly string[]>;

/** A CSV cell as a spreadsheet writes it: in double quotes when it holds a comma, quote or line break. */
const csvCell = (cell: string) =>
  /[",\r\n]/.test(cell) ? `"${cell.replaceAll('"', '""')}"` : cell;

/**
 * The kind's template file (Import catalogue's "Download ... template"): the header row and a row
 * of the columns' examples, which the import takes as they are (the parts' row fits the models'
 * row's laptop).
 */
export const catalogueTemplate = (kind: CatalogueKind) =>
  [
    CATALOGUE_COLUMN_DEFINITIONS[kind].map((column) => column.name),
    CATALOGUE_COLUMN_DEFINITIONS[kind].map((column) => column.example),
  ]
    .map((cells) => `${cells.map(csvCell).join(',')}\r\n`)
    .join('');

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
