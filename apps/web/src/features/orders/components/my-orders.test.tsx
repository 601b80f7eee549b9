import { can, type Order, orderStatuses } from '@shop/shared';
import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { paths } from '../../../lib/paths';
import { apiError, json, stubApi } from '../../../test/api';
import { anOrder as order } from '../../../test/orders';
import { renderWithApp } from '../../../test/render';
import { MyOrders } from './my-orders';

const email = 'ada@example.com';

const unpaid = order({ _id: 'o-1', number: 7, tool: 'Cooling Fan' });
const paid = order({
  _id: 'o-2',
  number: 6,
  tool: 'NVMe SSD 1TB',
  status: 'paid',
  paid: true,
  payBy: null,
  transactionId: 'pi_123',
});

const renderMyOrders = (onSessionRejected = vi.fn()) =>
  renderWithApp(<MyOrders email={email} onSessionRejected={onSessionRejected} />, {
    path: paths.dashboard.orders,
  });

const rowOf = (tool: string) => {
  const row = screen.getAllByTestId('order-row').find((item) => item.textContent?.includes(tool));
  if (!row) throw new Error(`No row for ${tool}`);
  return within(row);
};

describe('My Orders', () => {
  it('shows a spinner named for the orders while they load, and the title without a count', () => {
    stubApi(() => new Promise<Response>(() => {}));
    renderMyOrders();
    expect(screen.getByRole('status')).toHaveTextContent('Loading your orders');
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(/^My Orders$/);
  });

  it("asks for the signed-in user's first page, and says when there are no orders", async () => {
    const fetch = stubApi(() => json([], { total: 0 }));
    renderMyOrders();
    expect(await screen.findByText('You have no orders yet')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Browse the tools' })).toHaveAttribute(
      'href',
      `/#${paths.ourToolsAnchor}`,
    );
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('My Orders (0)');
    expect(screen.queryByTestId('order-row')).not.toBeInTheDocument();
    const [url] = fetch.mock.calls[0] ?? [];
    const asked = new URL(String(url), 'http://shop.test');
    expect(asked.pathname).toBe('/api/purchase');
    expect(asked.searchParams.get('userEmail')).toBe(email);
    expect(asked.searchParams.get('page')).toBe('1');
  });

  it("shows a failed load in the API's words, and Try again loads the orders", async () => {
    let failing = true;
    stubApi(() =>
      failing ? apiError(503, 'UNAVAILABLE', 'The shop is busy') : json([paid], { total: 1 }),
    );
    const { user } = renderMyOrders();
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByRole('heading')).toHaveTextContent('Your orders could not be loaded');
    expect(alert).toHaveTextContent('The shop is busy');

    failing = false;
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByTestId('order-row')).toHaveTextContent('NVMe SSD 1TB');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('ends the session when the API refuses it, without showing the failure', async () => {
    stubApi(() => apiError(401, 'UNAUTHORIZED', 'Please sign in again'));
    const onSessionRejected = vi.fn();
    renderMyOrders(onSessionRejected);
    await vi.waitFor(() => expect(onSessionRejected).toHaveBeenCalledTimes(1));
    expect(screen.getByRole('status')).toHaveTextContent('Loading your orders');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('offers Pay and Cancel for an unpaid order, and only its status for a paid one', async () => {
    stubApi(() => json([unpaid, paid], { total: 2 }));
    renderMyOrders();
    expect(await screen.findAllByTestId('order-row')).toHaveLength(2);
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('My Orders (2)');

    const unpaidRow = rowOf('Cooling Fan');
    expect(unpaidRow.getByRole('link', { name: 'Pay for Cooling Fan' })).toHaveAttribute(
      'href',
      paths.dashboard.payment('o-1'),
    );
    expect(
      unpaidRow.getByRole('button', { name: 'Cancel the order of Cooling Fan' }),
    ).toBeEnabled();
    expect(unpaidRow.getByText(/^Pay by/)).toBeInTheDocument();

    const paidRow = rowOf('NVMe SSD 1TB');
    expect(paidRow.getByText('paid', { exact: true })).toBeInTheDocument();
    expect(paidRow.getByText('Transaction id: pi_123')).toBeInTheDocument();
    expect(paidRow.queryByRole('link', { name: /^Pay/ })).not.toBeInTheDocument();
    expect(paidRow.queryByRole('button', { name: /^Cancel/ })).not.toBeInTheDocument();
    expect(paidRow.getByRole('link', { name: 'ORD-000006' })).toHaveAttribute(
      'href',
      paths.dashboard.order('o-2'),
    );
  });

  it('cancels an unpaid order after asking, and the row then says cancelled', async () => {
    const cancelled: Order = { ...unpaid, status: 'cancelled', payBy: null };
    let orders = [unpaid];
    const fetch = stubApi(({ method, path }) => {
      if (method === 'POST' && path === '/api/purchase/o-1/cancel') {
        orders = [cancelled];
        return json(cancelled);
      }
      return json(orders, { total: orders.length });
    });
    const { user } = renderMyOrders();
    await user.click(
      await screen.findByRole('button', { name: 'Cancel the order of Cooling Fan' }),
    );

    const dialog = screen.getByRole('dialog', { name: 'Cancel this order?' });
    expect(dialog).toHaveTextContent('You want to cancel your order of 2 × Cooling Fan');
    await user.click(within(dialog).getByRole('button', { name: 'Yes, cancel it' }));

    expect(await rowOf('Cooling Fan').findByText('cancelled', { exact: true })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Pay for Cooling Fan' })).not.toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1 })).toHaveFocus();
    expect(
      fetch.mock.calls.filter(([, init]) => init?.method === 'POST').map(([url]) => String(url)),
    ).toEqual(['/api/purchase/o-1/cancel']);
  });

  it('pages through the orders, 20 a page', async () => {
    const fetch = stubApi(({ query }) =>
      json(query.get('page') === '2' ? [paid] : [unpaid], { total: 21 }),
    );
    const { user } = renderMyOrders();
    const pages = await screen.findByRole('navigation', { name: 'Order pages' });
    expect(pages).toHaveTextContent('Page 1 of 2');
    expect(within(pages).getByRole('button', { name: 'Previous' })).toBeDisabled();

    await user.click(within(pages).getByRole('button', { name: 'Next' }));
    expect(await rowOf('NVMe SSD 1TB').findByRole('rowheader')).toHaveTextContent('21');
    expect(pages).toHaveTextContent('Page 2 of 2');
    expect(String(fetch.mock.lastCall?.[0])).toContain('page=2');
  });

  it('offers Pay and Cancel exactly when the state machine lets the buyer pay and cancel', async () => {
    const orders = orderStatuses.map((status, index) =>
      order({ _id: `s-${status}`, number: index + 1, tool: `Part ${status}`, status }),
    );
    stubApi(() => json(orders, { total: orders.length }));
    renderMyOrders();
    expect(await screen.findAllByTestId('order-row')).toHaveLength(orderStatuses.length);
    for (const shown of orders) {
      const row = rowOf(shown.tool);
      const buttons = {
        pay: row.queryByRole('link', { name: `Pay for ${shown.tool}` }) !== null,
        cancel: row.queryByRole('button', { name: `Cancel the order of ${shown.tool}` }) !== null,
      };
      expect(buttons, shown.status).toEqual({
        pay: can(shown, 'pay', 'buyer'),
        cancel: can(shown, 'cancel', 'buyer'),
      });
    }
  });
});
