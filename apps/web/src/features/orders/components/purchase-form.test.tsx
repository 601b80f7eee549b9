import { messages } from '@shop/shared';
import { screen } from '@testing-library/react';
import { toast } from 'sonner';
import { describe, expect, it, vi } from 'vitest';
import { apiError, json } from '../../../test/api';
import { berlin, fillDelivery, keysSentTo, stubOrderApi } from '../../../test/delivery';
import { anOrder } from '../../../test/orders';
import { renderWithApp } from '../../../test/render';
import { aTool } from '../../../test/tools';
import { PurchaseForm } from './purchase-form';

vi.mock('sonner', () => ({ toast: { success: vi.fn() } }));

const placed = anOrder({ _id: 'o-2', number: 2, tool: 'Cooling Fan' });

const renderPurchase = (initialNeededBy = '') => {
  const onPurchased = vi.fn();
  const rendered = renderWithApp(
    <PurchaseForm
      tool={aTool({ minOrderQuantity: 2, availableQuantity: 5 })}
      buyer={{ name: 'Ada Lovelace', email: 'ada@example.com' }}
      initialNeededBy={initialNeededBy}
      onPurchased={onPurchased}
    />,
    { path: '/tools/t-1' },
  );
  return { ...rendered, onPurchased };
};

describe('PurchaseForm (useOrderForm)', () => {
  it('starts at the minimum quantity and sends the tool, the quantity and the delivery with a key', async () => {
    const fetch = stubOrderApi(() => json(placed, { status: 201 }));
    const { user, onPurchased } = renderPurchase('2099-06-01');
    expect(screen.getByLabelText('Quantity')).toHaveValue(2);
    expect(screen.getByLabelText('Needed by')).toHaveValue('2099-06-01');
    await user.clear(screen.getByLabelText('Quantity'));
    await user.type(screen.getByLabelText('Quantity'), '3');
    await fillDelivery(user);
    await user.click(screen.getByRole('button', { name: 'Purchase' }));
    await vi.waitFor(() => expect(onPurchased).toHaveBeenCalledWith(placed));
    expect(toast.success).toHaveBeenCalledWith(messages.success.purchased);
    const sent = fetch.mock.calls.find(([input]) => String(input).endsWith('/api/purchase'));
    expect(JSON.parse(String(sent?.[1]?.body))).toEqual({
      toolId: 't-1',
      quantity: 3,
      ...berlin,
      neededBy: '2099-06-01',
    });
    expect(keysSentTo(fetch, '/api/purchase')).toEqual([expect.stringMatching(/^[0-9a-f]{32}$/)]);
  });

  it('tells a refusal (stock gone) in red above Purchase, keeps the quantity, and orders once on a retry', async () => {
    const answers = [
      () => apiError(409, 'OUT_OF_STOCK', 'Not enough stock left'),
      () => json(placed, { status: 201 }),
    ];
    const fetch = stubOrderApi(() => answers.shift()!());
    const { user, onPurchased } = renderPurchase();
    await fillDelivery(user);
    await user.click(screen.getByRole('button', { name: 'Purchase' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Not enough stock left');
    expect(screen.getByLabelText('Quantity')).toHaveValue(2);
    expect(onPurchased).not.toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: 'Purchase' }));
    await vi.waitFor(() => expect(onPurchased).toHaveBeenCalledTimes(1));
    // A refused attempt is over: the next one has a key of its own.
    const [refused, accepted] = keysSentTo(fetch, '/api/purchase');
    expect(accepted).not.toBe(refused);
  });
});
