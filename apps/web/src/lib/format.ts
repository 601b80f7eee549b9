const money = new Intl.NumberFormat('en-US', {
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
});
const count = new Intl.NumberFormat('en-US');
const mediumDate = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' });

/** Dollars as SPEC.md shows them: "$ 64.99". */
export const formatPrice = (dollars: number) => `$ ${money.format(dollars)}`;
export const formatCount = (value: number) => count.format(value);
/** The "Order Date" of a tool card: today, medium style, never stored. */
export const formatMediumDate = (date: Date) => mediumDate.format(date);
