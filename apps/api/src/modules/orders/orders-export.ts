import type { Order, OrderFilter } from '@shop/shared';
import { stringify } from 'csv-stringify/sync';
import type { OrdersService } from './orders.service';

const COLUMNS = [
  'Order',
  'Placed',
  'Status',
  'Buyer',
  'Email',
  'Tools',
  'Units',
  'Total',
  'Transaction',
  'Address',
  'Phone',
  'Needed by',
];

const recordOf = (order: Order) => [
  order._id,
  order.createdAt,
  order.status,
  order.userName,
  order.userEmail,
  order.lines.map((line) => `${line.quantity} x ${line.tool}`).join('; '),
  order.quantity,
  order.price.toFixed(2),
  order.transactionId ?? '',
  order.address,
  order.phone,
  order.neededBy ?? '',
];

/**
 * The filtered orders as CSV, streamed: each batch is read from the database only when the
 * client has taken the one before (a pull stream), so a million rows never sit in memory. Cells
 * that a spreadsheet would run as a formula (=, +, -, @) are escaped: the buyers wrote them.
 */
export function ordersCsv(orders: Pick<OrdersService, 'exportBatches'>, filter: OrderFilter) {
  const batches = orders.exportBatches(filter);
  const encoder = new TextEncoder();
  let first = true;
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      const { value, done } = await batches.next();
      if (done && !first) return controller.close();
      const csv = stringify((value ?? []).map(recordOf), {
        header: first,
        columns: COLUMNS,
        escape_formulas: true,
      });
      first = false;
      controller.enqueue(encoder.encode(csv));
      if (done) controller.close();
    },
    async cancel() {
      await batches.return(undefined);
    },
  });
}
