import { describe, expect, it } from 'vitest';
import { methodPrice, type PricingMethod, shareOut, taxOf } from './pricing';

const method = (rule: Partial<PricingMethod>): PricingMethod => ({
  id: 'm',
  name: 'Road',
  rateKind: 'flat',
  rateCents: 500,
  freeOverCents: null,
  weightBands: [],
  minDays: 3,
  maxDays: 5,
  refusedClasses: [],
  ...rule,
});

describe('the shop arithmetic (docs/product.md, Shipping and tax)', () => {
  it('rounds tax half up, per amount, added or included', () => {
    // 19 % of 0.50 is 0.095: up to 0.10; of 0.49 is 0.0931: down to 0.09.
    expect(taxOf(50, 19, false)).toBe(10);
    expect(taxOf(49, 19, false)).toBe(9);
    // 8.875 % of 2.00 is 0.1775: 0.18.
    expect(taxOf(200, 8.875, false)).toBe(18);
    // Included: 119.00 with 19 % holds 19.00; 1.19 holds 0.19.
    expect(taxOf(11_900, 19, true)).toBe(1_900);
    expect(taxOf(119, 19, true)).toBe(19);
    expect(taxOf(12_345, 0, false)).toBe(0);
  });

  it('shares shipping by the lines prices, the cents left over to the largest remainders', () => {
    expect(shareOut(1_000, [100, 100, 100])).toEqual([334, 333, 333]);
    expect(shareOut(1_499, [5_490, 20_000])).toEqual([323, 1_176]);
    expect(shareOut(0, [1, 2])).toEqual([0, 0]);
    // A total times a price past 2^53 stays exact.
    expect(shareOut(99_999_999, [2_147_483_647, 1])).toEqual([99_999_999, 0]);
  });

  it('prices a method by its rule, at the limits', () => {
    const bands = method({
      rateKind: 'weight',
      weightBands: [
        { upToGrams: 1_000, cents: 1_499 },
        { upToGrams: 5_000, cents: 2_999 },
      ],
    });
    expect(methodPrice(bands, 0, 1_000)).toEqual({ cents: 1_499 });
    expect(methodPrice(bands, 0, 1_001)).toEqual({ cents: 2_999 });
    expect(methodPrice(bands, 0, 5_000)).toEqual({ cents: 2_999 });
    expect(methodPrice(bands, 0, 5_001)).toEqual({
      reason: 'Carries parcels up to 5 kg; this one is 5.001 kg',
    });
    const free = method({ rateKind: 'free_over', rateCents: 699, freeOverCents: 9_900 });
    expect(methodPrice(free, 9_899, 0)).toEqual({ cents: 699 });
    expect(methodPrice(free, 9_900, 0)).toEqual({ cents: 0 });
    expect(methodPrice(method({}), 1, 100_000)).toEqual({ cents: 500 });
  });
});
