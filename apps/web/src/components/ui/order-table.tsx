import { formatMoney, formatOrderNumber, type Order } from '@shop/shared';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { paths } from '../../lib/paths';
import { formatCalendarDay, formatCount } from '../../lib/format';
import { type DataColumn, DataTable } from './data-table';
import { EmailAddress } from './email-address';
import { OrderDate } from './order-date';
import { OrderTools } from './order-lines';
import { OrderFiguresBrief, ShipToAddress, destinationText } from './order-figures';

const neededBy = (order: Order) => (order.neededBy ? formatCalendarDay(order.neededBy) : '—');

interface OrderTableProps {
  orders: readonly Order[];
  /** The list's name for screen readers, "My orders"; the table is "My orders table". */
  label: string;
  /** Every customer's orders (Manage All Orders): with the email, address and needed-by date. */
  everyone?: boolean;
  rowTestId: string;
  /** The last column: the order's state and what can be done with it. */
  actions: (order: Order) => ReactNode;
  /** How many orders came on the pages before this one: the numbers go on from there. */
  numberedFrom?: number;
}

/** A list of orders (My Orders, Manage All Orders) in the responsive data table. */
export function OrderTable({
  orders,
  label,
  everyone = false,
  rowTestId,
  actions,
  numberedFrom = 0,
}: OrderTableProps) {
  const columns: DataColumn<Order>[] = [
    { header: '#', rowHeader: true, cell: (_order, index) => numberedFrom + index + 1 },
    { header: 'Name', cell: (order) => order.userName },
    ...(everyone
      ? [{ header: 'Email', cell: (order: Order) => <EmailAddress email={order.userEmail} /> }]
      : []),
    {
      header: 'Tool',
      cell: (order) => (
        <div className="flex flex-col items-start gap-1">
          <OrderTools order={order} />
          {!everyone && order.shipTo && (
            <span className="text-base-content/70 text-xs whitespace-pre-line">
              To {destinationText(order.shipTo)}
            </span>
          )}
          {/* Every order's page, by the number every screen, email and PDF names it by
              (issue 49): its invoice, returns, delivery and refunds live there. */}
          <Link
            to={paths.dashboard.order(order._id)}
            className="link link-primary text-xs whitespace-nowrap"
          >
            {formatOrderNumber(order.number)}
          </Link>
        </div>
      ),
    },
    { header: 'Quantity', align: 'end', cell: (order) => formatCount(order.quantity) },
    {
      header: 'Price',
      align: 'end',
      cell: (order) => (
        // Wide enough for "Subtotal $ 39.95" on a line, narrow enough to keep the list a table.
        <div className="flex min-w-24 flex-col gap-0.5">
          <span className="whitespace-nowrap">{formatMoney(order.price)}</span>
          <OrderFiguresBrief order={order} />
        </div>
      ),
    },
    ...(everyone
      ? [
          {
            header: 'Address',
            className: 'whitespace-pre-line break-words',
            cell: (order: Order) => <ShipToAddress order={order} />,
          },
          { header: 'Needed by', className: 'whitespace-nowrap', cell: neededBy },
        ]
      : [
          {
            header: 'Date',
            className: 'whitespace-nowrap',
            cell: (order: Order) => <OrderDate order={order} />,
          },
        ]),
    { header: 'Payment', cell: actions },
  ];
  return (
    <DataTable
      rows={orders}
      rowKey={(order) => order._id}
      columns={columns}
      tableClassName={everyone ? 'table-sm table' : 'table'}
      label={label}
      rowTestId={rowTestId}
    />
  );
}
