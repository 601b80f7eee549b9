import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { type ApiCall, apiError, json, stubApi } from '../../../test/api';
import { anOrder } from '../../../test/orders';
import { renderWithApp } from '../../../test/render';
import { PaymentPanel } from './payment-panel';

const buyer = 'ada@example.com';
const unpaid = anOrder({ _id: 'o-1', number: 7, tool: 'Keyboard US Layout', userEmail: buyer });

/** The API of the payment page: the order, the test mode, and `intent` for the client secret. */
const paymentApi = (
  order: ReturnType<typeof anOrder>,
  intent: (call: ApiCall) => Response | Promise<Response> = () => json({ clientSecret: 'cs_1' }),
) =>
  stubApi((call) => {
    if (call.path === `/api/purchase/${order._id}`) return json(order);
    if (call.path === '/api/payment-config') return json({ provider: 'sandbox' });
    if (call.path === '/api/create-payment-intent') return intent(call);
    return apiError(404, 'NOT_FOUND', `nothing at ${call.path}`);
  });

const renderPanel = (orderId: string) =>
  renderWithApp(<PaymentPanel orderId={orderId} viewerEmail={buyer} />, {
    path: `/dashboard/payment/${orderId}`,
  });

describe('PaymentPanel', () => {
  it('shows the card form at once, and Pay waits for the client secret', async () => {
    let answerIntent: (response: Response) => void = () => {};
    const fetch = paymentApi(unpaid, () => new Promise((resolve) => (answerIntent = resolve)));
    renderPanel(unpaid._id);

    expect(await screen.findByLabelText('Card number')).toBeInTheDocument();
    expect(screen.getByText('Preparing the payment…')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Pay' })).toBeDisabled();
    const asked = fetch.mock.calls.find(([url]) => String(url).endsWith('/create-payment-intent'));
    expect(JSON.parse(String(asked?.[1]?.body))).toEqual({ orderId: unpaid._id });

    answerIntent(json({ clientSecret: 'cs_1' }));
    await vi.waitFor(() => expect(screen.getByRole('button', { name: 'Pay' })).toBeEnabled());
    expect(screen.queryByText('Preparing the payment…')).not.toBeInTheDocument();
  });

  it('asks nothing of a cancelled order: no price to pay, no card form', async () => {
    const cancelled = { ...unpaid, status: 'cancelled' as const, payBy: null };
    const fetch = paymentApi(cancelled);
    renderPanel(cancelled._id);

    expect(
      await screen.findByText('This order was cancelled. There is nothing to pay.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(/^Cancelled order: /);
    expect(screen.queryByText(/Please pay/)).not.toBeInTheDocument();
    expect(screen.queryByText('Get Your Delivery Soon')).not.toBeInTheDocument();
    expect(screen.queryByLabelText('Card number')).not.toBeInTheDocument();
    expect(fetch.mock.calls.some(([url]) => String(url).endsWith('/create-payment-intent'))).toBe(
      false,
    );
  });

  it('says when the order is not there', async () => {
    paymentApi(unpaid);
    renderPanel('00000000-0000-4000-8000-000000000000');
    expect(await screen.findByRole('alert')).toHaveTextContent('This order could not be loaded');
    expect(screen.queryByLabelText('Card number')).not.toBeInTheDocument();
  });
});
