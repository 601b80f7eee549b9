import type { Tool } from '@shop/shared';
import { describe, expect, it } from 'vitest';
import { cartOf, priceMove, pricedStoredLine } from './cart-lines';

const tool: Tool = {
  _id: '00000000-0000-4000-8000-000000000001',
  name: 'Thermal Paste 4g',
  title: 'Arctis MX-4 Thermal Paste 4g',
  img: '/images/tools/paste.svg',
  description: 'Paste',
  minOrderQuantity: 5,
  availableQuantity: 300,
  price: 7.99,
  sku: 'LPS-000010',
  category: { slug: 'fan', name: 'Fans and cooling' },
  brand: 'Arctis',
  condition: 'new',
  weightGrams: 12,
  shippingClass: 'standard',
  partNumbers: [],
};
const stored = {
  toolId: tool._id,
  name: 'Old name',
  img: '/old.svg',
  quantity: 3,
  addedUnitPrice: 6.99,
};

describe("a visitor's cart, priced by the shop", () => {
  it('prices a stored line from the tool as the API answers it now, and keeps what it was added at', () => {
    expect(pricedStoredLine(stored, tool)).toEqual({
      toolId: tool._id,
      name: 'Thermal Paste 4g',
      title: 'Arctis MX-4 Thermal Paste 4g',
      img: '/images/tools/paste.svg',
      quantity: 3,
      unitPrice: 7.99,
      addedUnitPrice: 6.99,
      price: 23.97,
      minOrderQuantity: 5,
      availableQuantity: 300,
      onSale: true,
    });
  });

  it('keeps a line whose tool is gone, by its stored name, off sale and out of the subtotal', () => {
    const gone = pricedStoredLine(stored, undefined);
    expect(gone).toMatchObject({
      name: 'Old name',
      title: 'Old name',
      onSale: false,
      availableQuantity: 0,
    });
    const cart = cartOf([gone, pricedStoredLine({ ...stored, quantity: 10 }, tool)]);
    expect(cart.itemCount).toBe(13);
    expect(cart.subtotal).toBe(79.9);
  });

  it('adds prices in cents: 0.1 + 0.2 is 0.3', () => {
    const dime = { ...tool, price: 0.1 };
    const lines = [
      pricedStoredLine({ ...stored, quantity: 1 }, dime),
      pricedStoredLine({ ...stored, toolId: 'b', quantity: 2 }, dime),
    ];
    expect(cartOf(lines).subtotal).toBe(0.3);
  });

  it('tells which way the price moved since the line was added, and nothing when it did not', () => {
    expect(priceMove(pricedStoredLine(stored, tool))).toBe('up');
    expect(priceMove(pricedStoredLine({ ...stored, addedUnitPrice: 8.5 }, tool))).toBe('down');
    expect(priceMove(pricedStoredLine({ ...stored, addedUnitPrice: 7.99 }, tool))).toBeNull();
    expect(priceMove(pricedStoredLine(stored, undefined))).toBeNull();
    // A retired tool's line (as the API answers it) tells it is gone, not its price.
    expect(priceMove({ ...pricedStoredLine(stored, tool), onSale: false })).toBeNull();
  });
});
