// A tools row as the shop's API answers it, for the reference servers (they answer the same
// JSON as the shop, written without its code).
export const dollars = (cents) => cents / 100;

export const toTool = (row) => ({
  _id: row.id,
  name: row.name,
  img: row.img,
  description: row.description,
  minOrderQuantity: row.min_order_quantity,
  availableQuantity: row.available_quantity,
  price: dollars(row.price_cents),
});
