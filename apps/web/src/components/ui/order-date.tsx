import type { Order } from '@shop/shared';
import { formatMediumDate } from '../../lib/format';

/** The day an order was placed, in the user's time zone and the shop's medium date style. */
export function OrderDate({ order }: { order: Pick<Order, 'createdAt'> }) {
  return <time dateTime={order.createdAt}>{formatMediumDate(new Date(order.createdAt))}</time>;
}
