import type { Cart, CartLine, Tool } from '@shop/shared';
import type { StoredCartLine } from './guest-cart';

/** The cents of a dollar amount, so sums of prices add up exactly. */
const cents = (dollars: number) => Math.round(dollars * 100);

/**
 * A visitor's stored line priced by the shop: the tool as the API answers it now, or, when it
 * could not be found (retired since), the stored name and picture, no longer on sale.
 */
export function pricedStoredLine(stored: StoredCartLine, tool: Tool | undefined): CartLine {
  if (!tool) {
    return {
      toolId: stored.toolId,
      name: stored.name,
      img: stored.img,
      quantity: stored.quantity,
      unitPrice: stored.addedUnitPrice,
      addedUnitPrice: stored.addedUnitPrice,
      price: (cents(stored.addedUnitPrice) * stored.quantity) / 100,
      minOrderQuantity: 0,
      availableQuantity: 0,
      onSale: false,
    };
  }
  return {
    toolId: tool._id,
    name: tool.name,
    img: tool.img,
    quantity: stored.quantity,
    unitPrice: tool.price,
    addedUnitPrice: stored.addedUnitPrice,
    price: (cents(tool.price) * stored.quantity) / 100,
    minOrderQuantity: tool.minOrderQuantity,
    availableQuantity: tool.availableQuantity,
    onSale: true,
  };
}

/** A cart of priced lines, as the API answers one: the units, and the total of what is on sale. */
export const cartOf = (lines: CartLine[]): Cart => ({
  lines,
  itemCount: lines.reduce((sum, line) => sum + line.quantity, 0),
  subtotal:
    lines.filter((line) => line.onSale).reduce((sum, line) => sum + cents(line.price), 0) / 100,
});

/** Whether the unit price moved since the line was added or last changed, and which way. */
export function priceMove(line: CartLine): 'up' | 'down' | null {
  if (!line.onSale || cents(line.unitPrice) === cents(line.addedUnitPrice)) return null;
  return cents(line.unitPrice) > cents(line.addedUnitPrice) ? 'up' : 'down';
}
