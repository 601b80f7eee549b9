import type { ShippingOption } from '@shop/shared';
import { describe, expect, it } from 'vitest';
import { neededByHint, taxLabel } from './delivery-values';

const option = (name: string, minDays: number, maxDays: number, withinPromise: boolean) =>
  ({ name, minDays, maxDays, withinPromise }) as ShippingOption;

describe('neededByHint', () => {
  it("keeps the spec's promise only for a method that keeps it", () => {
    expect(neededByHint(option('Ground', 3, 5, true))).toBe(
      'Optional. We deliver within 7 days of your order.',
    );
    expect(neededByHint(option('Road', 6, 10, false))).toBe(
      'Optional. Road delivers in 6-10 days.',
    );
  });

  it('promises nothing before a method is chosen', () => {
    expect(neededByHint(undefined)).toBe('Optional.');
  });
});

describe('taxLabel', () => {
  it('names the tax and its rate, to the thousandth of a percent', () => {
    expect(taxLabel({ taxName: 'VAT', taxRate: 19 })).toBe('VAT (19%)');
    expect(taxLabel({ taxName: 'Sales tax', taxRate: 8.875 })).toBe('Sales tax (8.875%)');
    expect(taxLabel({ taxName: 'Tax', taxRate: 0 })).toBe('Tax (0%)');
  });
});
