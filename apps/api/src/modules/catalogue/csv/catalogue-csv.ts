import { CSV_LIST_SEPARATOR, catalogueErrorKey } from '@shop/shared';
import { CsvError, parse } from 'csv-parse/sync';
import { stringify } from 'csv-stringify/sync';
import { formulaEscaped, formulaUnescaped } from '../../../lib/csv-formula';
import { AppError } from '../../../lib/errors';

/** Every error of a file, by row and column (`catalogueErrorKey`), before anything is written. */
export class RowErrors {
  readonly fields: Record<string, string[]> = {};
  count = 0;

  add(row: number, column: string, message: string) {
    (this.fields[catalogueErrorKey(row, column)] ??= []).push(message);
    this.count += 1;
  }

  /** Refuses the whole file, naming every error, when there is any. */
  throwIfAny() {
    if (this.count === 0) return;
    const errors = this.count === 1 ? '1 error' : `${this.count} errors`;
    throw new AppError(
      'VALIDATION_FAILED',
      `The file has ${errors}; nothing was imported`,
      this.fields,
    );
  }
}

/** A data row: its number as a spreadsheet shows it (the header is 1) and its cells by column. */
export interface CsvRow<Column extends string> {
  row: number;
  cells: Record<Column, string>;
}

/**
 * The file's rows, each with as many cells as the header names, which must be `columns` in
 * their order. A cell a previous export escaped as a formula (`'=...`) is read as it was
 * before. Blank lines are skipped but counted, so row numbers stay a spreadsheet's.
 */
export function readCsv<Column extends string>(
  text: string,
  columns: readonly Column[],
  errors: RowErrors,
): CsvRow<Column>[] {
  let records: string[][];
  try {
    records = parse(text, {
      bom: true,
      relax_column_count: true,
      record_delimiter: ['\r\n', '\n', '\r'],
    });
  } catch (error) {
    if (!(error instanceof CsvError)) throw error;
    const parsed = (error as CsvError & { records?: number }).records ?? 0;
    errors.add(parsed + 1, '*', `The file is not valid CSV: ${error.message}`);
    return [];
  }
  const header = records[0];
  if (
    !header ||
    header.length !== columns.length ||
    header.some((cell, index) => cell.trim() !== columns[index])
  ) {
    errors.add(1, '*', `The header row must be exactly: ${columns.join(',')}`);
    return [];
  }
  const rows: CsvRow<Column>[] = [];
  records.forEach((record, index) => {
    if (index === 0 || (record.length === 1 && record[0]!.trim() === '')) return;
    const row = index + 1;
    if (record.length !== columns.length) {
      errors.add(row, '*', `The row has ${record.length} cells; the header has ${columns.length}`);
      return;
    }
    const cells = Object.fromEntries(
      columns.map((column, at) => [column, formulaUnescaped(record[at]!)]),
    ) as Record<Column, string>;
    rows.push({ row, cells });
  });
  return rows;
}

/** A list cell's items (`a;b;c`), trimmed, empty ones left out. */
export const listItems = (cell: string) =>
  cell
    .split(CSV_LIST_SEPARATOR)
    .map((item) => item.trim())
    .filter((item) => item !== '');

/** A list cell from its items. */
export const listCell = (items: readonly string[]) => items.join(CSV_LIST_SEPARATOR);

/**
 * A number cell as a number: empty is undefined (the schema says whether that is allowed),
 * anything but a plain decimal number is refused here.
 */
export function numberCell(
  errors: RowErrors,
  row: number,
  column: string,
  label: string,
  cell: string,
): number | undefined {
  const text = cell.trim();
  if (text === '') return undefined;
  if (!/^-?\d+(\.\d+)?$/.test(text)) {
    errors.add(row, column, `${label} must be a number`);
    return undefined;
  }
  return Number(text);
}

/** Cells that are text (not numbers) are escaped where a spreadsheet would run them. */
export type CsvCell = { text: string } | { number: number };

/** Rows of cells as CSV lines, the text cells formula-escaped. */
export const csvLines = (rows: readonly (readonly CsvCell[])[]) =>
  stringify(
    rows.map((cells) =>
      cells.map((cell) => ('text' in cell ? formulaEscaped(cell.text) : String(cell.number))),
    ),
    { record_delimiter: '\r\n' },
  );

/** The header line of a kind's file. */
export const headerLine = (columns: readonly string[]) =>
  stringify([columns as string[]], { record_delimiter: '\r\n' });

/** `items` in runs of at most `size`: one statement each, under PostgreSQL's 65,535 parameters. */
export function* chunksOf<T>(items: readonly T[], size: number): Generator<T[]> {
  for (let start = 0; start < items.length; start += size) {
    yield items.slice(start, start + size);
  }
}

/** A name as a slug, the way the laptop tables' slugs are made (db/demo-catalogue.ts). */
export const slugOf = (name: string) =>
  name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
