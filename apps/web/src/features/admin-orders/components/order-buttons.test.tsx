import { can, type Order, orderStatuses } from '@shop/shared';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { json, stubApi } from '../../../test/api';
import { anOrder } from '../../../test/orders';
import { renderWithApp } from '../../../test/render';
import { ManageAllOrders } from './manage-all-orders';
import { OrderAdminActions } from './order-admin-actions';

/** One order in each status, as Manage All Orders and the order page receive them. */
const orders = orderStatuses.map((status, index) =>
  anOrder({ _id: `o-${status}`, number: index + 1, tool: `Part ${status}`, status }),
);

/** Whether a button (or link) of this name is there. */
const offers = (scope: ReturnType<typeof within>, role: 'button' | 'link', name: string) =>
  scope.queryByRole(role, { name }) !== null;

describe("an admin's order buttons follow the state machine", () => {
  it('Manage All Orders offers Pending, Cancel and Ship exactly where `can` allows them', async () => {
    // The orders' page, and no carriers for the Ship dialog (it loads them when shown).
    stubApi(({ path }) =>
      path === '/api/carriers' ? json([]) : json(orders, { total: orders.length }),
    );
    renderWithApp(<ManageAllOrders />, { path: '/dashboard/manageAllOrders' });
    expect(await screen.findAllByTestId('admin-order-row')).toHaveLength(orders.length);
    const offered: string[] = [];
    for (const order of orders) {
      const row = within(
        screen
          .getAllByTestId('admin-order-row')
          .find((item) => item.textContent?.includes(order.tool))!,
      );
      const whose = `${order.userName}'s order of ${order.tool}`;
      const shown = {
        pending: offers(row, 'link', `Pending: payment of ${whose}`),
        cancel: offers(row, 'button', `Cancel ${whose}`),
        ship: offers(row, 'button', `Ship ${whose}`),
      };
      expect(shown, order.status).toEqual({
        pending: can(order, 'pay', 'buyer'),
        cancel: can(order, 'cancel', 'admin'),
        ship: can(order, 'ship', 'admin'),
      });
      offered.push(...Object.keys(shown).filter((key) => shown[key as keyof typeof shown]));
    }
    // Each button shows somewhere: the comparison is not of nothing with nothing.
    expect(offered.sort()).toEqual(['cancel', 'pending', 'ship']);
  });

  it("the order page's actions offer Ship, Mark delivered and Refund exactly where `can` allows them", () => {
    const offered = new Set<string>();
    for (const order of orders) {
      const { unmount } = renderWithApp(<OrderAdminActions order={order} />);
      const page = within(document.body);
      const shown = {
        ship: offers(page, 'button', 'Ship'),
        deliver: offers(page, 'button', 'Mark delivered'),
        refund: offers(page, 'button', 'Refund'),
        refundLines: offers(page, 'button', 'Refund lines'),
      };
      expect(shown, order.status).toEqual({
        ship: can(order, 'ship', 'admin'),
        deliver: can(order, 'deliver', 'admin'),
        // The whole order while it may be refunded whole; some lines of a delivered one.
        refund: can(order, 'refund', 'admin'),
        refundLines: can(order, 'refundLines', 'admin') && !can(order, 'refund', 'admin'),
      });
      for (const [key, on] of Object.entries(shown)) if (on) offered.add(key);
      unmount();
    }
    expect([...offered].sort()).toEqual(['deliver', 'refund', 'refundLines', 'ship']);
  });

  it('offers no refund of lines once every line is refunded', () => {
    const order: Order = {
      ...orders.find((candidate) => candidate.status === 'delivered')!,
      lines: orders[0]!.lines.map((line) => ({ ...line, refunded: true })),
    };
    renderWithApp(<OrderAdminActions order={order} />);
    expect(screen.queryByRole('button', { name: /Refund/ })).not.toBeInTheDocument();
  });
});
