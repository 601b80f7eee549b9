import { describe, expect, it } from 'vitest';
import { percentOf, percentWithin } from './percent';

describe('a rate in percent (decision 047)', () => {
  it('takes a percent of an amount, half up to the cent', () => {
    // 15 % of 12.50 is 1.875: 1.88; of 12.30 is 1.845: 1.85 (half up), of 12.29 1.8435: 1.84.
    expect(percentOf(1_250, 15)).toBe(188);
    expect(percentOf(1_230, 15)).toBe(185);
    expect(percentOf(1_229, 15)).toBe(184);
    // Three decimals, exact: 8.875 % of 400.00 is 35.50.
    expect(percentOf(40_000, 8.875)).toBe(3_550);
    // A rate whose double is not exact (1.005 x 1000 is 1004.999...) still counts as 1.005 %.
    expect(percentOf(100_000, 1.005)).toBe(1_005);
    expect(percentOf(12_345, 0)).toBe(0);
    expect(percentOf(12_345, 100)).toBe(12_345);
  });

  it('finds the part of an amount that is a percent on top of the rest', () => {
    // 119.00 at 19 % on top holds 19.00; 108.88 at 8.875 % holds 8.8754...: 8.88.
    expect(percentWithin(11_900, 19)).toBe(1_900);
    expect(percentWithin(10_888, 8.875)).toBe(888);
    // 0.05 at 5.5 %: 0.0026..., down to 0.00; 0.11: 0.0057..., up to 0.01.
    expect(percentWithin(5, 5.5)).toBe(0);
    expect(percentWithin(11, 5.5)).toBe(1);
    expect(percentWithin(12_345, 0)).toBe(0);
  });
});
