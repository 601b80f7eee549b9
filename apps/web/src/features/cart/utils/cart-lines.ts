import {
  type Cart,
  type CartLine,
  dollarsToCents,
  sumDollars,
  timesQuantity,
  type Tool,
} from '@shop/shared';
import type { StoredCartLine } from './guest-cart';

/**
 * A visitor's stored line priced by the shop: the tool as the API answers it now, or, when it
 * could not be found (retired since), the stored name and picture, no longer on sale.
 */
export function pricedStoredLine(stored: StoredCartLine, tool: Tool | undefined): CartLine {
  if (!tool) {
    return {
      toolId: stored.toolId,
      name: stored.name,
      title: stored.name,
      img: stored.img,
      quantity: stored.quantity,
      unitPrice: stored.addedUnitPrice,
      addedUnitPrice: stored.addedUnitPrice,
      price: timesQuantity(stored.addedUnitPrice, stored.quantity),
      minOrderQuantity: 0,
      availableQuantity: 0,
      onSale: false,
    };
  }
  return {
    toolId: tool._id,
    name: tool.name,
    title: tool.title,
    img: tool.img,
    quantity: stored.quantity,
    unitPrice: tool.price,
    addedUnitPrice: stored.addedUnitPrice,
    price: timesQuantity(tool.price, stored.quantity),
    minOrderQuantity: tool.minOrderQuantity,
    availableQuantity: tool.availableQuantity,
    onSale: true,
  };
}

/** A cart of priced lines, as the API answers one: the units, and the total of what is on sale. */
export const cartOf = (lines: CartLine[]): Cart => ({
  lines,
  itemCount: lines.reduce((sum, line) => sum + line.quantity, 0),
  subtotal: sumDollars(lines.filter((line) => line.onSale).map((line) => line.price)),
});

/** Whether the unit price moved since the line was added or last changed, and which way. */
export function priceMove(line: CartLine): 'up' | 'down' | null {
  const now = dollarsToCents(line.unitPrice);
  const added = dollarsToCents(line.addedUnitPrice);
  if (!line.onSale || now === added) return null;
  return now > added ? 'up' : 'down';
}
