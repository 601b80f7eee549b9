import { describe, expect, it } from 'vitest';
import {
  type OrderAction,
  type OrderActor,
  can,
  orderActions,
  statusAfter,
  statusesFor,
} from './order-actions';
import { type OrderStatus, orderStatuses } from './schemas/order';

/** What docs/product.md says each may do, written out again by hand: one line per allowed step. */
const allowed = new Set([
  'unpaid pay buyer',
  'unpaid pay shop',
  'unpaid cancel buyer',
  'unpaid cancel admin',
  'unpaid cancel shop',
  'paid ship admin',
  'shipped deliver admin',
  'paid refund admin',
  'shipped refund admin',
  'paid refund shop',
  'shipped refund shop',
  'delivered refund shop',
  'paid refundLines admin',
  'shipped refundLines admin',
  'delivered refundLines admin',
  'delivered requestReturn buyer',
]);
const actors: OrderActor[] = ['buyer', 'admin', 'shop'];

describe('the order state machine', () => {
  it('allows exactly the steps of the product, to each actor, from each status', () => {
    const seen: string[] = [];
    for (const status of orderStatuses)
      for (const action of orderActions)
        for (const actor of actors)
          if (can({ status }, action, actor)) seen.push(`${status} ${action} ${actor}`);
    expect(seen.sort()).toEqual([...allowed].sort());
  });

  it('answers the statuses an actor may start from, as the API filters its updates by', () => {
    expect(statusesFor('ship', 'admin')).toEqual(['paid']);
    expect(statusesFor('ship', 'buyer')).toEqual([]);
    expect(statusesFor('refund', 'admin')).toEqual(['paid', 'shipped']);
    expect(statusesFor('refund', 'shop')).toEqual(['paid', 'shipped', 'delivered']);
    expect(statusesFor('cancel', 'buyer')).toEqual(['unpaid']);
  });

  it('names where each step leads, and none for the steps that keep the status', () => {
    const after = Object.fromEntries(orderActions.map((action) => [action, statusAfter(action)]));
    expect(after).toEqual({
      pay: 'paid',
      cancel: 'cancelled',
      ship: 'shipped',
      deliver: 'delivered',
      refund: 'refunded',
      refundLines: undefined,
      requestReturn: undefined,
    } satisfies Record<OrderAction, OrderStatus | undefined>);
  });

  it('holds shipping and delivery while a refund is under way, and nothing else', () => {
    const refunding = (status: OrderStatus) => ({ status, refundUnderWay: true });
    expect(can(refunding('paid'), 'ship', 'admin')).toBe(false);
    expect(can(refunding('shipped'), 'deliver', 'admin')).toBe(false);
    expect(can(refunding('paid'), 'refund', 'admin')).toBe(true);
    expect(can(refunding('shipped'), 'refundLines', 'admin')).toBe(true);
    expect(can({ status: 'paid', refundUnderWay: false }, 'ship', 'admin')).toBe(true);
  });
});
