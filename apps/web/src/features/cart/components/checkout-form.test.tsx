import { messages } from '@shop/shared';
import { screen } from '@testing-library/react';
import { toast } from 'sonner';
import { describe, expect, it, vi } from 'vitest';
import { apiError, json } from '../../../test/api';
import { aCartLine } from '../../../test/cart';
import { berlin, fillDelivery, keysSentTo, stubOrderApi } from '../../../test/delivery';
import { errorOf } from '../../../test/fields';
import { anOrder } from '../../../test/orders';
import { renderWithApp } from '../../../test/render';
import { cartOf } from '../utils/cart-lines';
import { CheckoutForm } from './checkout-form';

vi.mock('sonner', () => ({ toast: { success: vi.fn() } }));

const fan = aCartLine({ toolId: 't-1', name: 'Cooling Fan' });
const buyer = { name: 'Ada Lovelace', email: 'ada@example.com' };
const placed = anOrder({ _id: 'o-1', number: 1, tool: 'Cooling Fan' });

const renderCheckout = (initialNeededBy = '') => {
  const onPlaced = vi.fn();
  const rendered = renderWithApp(
    <CheckoutForm
      cart={cartOf([fan])}
      buyer={buyer}
      initialNeededBy={initialNeededBy}
      onPlaced={onPlaced}
    />,
    { path: '/checkout' },
  );
  return { ...rendered, onPlaced };
};

const placeOrder = () => screen.getByRole('button', { name: 'Place order' });

describe('CheckoutForm (useOrderForm)', () => {
  it("starts from Our Moto's day, sends the delivery with a key, then says so and hands the order on", async () => {
    const fetch = stubOrderApi(() => json(placed, { status: 201 }));
    const { user, onPlaced } = renderCheckout('2099-05-31');
    expect(screen.getByLabelText('Name')).toHaveValue('Ada Lovelace');
    expect(screen.getByLabelText('Email')).toHaveValue('ada@example.com');
    expect(screen.getByLabelText('Needed by')).toHaveValue('2099-05-31');
    await fillDelivery(user);
    await user.click(placeOrder());
    await vi.waitFor(() => expect(onPlaced).toHaveBeenCalledWith(placed));
    expect(toast.success).toHaveBeenCalledWith(messages.success.orderPlaced);
    const sent = fetch.mock.calls.find(([input]) => String(input).endsWith('/api/checkout'));
    expect(JSON.parse(String(sent?.[1]?.body))).toEqual({ ...berlin, neededBy: '2099-05-31' });
    expect(keysSentTo(fetch, '/api/checkout')).toEqual([expect.stringMatching(/^[0-9a-f]{32}$/)]);
  });

  it('refuses a day already over, with the shared message, and sends nothing', async () => {
    const fetch = stubOrderApi(() => json(placed, { status: 201 }));
    const { user } = renderCheckout();
    expect(screen.getByLabelText('Needed by')).toHaveValue('');
    await fillDelivery(user);
    await user.type(screen.getByLabelText('Needed by'), '2020-01-01');
    await user.click(placeOrder());
    expect(errorOf(await screen.findByLabelText('Needed by'))).toBe(
      messages.validation.neededByPast,
    );
    expect(keysSentTo(fetch, '/api/checkout')).toEqual([]);
  });

  it("puts a refusal's words in the alert and under its field, and keeps what was typed", async () => {
    stubOrderApi(() =>
      apiError(400, 'VALIDATION_FAILED', 'The city is not known', { city: ['Unknown city'] }),
    );
    const { user, onPlaced } = renderCheckout();
    await fillDelivery(user);
    await user.click(placeOrder());
    expect(await screen.findByRole('alert')).toHaveTextContent('The city is not known');
    expect(errorOf(screen.getByLabelText('City'))).toBe('Unknown city');
    expect(screen.getByLabelText('City')).toHaveValue('Berlin');
    expect(onPlaced).not.toHaveBeenCalled();
  });

  it('sends a retry after no answer with the same key, and a new one after a refusal', async () => {
    const answers = [
      () => apiError(503, 'DATABASE_UNAVAILABLE', 'Try again in a moment'),
      () => apiError(409, 'OUT_OF_STOCK', 'Cooling Fan is short'),
      () => json(placed, { status: 201 }),
    ];
    const fetch = stubOrderApi(() => (answers.shift() ?? answers[0]!)());
    const { user, onPlaced } = renderCheckout();
    await fillDelivery(user);
    await user.click(placeOrder());
    expect(await screen.findByRole('alert')).toHaveTextContent('Try again in a moment');
    await user.click(placeOrder());
    expect(await screen.findByText('Cooling Fan is short')).toBeInTheDocument();
    await user.click(placeOrder());
    await vi.waitFor(() => expect(onPlaced).toHaveBeenCalledWith(placed));
    const [first, second, third] = keysSentTo(fetch, '/api/checkout');
    expect(second).toBe(first);
    expect(third).not.toBe(first);
  });
});
