import { describe, expect, it } from 'vitest';
import { isQuantityInRange } from './quantity';

describe('isQuantityInRange', () => {
  it('accepts min..available, both ends included', () => {
    expect(isQuantityInRange(2, 2, 140)).toBe(true);
    expect(isQuantityInRange(140, 2, 140)).toBe(true);
    expect(isQuantityInRange(70, 2, 140)).toBe(true);
  });

  it('refuses min - 1 (the old off-by-one) and available + 1', () => {
    expect(isQuantityInRange(1, 2, 140)).toBe(false);
    expect(isQuantityInRange(141, 2, 140)).toBe(false);
  });

  it('refuses an empty field and a sold-out tool', () => {
    expect(isQuantityInRange(Number.NaN, 2, 140)).toBe(false);
    expect(isQuantityInRange(2, 2, 1)).toBe(false);
  });
});
