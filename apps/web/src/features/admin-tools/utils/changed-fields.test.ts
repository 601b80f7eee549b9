import type { Tool } from '@shop/shared';
import { describe, expect, it } from 'vitest';
import { changedFields, type EditableTool } from './changed-fields';

const tool: Tool = {
  _id: '0b6c1a8e-4c1f-4f43-9d59-3a6f1f0b7a11',
  name: 'Thermal Paste 4g',
  // No title of its own: the API answers the name in its place.
  title: 'Thermal Paste 4g',
  img: '/images/tools/thermal-paste.svg',
  description: 'Non-conductive paste',
  minOrderQuantity: 5,
  availableQuantity: 300,
  price: 6.5,
  sku: 'LPS-000010',
  category: { slug: 'fan', name: 'Fans and cooling' },
  brand: 'Arctis',
  condition: 'new',
  weightGrams: 12,
  shippingClass: 'standard',
  partNumbers: [
    { kind: 'mpn', maker: 'Arctis', number: 'MX-4' },
    { kind: 'oem', maker: 'Dell', number: '0X1Y2' },
  ],
};

const unchanged: EditableTool = {
  price: 6.5,
  availableQuantity: 300,
  description: 'Non-conductive paste',
  sku: 'LPS-000010',
  category: 'fan',
  brand: 'Arctis',
  condition: 'new',
  weightGrams: 12,
  shippingClass: 'standard',
  partNumbers: tool.partNumbers,
  fits: ['lenovo-thinkpad-t480', 'dell-latitude-7490'],
};
const fitted = ['dell-latitude-7490', 'lenovo-thinkpad-t480'];

describe('changedFields', () => {
  it('is empty when nothing changed (spaces around the description do not count)', () => {
    expect(
      changedFields(tool, {
        price: 6.5,
        availableQuantity: 300,
        description: '  Non-conductive paste ',
      }),
    ).toEqual({});
  });

  it('names only the fields that changed', () => {
    expect(
      changedFields(tool, { price: 7.25, availableQuantity: 300, description: tool.description }),
    ).toEqual({ price: 7.25 });
    expect(
      changedFields(tool, { price: 6.5, availableQuantity: 0, description: 'New text ' }),
    ).toEqual({ availableQuantity: 0, description: 'New text' });
  });

  it('is empty when no part detail changed: the same sets in another order, spaces around', () => {
    expect(
      changedFields(
        tool,
        {
          ...unchanged,
          brand: ' Arctis ',
          partNumbers: [
            { kind: 'oem', maker: 'Dell ', number: ' 0X1Y2' },
            { kind: 'mpn', maker: 'Arctis', number: 'MX-4' },
          ],
          fits: [...fitted].reverse(),
        },
        fitted,
      ),
    ).toEqual({});
  });

  it('names each part detail that changed, trimmed', () => {
    expect(
      changedFields(tool, { ...unchanged, sku: ' lps-000010 ', weightGrams: 0 }, fitted),
    ).toEqual({ sku: 'lps-000010', weightGrams: 0 });
    expect(
      changedFields(
        tool,
        { ...unchanged, category: 'other', brand: ' Noctua', condition: 'used' },
        fitted,
      ),
    ).toEqual({ category: 'other', brand: 'Noctua', condition: 'used' });
    expect(changedFields(tool, { ...unchanged, shippingClass: 'oversized' }, fitted)).toEqual({
      shippingClass: 'oversized',
    });
  });

  it("sends the title when it changed, compared with the part's own (empty: the name)", () => {
    expect(changedFields(tool, { ...unchanged, title: ' ' }, fitted)).toEqual({});
    expect(
      changedFields(tool, { ...unchanged, title: ' Arctis MX-4 Thermal Paste 4g ' }, fitted),
    ).toEqual({ title: 'Arctis MX-4 Thermal Paste 4g' });
    const titled = { ...tool, title: 'Arctis MX-4 Thermal Paste 4g' };
    expect(changedFields(titled, { ...unchanged, title: 'Arctis MX-4 Thermal Paste 4g' })).toEqual(
      {},
    );
    // Emptied: the name stands in again.
    expect(changedFields(titled, { ...unchanged, title: '' })).toEqual({ title: '' });
  });

  it('sends the whole set of part numbers when one of them changed', () => {
    const partNumbers: EditableTool['partNumbers'] = [
      { kind: 'mpn', maker: 'Arctis', number: 'MX-4 ' },
      { kind: 'fru', maker: 'Dell', number: '0X1Y2' },
    ];
    expect(changedFields(tool, { ...unchanged, partNumbers }, fitted)).toEqual({
      partNumbers: [
        { kind: 'mpn', maker: 'Arctis', number: 'MX-4' },
        { kind: 'fru', maker: 'Dell', number: '0X1Y2' },
      ],
    });
    expect(changedFields(tool, { ...unchanged, partNumbers: [] }, fitted)).toEqual({
      partNumbers: [],
    });
  });

  it('sends the models it fits when they changed, and never before they loaded', () => {
    expect(changedFields(tool, { ...unchanged, fits: ['lenovo-thinkpad-t480'] }, fitted)).toEqual({
      fits: ['lenovo-thinkpad-t480'],
    });
    expect(changedFields(tool, { ...unchanged, fits: [] }, undefined)).toEqual({});
    expect(changedFields(tool, { ...unchanged, fits: undefined }, fitted)).toEqual({});
  });
});
