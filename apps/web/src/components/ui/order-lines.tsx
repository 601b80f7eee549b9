import { formatMoney, type Order } from '@shop/shared';
import { formatCount } from '../../lib/format';
import { shippingMethodText, taxName } from './order-figures';

/**
 * What an order bought, compactly, for a list: the tool's name for one line ("NVMe SSD"), a
 * line per tool for several ("2 × Cooling Fan").
 */
export function OrderTools({ order }: { order: Pick<Order, 'tool' | 'lines'> }) {
  if (order.lines.length <= 1) return <>{order.tool}</>;
  return (
    <ul className="flex flex-col gap-0.5">
      {order.lines.map((line) => (
        <li key={line.toolId}>
          {formatCount(line.quantity)} × {line.tool}
        </li>
      ))}
    </ul>
  );
}

/** An order's lines with their pictures, quantities, unit prices and totals, and its total. */
export function OrderLinesTable({
  order,
}: {
  order: Pick<Order, 'lines' | 'price' | 'shipTo' | 'totals' | 'shipping'>;
}) {
  const { totals, shipping } = order;
  const included = totals.pricesIncludeTax ? 'incl. ' : '';
  // A line given back while others were kept says so; a whole refund says it in the status.
  const partlyRefunded =
    order.lines.some((line) => line.refunded) && order.lines.some((line) => !line.refunded);
  return (
    // Small type, narrow padding and wrapping names: the four columns fit a phone (360 px),
    // with a line's tax and a Refunded badge, and nothing to scroll.
    <table className="table-sm sm:table-md table max-sm:[&_td]:px-1.5 max-sm:[&_th]:px-1.5">
      <caption className="sr-only">The tools of this order</caption>
      <thead>
        <tr>
          <th scope="col">Tool</th>
          <th scope="col" className="text-end">
            Quantity
          </th>
          <th scope="col" className="text-end">
            Unit price
          </th>
          <th scope="col" className="text-end">
            Total
          </th>
        </tr>
      </thead>
      <tbody>
        {order.lines.map((line) => (
          <tr key={line.toolId}>
            <th scope="row" className="font-normal break-words">
              <span className="flex items-center gap-2">
                <img
                  src={line.img}
                  alt=""
                  width={40}
                  height={40}
                  className="bg-base-200 hidden size-10 shrink-0 rounded object-contain sm:block"
                />
                <span>
                  {line.tool}
                  {partlyRefunded && line.refunded && (
                    <span className="badge badge-sm badge-outline ms-2 align-middle">Refunded</span>
                  )}
                </span>
              </span>
            </th>
            <td className="text-end">{formatCount(line.quantity)}</td>
            <td className="text-end whitespace-nowrap">{formatMoney(line.unitPrice)}</td>
            <td className="text-end whitespace-nowrap">
              {formatMoney(line.price)}
              {order.shipTo && line.tax > 0 && (
                // The tax's words may wrap: on a phone the column stays as narrow as the price.
                <span className="text-base-content/70 block text-xs whitespace-normal">
                  {included || '+ '}
                  {formatMoney(line.tax)} {totals.taxName}
                </span>
              )}
            </td>
          </tr>
        ))}
      </tbody>
      <tfoot>
        {order.shipTo && (
          <>
            <tr>
              <th scope="row" colSpan={3} className="text-end font-normal">
                Subtotal
              </th>
              <td className="text-end font-normal whitespace-nowrap">
                {formatMoney(totals.subtotal)}
              </td>
            </tr>
            <tr>
              <th scope="row" colSpan={3} className="text-end font-normal">
                Shipping{shipping ? ` (${shippingMethodText(shipping)})` : ''}
              </th>
              <td className="text-end font-normal whitespace-nowrap">
                {totals.shipping === 0 ? 'Free' : formatMoney(totals.shipping)}
              </td>
            </tr>
            <tr>
              <th scope="row" colSpan={3} className="text-end font-normal">
                {taxName(order)}
              </th>
              <td className="text-end font-normal whitespace-nowrap">
                {included}
                {formatMoney(totals.tax)}
              </td>
            </tr>
          </>
        )}
        <tr>
          <th scope="row" colSpan={3} className="text-end">
            Order total
          </th>
          <td className="text-end font-semibold whitespace-nowrap">{formatMoney(order.price)}</td>
        </tr>
      </tfoot>
    </table>
  );
}
