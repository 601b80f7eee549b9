/**
 * Money, one way for both apps. The database keeps whole cents (integers, exact); the API and
 * the web app speak dollars, a number with at most two decimals; a person reads "$ 64.99" (the
 * product's "Please pay: $ {price}"), in emails and messages as on the screens.
 */

/** The one currency the shop sells in, as ISO 4217 names it (structured data, payments). */
export const SHOP_CURRENCY = 'USD';

/** Dollars to whole cents, rounded: 0.1 + 0.2 dollars is 30 cents, not 30.000000000000004. */
export const dollarsToCents = (dollars: number) => Math.round(dollars * 100);

/** Whole cents to dollars. */
export const centsToDollars = (cents: number) => cents / 100;

/** The sum of dollar amounts, added in cents so no floating-point error creeps in. */
export const sumDollars = (amounts: readonly number[]) =>
  centsToDollars(amounts.reduce((total, amount) => total + dollarsToCents(amount), 0));

/** A unit price times a quantity, in dollars, exact to the cent. */
export const timesQuantity = (unitDollars: number, quantity: number) =>
  centsToDollars(dollarsToCents(unitDollars) * quantity);

// Made on first use: the first Intl formatter of a page loads locale data (about 20 ms on a slow
// phone), and pages that import this module, such as /login, may never show a price.
let amountFormat: Intl.NumberFormat | undefined;

/** Dollars as the shop shows them everywhere: "$ 64.99", "$ 1,250.00". */
export function formatMoney(dollars: number): string {
  amountFormat ??= new Intl.NumberFormat('en-US', {
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
  });
  return `$ ${amountFormat.format(dollars)}`;
}
