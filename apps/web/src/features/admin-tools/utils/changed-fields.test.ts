import type { Tool } from '@shop/shared';
import { describe, expect, it } from 'vitest';
import { changedFields } from './changed-fields';

const tool: Tool = {
  _id: '0b6c1a8e-4c1f-4f43-9d59-3a6f1f0b7a11',
  name: 'Thermal Paste 4g',
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
  partNumbers: [],
};

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
});
