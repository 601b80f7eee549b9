import { describe, expect, it } from 'vitest';
import { destinationText, shippingMethodText, taxName } from './order-figures';

const shipTo = {
  recipient: 'Ada',
  country: 'US',
  countryName: 'United States',
  region: 'OR',
  city: 'Portland',
  postalCode: '97204',
};

describe('destinationText', () => {
  it('names the region by its code and the country in full', () => {
    expect(destinationText(shipTo)).toBe('Portland, OR 97204\nUnited States');
  });

  it('leaves out what the country has not', () => {
    expect(
      destinationText({
        ...shipTo,
        country: 'HK',
        countryName: 'Hong Kong',
        region: null,
        postalCode: null,
      }),
    ).toBe('Portland\nHong Kong');
    expect(
      destinationText({
        ...shipTo,
        country: 'DE',
        countryName: 'Germany',
        region: null,
        postalCode: '10115',
      }),
    ).toBe('Portland, 10115\nGermany');
  });
});

describe('shippingMethodText and taxName', () => {
  it('say the method with its estimate, and one rate when every line paid it', () => {
    expect(shippingMethodText({ method: 'Ground', minDays: 3, maxDays: 5 })).toBe(
      'Ground, 3-5 days',
    );
    const line = { taxRate: 19 };
    const totals = { taxName: 'VAT' };
    expect(taxName({ totals, lines: [line, line] } as Parameters<typeof taxName>[0])).toBe(
      'VAT (19%)',
    );
    expect(
      taxName({ totals, lines: [line, { taxRate: 7 }] } as Parameters<typeof taxName>[0]),
    ).toBe('VAT');
  });
});
