import { formatMoney, messages } from '@shop/shared';
import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../lib/api-client';
import { aCartLine as line } from '../../../test/cart';
import { renderWithApp } from '../../../test/render';
import type { CartHandle } from '../hooks/use-cart';
import { cartOf } from '../utils/cart-lines';
import { CartView } from './cart-view';

const fan = line({ toolId: 't-1', name: 'Cooling Fan' });
const battery = line({
  toolId: 't-2',
  name: 'Battery',
  title: 'ThinkPad T480 Battery 24Wh',
  quantity: 1,
  unitPrice: 60,
  addedUnitPrice: 50,
  price: 60,
  minOrderQuantity: 1,
  availableQuantity: 10,
});

/** The cart's changes, as the screen's handle makes them (to the API or the browser). */
const aHandle = () => {
  const handle = {
    setQuantity: vi.fn<CartHandle['setQuantity']>(async () => {}),
    remove: vi.fn<CartHandle['remove']>(async () => {}),
  };
  return { handle, asHandle: handle as unknown as CartHandle };
};

describe('CartView', () => {
  it('shows each line with its unit price and total, a moved price, the subtotal and Checkout', () => {
    const { asHandle } = aHandle();
    renderWithApp(<CartView cart={cartOf([fan, battery])} handle={asHandle} />, { path: '/cart' });
    const lines = screen.getAllByTestId('cart-line');
    expect(lines).toHaveLength(2);
    const batteryLine = within(
      screen.getByRole('listitem', { name: 'ThinkPad T480 Battery 24Wh' }),
    );
    expect(batteryLine.getByText(`${formatMoney(60)} each`)).toBeInTheDocument();
    expect(
      batteryLine.getByText(
        `Price went up since you added it: was ${formatMoney(50)}, now ${formatMoney(60)}.`,
      ),
    ).toBeInTheDocument();
    expect(screen.getByText('Subtotal (3 items)')).toBeInTheDocument();
    expect(screen.getByTestId('cart-subtotal')).toHaveTextContent(formatMoney(85));
    expect(screen.getByRole('link', { name: 'Checkout' })).toHaveAttribute('href', '/checkout');
  });

  it("keeps a line's quantity within its minimum and its stock, and sends each step", async () => {
    const { handle, asHandle } = aHandle();
    const full = line({ toolId: 't-4', name: 'Hinge', quantity: 3, price: 37.5 });
    const { user } = renderWithApp(<CartView cart={cartOf([fan, full])} handle={asHandle} />);
    // At the minimum (2 of 2..3): one fewer is not offered; at the stock, one more is not.
    expect(screen.getByRole('button', { name: 'One fewer Cooling Fan' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'One more Hinge' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'One fewer Hinge' })).toBeEnabled();

    await user.click(screen.getByRole('button', { name: 'One more Cooling Fan' }));
    expect(handle.setQuantity).toHaveBeenCalledWith('t-1', 3, 12.5);

    const quantity = screen.getByRole('spinbutton', { name: 'Quantity of Hinge' });
    await user.clear(quantity);
    await user.type(quantity, '9{Enter}');
    const notice = messages.quantityNotice(2, 3);
    expect(screen.getByRole('status')).toHaveTextContent(notice);
    expect(quantity).toHaveAttribute('aria-invalid', 'true');
    expect(quantity).toHaveAccessibleDescription(notice);
    // Out of bounds, nothing is sent.
    expect(handle.setQuantity).toHaveBeenCalledTimes(1);
  });

  it('holds the checkout back for a line no longer sold, and shows a failed removal on its line', async () => {
    const { handle, asHandle } = aHandle();
    handle.remove.mockRejectedValueOnce(new ApiError(503, 'UNAVAILABLE', 'The shop is busy'));
    const retired = line({ toolId: 't-3', name: 'Old Keyboard', onSale: false });
    const { user } = renderWithApp(<CartView cart={cartOf([fan, retired])} handle={asHandle} />);

    const retiredLine = within(screen.getByRole('listitem', { name: 'Old Keyboard' }));
    expect(
      retiredLine.getByText('Old Keyboard is no longer available. Remove it to check out.'),
    ).toBeInTheDocument();
    expect(retiredLine.getByText('Quantity: 2')).toBeInTheDocument();
    expect(retiredLine.queryByRole('spinbutton')).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Checkout' })).not.toBeInTheDocument();
    expect(
      screen.getByText('Change or remove the lines marked in red to check out.'),
    ).toBeVisible();
    // What is no longer sold is not in the subtotal.
    expect(screen.getByTestId('cart-subtotal')).toHaveTextContent(formatMoney(25));

    await user.click(retiredLine.getByRole('button', { name: 'Remove Old Keyboard' }));
    expect(handle.remove).toHaveBeenCalledWith('t-3');
    expect(await retiredLine.findByRole('alert')).toHaveTextContent('The shop is busy');
    expect(retiredLine.getByRole('button', { name: 'Remove Old Keyboard' })).toBeEnabled();
  });
});
