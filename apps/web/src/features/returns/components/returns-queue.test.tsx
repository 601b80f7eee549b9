import type { ReturnRequest } from '@shop/shared';
import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { apiError, json, stubApi } from '../../../test/api';
import { renderWithApp } from '../../../test/render';
import { ReturnsQueue } from './returns-queue';

const requested: ReturnRequest = {
  _id: 'r-1',
  orderId: 'o-1',
  orderNumber: 7,
  status: 'requested',
  reason: 'faulty',
  comment: 'It rattles',
  message: null,
  lines: [{ toolId: 't-1', tool: 'Cooling Fan', quantity: 2, resaleable: null }],
  feePercent: 0,
  refund: null,
  buyerName: 'Ada Lovelace',
  buyerEmail: 'ada@example.com',
  requestedAt: '2026-12-01T10:00:00.000Z',
  updatedAt: '2026-12-01T10:00:00.000Z',
};

/** The `status` each `GET /api/returns` asked for ('' for all of them). */
const askedStatuses = (fetch: ReturnType<typeof stubApi>) =>
  fetch.mock.calls.map(
    ([url]) => new URL(String(url), 'http://shop.test').searchParams.get('status') ?? '',
  );

describe('ReturnsQueue', () => {
  it('opens on the returns to act on, and says when none is waiting', async () => {
    const fetch = stubApi(() => json([]));
    renderWithApp(<ReturnsQueue />, { path: '/dashboard/returns' });
    expect(screen.getByRole('status')).toHaveTextContent('Loading the returns');
    expect(await screen.findByText('No return is waiting for the shop.')).toBeInTheDocument();
    expect(screen.getByLabelText('Status')).toHaveDisplayValue(
      'To act on: to decide, on their way back, to refund',
    );
    expect(askedStatuses(fetch)).toEqual(['open']);
  });

  it('asks again for the status chosen, and says what none of them is', async () => {
    const fetch = stubApi(() => json([]));
    const { user } = renderWithApp(<ReturnsQueue />);
    await screen.findByText('No return is waiting for the shop.');

    await user.selectOptions(screen.getByLabelText('Status'), 'Authorised, on their way back');
    expect(await screen.findByText('No return is authorised.')).toBeInTheDocument();
    await user.selectOptions(screen.getByLabelText('Status'), 'All returns');
    expect(await screen.findByText('No return was asked yet.')).toBeInTheDocument();
    expect(askedStatuses(fetch)).toEqual(['open', 'authorised', '']);
  });

  it('shows each return with its order, buyer, parts and the next steps', async () => {
    stubApi(() => json([requested, { ...requested, _id: 'r-2', status: 'received' }]));
    renderWithApp(<ReturnsQueue />);
    const cards = await screen.findAllByRole('listitem');
    expect(cards).toHaveLength(2);

    const first = within(cards[0]!);
    expect(first.getByText('Requested: waiting for the shop')).toBeInTheDocument();
    expect(first.getByRole('link', { name: 'Order ORD-000007' })).toHaveAttribute(
      'href',
      '/dashboard/orders/o-1',
    );
    expect(cards[0]).toHaveTextContent('Ada Lovelace (ada@example.com)');
    expect(cards[0]).toHaveTextContent('2 × Cooling Fan · Faulty');
    expect(first.getByText('Comment: It rattles')).toBeInTheDocument();
    expect(first.getByRole('button', { name: 'Authorise' })).toBeInTheDocument();
    expect(first.getByRole('button', { name: 'Refuse' })).toBeInTheDocument();

    const second = within(cards[1]!);
    expect(second.getByText('Received: the refund follows')).toBeInTheDocument();
    expect(second.getByRole('button', { name: 'Refund' })).toBeInTheDocument();
    expect(second.queryByRole('button', { name: 'Authorise' })).not.toBeInTheDocument();
  });

  it('refuses a return with a message once asked, and keeps the dialog open on a failure', async () => {
    let failing = true;
    const fetch = stubApi(({ method }) => {
      if (method === 'POST')
        return failing
          ? apiError(409, 'CONFLICT', 'This return was decided already')
          : json({ ...requested, status: 'refused' });
      return json([requested]);
    });
    const { user } = renderWithApp(<ReturnsQueue />);
    await user.click(await screen.findByRole('button', { name: 'Refuse' }));

    const dialog = screen.getByRole('dialog', { name: 'Refuse this return?' });
    await user.type(within(dialog).getByLabelText('Message to the buyer'), 'Opened and used');
    await user.click(within(dialog).getByRole('button', { name: 'Refuse' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'This return was decided already',
    );
    expect(dialog).toBeVisible();

    failing = false;
    await user.click(within(dialog).getByRole('button', { name: 'Refuse' }));
    await vi.waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const sent = fetch.mock.calls.filter(([, init]) => init?.method === 'POST');
    expect(String(sent[0]?.[0])).toBe('/api/returns/r-1/refuse');
    expect(JSON.parse(String(sent[0]?.[1]?.body))).toEqual({ message: 'Opened and used' });
  });
});
