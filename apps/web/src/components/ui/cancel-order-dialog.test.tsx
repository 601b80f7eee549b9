import { formatMoney } from '@shop/shared';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { anOrder } from '../../test/orders';
import { CancelOrderDialog } from './cancel-order-dialog';

const order = anOrder({ _id: 'o-1', number: 7, tool: 'Cooling Fan', quantity: 1200, price: 15000 });

const renderDialog = (props: Partial<Parameters<typeof CancelOrderDialog>[0]> = {}) => {
  const onConfirm = vi.fn();
  const onCancel = vi.fn();
  const view = render(
    <CancelOrderDialog
      order={order}
      whose={(shown) => `${shown.userName.split(' ')[0]}'s unpaid`}
      busy={false}
      error={null}
      onConfirm={onConfirm}
      onCancel={onCancel}
      {...props}
    />,
  );
  return { ...view, onConfirm, onCancel, user: userEvent.setup() };
};

describe('CancelOrderDialog', () => {
  it('stays closed without an order, and names whose order, what and its price when open', () => {
    const { rerender, onConfirm, onCancel } = renderDialog({ order: null });
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

    rerender(
      <CancelOrderDialog
        order={order}
        whose={() => 'your'}
        busy={false}
        error={null}
        onConfirm={onConfirm}
        onCancel={onCancel}
      />,
    );
    expect(screen.getByRole('dialog', { name: 'Cancel this order?' })).toHaveTextContent(
      `You want to cancel your order of 1,200 × Cooling Fan (${formatMoney(15000)}). Its units go back on sale.`,
    );
  });

  it('keeps the order on "Keep the order", cancels on "Yes, cancel it", and waits while busy', async () => {
    const { user, onConfirm, onCancel, rerender } = renderDialog();
    const dialog = screen.getByRole('dialog', { name: 'Cancel this order?' });
    expect(dialog).toHaveTextContent("You want to cancel Ada's unpaid order of");
    expect(within(dialog).getByRole('button', { name: 'Keep the order' })).toHaveFocus();

    await user.click(within(dialog).getByRole('button', { name: 'Keep the order' }));
    expect(onCancel).toHaveBeenCalledTimes(1);
    await user.click(within(dialog).getByRole('button', { name: 'Yes, cancel it' }));
    expect(onConfirm).toHaveBeenCalledTimes(1);

    rerender(
      <CancelOrderDialog
        order={order}
        whose={() => 'your'}
        busy
        error="The order was paid in the meantime"
        onConfirm={onConfirm}
        onCancel={onCancel}
      />,
    );
    expect(within(dialog).getByRole('button', { name: 'Yes, cancel it' })).toBeDisabled();
    expect(within(dialog).getByRole('button', { name: 'Keep the order' })).toBeDisabled();
    expect(within(dialog).getByRole('alert')).toHaveTextContent(
      'The order was paid in the meantime',
    );
  });
});
