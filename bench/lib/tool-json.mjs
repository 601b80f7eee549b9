// A tools row and an orders row as the shop's API answers them, for the reference servers (they
// answer the same JSON as the shop, written without its code).
export const dollars = (cents) => cents / 100;

export const toTool = (row) => ({
  _id: row.id,
  name: row.name,
  img: row.img,
  description: row.description,
  minOrderQuantity: row.min_order_quantity,
  availableQuantity: row.available_quantity,
  price: dollars(row.price_cents),
  sku: row.sku,
  category: row.category,
  brand: row.brand,
  condition: row.condition,
  weightGrams: row.weight_grams,
  partNumbers: row.part_numbers,
});

/** What a tool's JSON needs besides its row (issue 33): its part type, and its part numbers. */
export const TOOL_CATEGORY_SQL = `(select json_build_object('slug', c.slug, 'name', c.name)
  from categories c where c.id = tools.category_id)`;
export const TOOL_PART_NUMBERS_SQL = `coalesce((select json_agg(json_build_object('kind', p.kind,
    'maker', p.maker, 'number', p.number) order by p.kind, p.normalised)
  from part_numbers p where p.tool_id = tools.id), '[]'::json)`;

/** An orders row of a one-tool order as My Orders answers it. */
export const toOrder = (row) => ({
  _id: row.id,
  toolId: row.tool_id,
  tool: row.tool_name,
  img: row.tool_img,
  price: dollars(row.price_cents),
  unitPrice: dollars(row.unit_price_cents),
  availableQuantity: row.available_after,
  quantity: row.quantity,
  // The bench's customers buy one tool per order: the order is its own line (issue 17).
  lines: [
    {
      toolId: row.tool_id,
      tool: row.tool_name,
      img: row.tool_img,
      quantity: row.quantity,
      unitPrice: dollars(row.unit_price_cents),
      price: dollars(row.price_cents),
    },
  ],
  userName: row.user_name,
  userEmail: row.user_email,
  phone: row.phone,
  address: row.address,
  neededBy: row.needed_by,
  paid: row.status === 'paid' || row.status === 'shipped',
  transactionId: row.transaction_id,
  status: row.status,
  createdAt: row.created_at.toISOString(),
  payBy: row.status === 'unpaid' && row.pay_by ? row.pay_by.toISOString() : null,
});
