/**
 * The arithmetic of a rate in percent (decision 047): the one unit the shop stores, sends and
 * shows a tax rate or a restocking fee in (19, 8.875). A rate has at most 3 decimals, so a
 * thousand times it is a whole number, and the arithmetic below stays in integers: exact.
 */
const THOUSANDTHS = 1000;
const WHOLE = 100 * THOUSANDTHS;

/** a x b / c rounded half up, for non-negative integers (exact while 2 x a x b < 2^53). */
const mulDivHalfUp = (a: number, b: number, c: number) => Math.floor((2 * a * b + c) / (2 * c));

const inThousandths = (percent: number) => Math.round(percent * THOUSANDTHS);

/** `percent` of `amountCents`, rounded half up to the cent. */
export function percentOf(amountCents: number, percent: number): number {
  return mulDivHalfUp(amountCents, inThousandths(percent), WHOLE);
}

/** The part of `amountCents` that is `percent` on top of the rest, rounded half up to the cent. */
export function percentWithin(amountCents: number, percent: number): number {
  const rate = inThousandths(percent);
  return mulDivHalfUp(amountCents, rate, WHOLE + rate);
}
