import type { Tool } from '@shop/shared';

/** A tool as the API answers it (`GET /api/tools/{id}`): a fan, sold two at a time. */
export const aTool = (fields: Partial<Tool> = {}): Tool => ({
  _id: 't-1',
  name: 'Cooling Fan',
  title: 'Cooling Fan',
  img: 'https://example.com/fan.webp',
  description: 'A quiet fan.',
  minOrderQuantity: 2,
  availableQuantity: 40,
  price: 12.5,
  sku: 'P-000001',
  category: { slug: 'other', name: 'Other parts' },
  brand: 'Generic',
  condition: 'new',
  weightGrams: 0,
  shippingClass: 'standard',
  partNumbers: [],
  ...fields,
});
