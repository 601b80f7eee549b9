/**
 * An order's number as people read it (issue 49): the letters that say what it is, then its
 * place in the shop's order sequence, at least six digits ("ORD-000123"; past a million it
 * grows, "ORD-1234567"). The database gives the number when the order is written (migration
 * 0033); this is the one way it is written out, on every screen, email, PDF and export, and the
 * one way a typed number is read back (the back office's search). docs/product.md says why.
 */
export const ORDER_NUMBER_PREFIX = 'ORD-';
export const ORDER_NUMBER_DIGITS = 6;
/** The largest number the column holds (a PostgreSQL integer). */
export const ORDER_NUMBER_MAX = 2_147_483_647;

/** "ORD-000123". */
export const formatOrderNumber = (number: number) =>
  `${ORDER_NUMBER_PREFIX}${String(number).padStart(ORDER_NUMBER_DIGITS, '0')}`;

// The prefix's letters, then an optional dash, space or "#"; or "#" alone; or the digits alone.
const TYPED = new RegExp(
  `^(?:${ORDER_NUMBER_PREFIX.replace(/-$/, '')}\\s*[-#\\s]?\\s*|#\\s*)?(\\d{1,10})$`,
  'i',
);

/**
 * The order number a person typed, with or without its prefix and zeros ("ORD-000123",
 * "ord 123", "#123", "000123", "123"), or null when the text is not one.
 */
export function parseOrderNumber(text: string): number | null {
  const match = TYPED.exec(text.trim());
  if (!match) return null;
  const number = Number(match[1]);
  return number >= 1 && number <= ORDER_NUMBER_MAX ? number : null;
}
