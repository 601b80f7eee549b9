import { partialMatchKey } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { queryKeys } from './query-keys';

describe('queryKeys', () => {
  it("starts every key with its resource's root, so a change refreshes every view of it", () => {
    const { orders, tools, profile, auth } = queryKeys;
    for (const key of [
      orders.minePage('ann@example.com', 2),
      orders.everyonePage({ status: 'paid', page: 1 }),
      orders.detail('o1'),
    ])
      expect(partialMatchKey(key, orders.all)).toBe(true);
    expect(partialMatchKey(orders.minePage('ann@example.com', 2), orders.mine)).toBe(true);
    expect(partialMatchKey(orders.everyonePage({ page: 1 }), orders.everyone)).toBe(true);
    expect(partialMatchKey(queryKeys.users.list({ page: 2 }), queryKeys.users.all)).toBe(true);
    for (const key of [
      tools.list({ search: 'fan', page: 2 }),
      tools.detail('t1'),
      tools.managed({ page: 3, retired: true }),
    ])
      expect(partialMatchKey(key, tools.all)).toBe(true);
    expect(partialMatchKey(profile.detail('Ann@Example.com'), profile.all)).toBe(true);
    for (const key of [auth.session, auth.signInOptions, auth.token('a'), auth.admin('a')])
      expect(partialMatchKey(key, auth.all)).toBe(true);
  });

  it("keeps the signed-in user's token and admin check under the prefixes sign-out drops", () => {
    expect(partialMatchKey(queryKeys.auth.token('ann@example.com'), queryKeys.auth.tokens)).toBe(
      true,
    );
    expect(
      partialMatchKey(queryKeys.auth.admin('ann@example.com'), queryKeys.auth.adminChecks),
    ).toBe(true);
    expect(partialMatchKey(queryKeys.auth.session, queryKeys.auth.tokens)).toBe(false);
  });

  it('names one profile whatever the case of its email', () => {
    expect(queryKeys.profile.detail('Ann@Example.com')).toEqual(
      queryKeys.profile.detail('ann@example.com'),
    );
  });
});
