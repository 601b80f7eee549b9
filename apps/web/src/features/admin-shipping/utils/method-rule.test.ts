import { describe, expect, it } from 'vitest';
import { describeRule, relevantRule } from './method-rule';

describe('describeRule', () => {
  const none = { price: 0, freeOver: null, weightBands: [] };
  it('says each rule in words, in dollars and grams', () => {
    expect(describeRule({ ...none, rateKind: 'flat', price: 15 })).toBe('$ 15.00');
    expect(describeRule({ ...none, rateKind: 'flat' })).toBe('Free');
    expect(describeRule({ ...none, rateKind: 'free_over', price: 6.99, freeOver: 99 })).toBe(
      '$ 6.99, free from $ 99.00',
    );
    expect(
      describeRule({
        ...none,
        rateKind: 'weight',
        weightBands: [
          { upToGrams: 1000, price: 14.99 },
          { upToGrams: 5000, price: 29.99 },
        ],
      }),
    ).toBe('Up to 1,000 g: $ 14.99; up to 5,000 g: $ 29.99');
  });
});

describe('relevantRule', () => {
  const values = {
    name: 'Post',
    price: 5,
    freeOver: 50,
    weightBands: [{ upToGrams: 1000, price: 3 }],
    minDays: 1,
    maxDays: 2,
    refusedClasses: [],
  };
  it('sends only the fields of the chosen rule', () => {
    expect(relevantRule({ ...values, rateKind: 'flat' as const })).toEqual({
      name: 'Post',
      rateKind: 'flat',
      price: 5,
      minDays: 1,
      maxDays: 2,
      refusedClasses: [],
    });
    expect(relevantRule({ ...values, rateKind: 'free_over' as const })).toMatchObject({
      price: 5,
      freeOver: 50,
    });
    const byWeight = relevantRule({ ...values, rateKind: 'weight' as const });
    expect(byWeight).toMatchObject({ weightBands: [{ upToGrams: 1000, price: 3 }] });
    expect(byWeight).not.toHaveProperty('price');
    expect(byWeight).not.toHaveProperty('freeOver');
  });
});
