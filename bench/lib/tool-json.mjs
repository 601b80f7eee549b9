// A tools row and an orders row as the shop's API answers them, for the reference servers (they
// answer the same JSON as the shop, written without its code).
export const dollars = (cents) => cents / 100;

export const toTool = (row) => ({
  _id: row.id,
  name: row.name,
  // Its full title (issue 49); the name when it has none.
  title: row.title.trim() ? row.title : row.name,
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

/** A country's English name, as the shop's API gives it (`countryName` of @shop/shared). */
const countryNames = new Intl.DisplayNames(['en'], { type: 'region', fallback: 'code' });

/**
 * An orders row of a one-tool order as My Orders answers it. Since issue 35 (migration 0027) the
 * row's price is the total (goods, shipping and tax): its one line is priced at quantity x unit
 * price, with the order's tax (less that on shipping) and shipping.
 */
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
      price: dollars(row.unit_price_cents * row.quantity),
      taxRate: Number(row.tax_rate),
      tax: dollars(row.tax_cents - row.shipping_tax_cents),
      shipping: dollars(row.shipping_cents),
      shippingTax: dollars(row.shipping_tax_cents),
    },
  ],
  userName: row.user_name,
  userEmail: row.user_email,
  phone: row.phone,
  address: row.address,
  shipTo:
    row.ship_country === null
      ? null
      : {
          recipient: row.recipient ?? row.user_name,
          country: row.ship_country,
          countryName: countryNames.of(row.ship_country) ?? row.ship_country,
          region: row.ship_region,
          city: row.ship_city ?? '',
          postalCode: row.ship_postal_code,
        },
  shipping:
    row.shipping_method === null
      ? null
      : {
          method: row.shipping_method,
          minDays: row.delivery_min_days ?? 0,
          maxDays: row.delivery_max_days ?? 0,
        },
  totals: {
    subtotal: dollars(
      row.price_cents - row.shipping_cents - (row.prices_include_tax ? 0 : row.tax_cents),
    ),
    shipping: dollars(row.shipping_cents),
    tax: dollars(row.tax_cents),
    total: dollars(row.price_cents),
    pricesIncludeTax: row.prices_include_tax,
  },
  neededBy: row.needed_by,
  paid: row.status === 'paid' || row.status === 'shipped',
  transactionId: row.transaction_id,
  status: row.status,
  createdAt: row.created_at.toISOString(),
  payBy: row.status === 'unpaid' && row.pay_by ? row.pay_by.toISOString() : null,
});
