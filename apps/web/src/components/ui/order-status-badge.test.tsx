import { type OrderStatus, orderStatuses } from '@shop/shared';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { OrderStatusBadge } from './order-status-badge';

/** The word each status shows, as docs/product.md names an order's states. */
const labels: Record<OrderStatus, string> = {
  unpaid: 'unpaid',
  paid: 'paid',
  shipped: 'shipped',
  delivered: 'delivered',
  cancelled: 'cancelled',
  refunded: 'refunded',
};

describe('OrderStatusBadge', () => {
  it.each(orderStatuses)('says "%s" in words', (status) => {
    render(<OrderStatusBadge status={status} />);
    expect(screen.getByText(labels[status], { exact: true })).toBeVisible();
  });
});
