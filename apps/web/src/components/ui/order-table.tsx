import type { Order } from '@shop/shared';
import type { ReactNode } from 'react';
import { formatCalendarDay, formatCount, formatPrice } from '../../lib/format';
import { type DataCards, type DataColumn, DataTable } from './data-table';

/** A long address may wrap before its "@", and nowhere else. */
function EmailBreakable({ email }: { email: string }) {
  const at = email.lastIndexOf('@');
  if (at <= 0) return <span className="break-all">{email}</span>;
  return (
    <span>
      {email.slice(0, at)}
      <wbr />
      {email.slice(at)}
    </span>
  );
}

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
}

/** A list of orders (My Orders, Manage All Orders): cards on phones, the table on wider screens. */
export function OrderTable({
  orders,
  label,
  everyone = false,
  rowTestId,
  actions,
}: OrderTableProps) {
  const columns: DataColumn<Order>[] = [
    { header: '#', rowHeader: true, cell: (_order, index) => index + 1 },
    { header: 'Name', className: 'whitespace-nowrap', cell: (order) => order.userName },
    ...(everyone
      ? [{ header: 'Email', cell: (order: Order) => <EmailBreakable email={order.userEmail} /> }]
      : []),
    { header: 'Tool', className: everyone ? 'min-w-28' : 'min-w-40', cell: (order) => order.tool },
    {
      header: 'Quantity',
      headerClassName: 'text-right',
      className: 'text-right',
      cell: (order) => formatCount(order.quantity),
    },
    {
      header: 'Price',
      headerClassName: 'text-right',
      className: 'text-right whitespace-nowrap',
      cell: (order) => formatPrice(order.price),
    },
    ...(everyone
      ? [
          {
            header: 'Address',
            className: 'min-w-40 whitespace-pre-line',
            cell: (order: Order) => order.address,
          },
          { header: 'Needed by', className: 'whitespace-nowrap', cell: neededBy },
        ]
      : []),
    { header: 'Payment', cell: actions },
  ];
  const fields: DataCards<Order>['fields'] = [
    { label: 'Name', value: (order) => order.userName },
    ...(everyone
      ? [{ label: 'Email', value: (order: Order) => order.userEmail, className: 'break-words' }]
      : []),
    { label: 'Quantity', value: (order) => formatCount(order.quantity) },
    ...(everyone
      ? [
          {
            label: 'Address',
            value: (order: Order) => order.address,
            className: 'whitespace-pre-line',
          },
          { label: 'Needed by', value: neededBy },
        ]
      : []),
  ];
  return (
    <DataTable
      rows={orders}
      rowKey={(order) => order._id}
      columns={columns}
      tableClassName={everyone ? 'table-zebra table-sm table' : 'table-zebra table'}
      label={`${label} table`}
      rowTestId={rowTestId}
      // Small screens: one card per order, with its actions in reach (nine columns do not fit
      // until md).
      cards={{
        below: everyone ? 'md' : 'sm',
        label,
        title: (order) => order.tool,
        aside: (order) => formatPrice(order.price),
        fields,
        footer: actions,
      }}
    />
  );
}
