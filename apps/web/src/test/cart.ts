import type { CartLine } from '@shop/shared';

/** A line of a cart as the API answers it: two units on sale, three in stock. */
export const aCartLine = (
  fields: Partial<CartLine> & Pick<CartLine, 'toolId' | 'name'>,
): CartLine => ({
  title: fields.name,
  img: '/fan.webp',
  quantity: 2,
  unitPrice: 12.5,
  addedUnitPrice: 12.5,
  price: 25,
  minOrderQuantity: 2,
  availableQuantity: 3,
  onSale: true,
  ...fields,
});
