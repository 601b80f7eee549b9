import type { OrderStatus } from '@shop/shared';

const tone: Record<OrderStatus, string> = {
  unpaid: 'badge-warning',
  paid: 'badge-success',
  shipped: 'badge-info',
  delivered: 'badge-success',
  cancelled: 'badge-neutral',
  refunded: 'badge-neutral',
};

/** An order's state in words ("paid", "shipped", "cancelled"), as the product's badges say it. */
export function OrderStatusBadge({ status }: { status: OrderStatus }) {
  return (
    <span className={`badge badge-soft ${tone[status]} font-medium whitespace-nowrap`}>
      {status}
    </span>
  );
}
