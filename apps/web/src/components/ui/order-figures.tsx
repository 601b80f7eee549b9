import { deliveryEstimate, formatMoney, formatPercent, type Order } from '@shop/shared';

type Figured = Pick<Order, 'totals' | 'shipping' | 'lines' | 'shipTo'>;

/** "VAT (19%)" (the tax's name where the order went) when every line paid one rate, else "VAT". */
export function taxName(order: Figured) {
  const rates = new Set(order.lines.map((line) => line.taxRate));
  const [rate] = rates;
  const name = order.totals.taxName;
  return rates.size === 1 && rate !== undefined ? `${name} (${formatPercent(rate)})` : name;
}

/** "Ground, 3-5 days": how the order travels. */
export const shippingMethodText = (shipping: NonNullable<Order['shipping']>) =>
  `${shipping.method}, ${deliveryEstimate(shipping.minDays, shipping.maxDays)}`;

/**
 * The city, region, postal code and country an order goes to, on lines as a label reads them:
 * "Portland, OR 97204" then "United States". The region by its code, as addresses write it (and
 * the lists need not load every country's regions).
 */
export function destinationText(shipTo: NonNullable<Order['shipTo']>) {
  const place = [shipTo.city, [shipTo.region, shipTo.postalCode].filter(Boolean).join(' ')]
    .filter(Boolean)
    .join(', ');
  return `${place}\n${shipTo.countryName}`;
}

/**
 * Where an order goes: its recipient, the address as typed and the destination's city, region,
 * postal code and country; an order from before shipping was charged has the address alone.
 */
export function ShipToAddress({ order }: { order: Pick<Order, 'address' | 'shipTo'> }) {
  const { shipTo } = order;
  return (
    <span className="break-words whitespace-pre-line">
      {shipTo ? `${shipTo.recipient}\n${order.address}\n${destinationText(shipTo)}` : order.address}
    </span>
  );
}

/**
 * The parts of an order's price as a description list's rows (subtotal, shipping with its
 * method and estimate, tax), for a list that goes on with the total: nothing for orders placed
 * before shipping was charged (`shipTo` null), whose price is all there is.
 */
export function OrderFigureRows({ order }: { order: Figured }) {
  if (!order.shipTo) return null;
  const { totals, shipping } = order;
  const method = shipping && shippingMethodText(shipping);
  return (
    <>
      <dt>Subtotal</dt>
      <dd className="tabular-nums">{formatMoney(totals.subtotal)}</dd>
      <dt>Shipping{method ? ` (${method})` : ''}</dt>
      <dd className="tabular-nums">
        {totals.shipping === 0 ? 'Free' : formatMoney(totals.shipping)}
      </dd>
      <dt>{taxName(order)}</dt>
      <dd className="tabular-nums">
        {totals.pricesIncludeTax ? 'incl. ' : ''}
        {formatMoney(totals.tax)}
      </dd>
    </>
  );
}

/**
 * What an order costs, part by part: subtotal, shipping, tax and total, for orders placed with
 * shipping; nothing for older ones.
 */
export function OrderFigures({ order }: { order: Figured }) {
  if (!order.shipTo) return null;
  return (
    <dl className="grid grid-cols-[auto_auto] justify-start gap-x-3 gap-y-1 text-sm [&>dd]:text-end">
      <OrderFigureRows order={order} />
      <dt className="font-semibold">Total</dt>
      <dd className="font-semibold tabular-nums">{formatMoney(order.totals.total)}</dd>
    </dl>
  );
}

/**
 * The same parts, small, for a list's price cell under the total: a list of its own rather than
 * terms, as the list's cards already are a description list.
 */
export function OrderFiguresBrief({ order }: { order: Figured }) {
  if (!order.shipTo) return null;
  const { totals, shipping } = order;
  const parts = [
    ['Subtotal', formatMoney(totals.subtotal)],
    [
      `Shipping${shipping ? ` (${shipping.method})` : ''}`,
      totals.shipping === 0 ? 'Free' : formatMoney(totals.shipping),
    ],
    [taxName(order), `${totals.pricesIncludeTax ? 'incl. ' : ''}${formatMoney(totals.tax)}`],
  ];
  return (
    <ul className="text-base-content/70 flex flex-col text-xs">
      {parts.map(([label, amount]) => (
        // Wraps between its label and amount: a list's column stays narrow.
        <li key={label}>
          {label} <span className="whitespace-nowrap tabular-nums">{amount}</span>
        </li>
      ))}
    </ul>
  );
}
