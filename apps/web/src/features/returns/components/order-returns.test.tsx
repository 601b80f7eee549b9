import { can, orderStatuses } from '@shop/shared';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { json, stubApi } from '../../../test/api';
import { anOrder } from '../../../test/orders';
import { renderWithApp } from '../../../test/render';
import { OrderReturns } from './order-returns';

describe("an order's returns", () => {
  it('offer the buyer "Return parts" exactly where the state machine lets them ask', async () => {
    stubApi(({ path }) =>
      json(path === '/api/settings/returns' ? { windowDays: 30, restockingFees: {} } : []),
    );
    const offered: string[] = [];
    for (const [index, status] of orderStatuses.entries()) {
      const order = anOrder({ _id: `o-${status}`, number: index + 1, tool: 'Fan', status });
      const { unmount } = renderWithApp(<OrderReturns order={order} isBuyer isAdmin={false} />);
      // The section shows once the order was delivered; its returns load first.
      if (screen.queryByRole('heading', { name: 'Returns' })) {
        await screen.findByText(/No return asked/);
      }
      const button = screen.queryByRole('button', { name: 'Return parts' }) !== null;
      expect(button, status).toBe(can(order, 'requestReturn', 'buyer'));
      if (button) offered.push(status);
      unmount();
    }
    expect(offered).toEqual(['delivered']);
  });

  it('offer an admin no "Return parts": the request is the buyer\'s', async () => {
    stubApi(({ path }) =>
      json(path === '/api/settings/returns' ? { windowDays: 30, restockingFees: {} } : []),
    );
    const order = anOrder({ _id: 'o-1', number: 1, tool: 'Fan', status: 'delivered' });
    renderWithApp(<OrderReturns order={order} isBuyer={false} isAdmin />);
    await screen.findByText(/No return asked/);
    expect(screen.queryByRole('button', { name: 'Return parts' })).not.toBeInTheDocument();
  });
});
