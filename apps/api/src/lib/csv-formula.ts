/**
 * When a spreadsheet would run a CSV cell as a formula (OWASP's CSV injection advice), one rule
 * for every export: the orders' (formatted by the database, orders-export.ts) and the
 * catalogue's (modules/catalogue/).
 */

/**
 * The white space a spreadsheet may skip before a formula: what JavaScript's trim removes (tab,
 * line breaks, space, no-break and the other Unicode spaces, the byte-order mark), as code points.
 */
export const FORMULA_LEADING_SPACE = [
  9,
  10,
  11,
  12,
  13,
  32,
  160,
  5760,
  ...Array.from({ length: 11 }, (_, i) => 8192 + i),
  8232,
  8233,
  8239,
  8287,
  12288,
  65279,
];

/** What starts a formula, after any of that white space. */
export const FORMULA_FIRST = ['=', '+', '-', '@'];

/** What a spreadsheet may read as the start of a new cell or row when it comes first: tab, CR. */
export const FORMULA_FIRST_CONTROL = [9, 13];

const leadingSpace = new Set(FORMULA_LEADING_SPACE.map((code) => String.fromCodePoint(code)));

/** Whether a spreadsheet would run this cell as a formula. */
export function runsAsFormula(text: string): boolean {
  if (text.length === 0) return false;
  if (FORMULA_FIRST_CONTROL.includes(text.charCodeAt(0))) return true;
  let start = 0;
  while (start < text.length && leadingSpace.has(text[start]!)) start += 1;
  return FORMULA_FIRST.includes(text[start] ?? '');
}

/**
 * A cell the catalogue exports: one that would run as a formula starts with `'`. So that an
 * import can undo it exactly (`formulaUnescaped`), a cell that would run as one once its own
 * leading `'`s were taken away gets one more too.
 */
export function formulaEscaped(text: string): string {
  return runsAsFormula(text.replace(/^'+/, '')) ? `'${text}` : text;
}

/** The cell as it was before `formulaEscaped`; any other cell as it is. */
export function formulaUnescaped(text: string): string {
  return text.startsWith("'") && runsAsFormula(text.replace(/^'+/, '')) ? text.slice(1) : text;
}
