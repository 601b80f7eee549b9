import { describe, expect, it } from 'vitest';
import { centsToDollars, dollarsToCents, formatMoney, sumDollars, timesQuantity } from './money';

describe('money', () => {
  it('turns dollars into whole cents and back, rounding away floating-point error', () => {
    expect(dollarsToCents(64.99)).toBe(6499);
    expect(dollarsToCents(0.1 + 0.2)).toBe(30);
    expect(dollarsToCents(1.005)).toBe(100); // 100.49999999999999 in floating point
    expect(centsToDollars(6499)).toBe(64.99);
    expect(centsToDollars(2_147_483_647)).toBe(21_474_836.47);
  });

  it('adds and multiplies in cents, so totals are exact', () => {
    expect(sumDollars([0.1, 0.2])).toBe(0.3);
    expect(sumDollars([])).toBe(0);
    expect(timesQuantity(19.99, 3)).toBe(59.97);
    expect(timesQuantity(0.1, 3)).toBe(0.3);
  });

  it('shows dollars as "$ 64.99", with thousands grouped and always two decimals', () => {
    expect(formatMoney(64.99)).toBe('$ 64.99');
    expect(formatMoney(5)).toBe('$ 5.00');
    expect(formatMoney(1250)).toBe('$ 1,250.00');
    expect(formatMoney(21_474_836.47)).toBe('$ 21,474,836.47');
  });
});
