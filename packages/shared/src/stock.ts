/**
 * In stock: at least its minimum order is left (what a card, a page and its Offer say). Apart
 * from the schemas: a page that only shows a part loads no schema library for it.
 */
export const isInStock = (part: { availableQuantity: number; minOrderQuantity: number }) =>
  part.availableQuantity >= part.minOrderQuantity;
