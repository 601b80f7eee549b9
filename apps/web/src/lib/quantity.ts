/**
 * Whether a quantity can be ordered: a whole number from the minimum order to what is in
 * stock, both ends included (docs/product.md, departures: no off-by-one at the lower end).
 */
export const isQuantityInRange = (quantity: number, min: number, available: number) =>
  Number.isFinite(quantity) && quantity >= min && quantity <= available;
