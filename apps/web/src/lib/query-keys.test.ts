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
      orders.history('o1'),
      // A payment issues the invoice, a refund a credit note: both refresh `orders.all`.
      orders.documents('o1'),
      // Each step of a return refreshes the order's returns and the back office's list.
      orders.returns('o1'),
      orders.returnQueue('requested'),
    ])
      expect(partialMatchKey(key, orders.all)).toBe(true);
    expect(orders.documents('o1')).not.toEqual(orders.documents('o2'));
    expect(partialMatchKey(orders.documents('o1'), orders.detail('o1'))).toBe(false);
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

  it('keeps the parts catalogue under its roots: the search, the models a part fits, a laptop page', () => {
    const { tools, laptops, categories } = queryKeys;
    // What a change of the tools (stock, price, part details, removal) refreshes.
    for (const key of [
      tools.search({ q: 't480 battery', category: 'battery', page: 2 }),
      tools.fits('t1'),
      tools.everyFits,
      laptops.page('lenovo-thinkpad-t480'),
    ])
      expect(partialMatchKey(key, tools.all)).toBe(true);
    // Each part's models under one prefix, which no other view of the tools shares.
    expect(partialMatchKey(tools.fits('t1'), tools.everyFits)).toBe(true);
    for (const key of [
      tools.detail('t1'),
      tools.list({ page: 1 }),
      tools.managed({ page: 1 }),
      tools.search({ q: 'fits' }),
      laptops.page('fits'),
    ])
      expect(partialMatchKey(key, tools.everyFits)).toBe(false);
    // Two parts' models, two queries: the same part's, one.
    expect(tools.fits('t1')).not.toEqual(tools.fits('t2'));
    expect(tools.fits('t1')).toEqual(tools.fits('t1'));
    // The picker's brands and lists are the laptops'; a part type is neither.
    for (const key of [laptops.brands, laptops.list({ brand: 'lenovo', series: 'thinkpad-t' })])
      expect(partialMatchKey(key, laptops.all)).toBe(true);
    expect(partialMatchKey(laptops.page('lenovo-thinkpad-t480'), laptops.all)).toBe(false);
    for (const key of [tools.all, laptops.all])
      expect(partialMatchKey(categories.all, key)).toBe(false);
  });

  it("refreshes every part's page and one part's images when its images change, nothing else", () => {
    const { parts, partImages, tools } = queryKeys;
    expect(partialMatchKey(parts.page('t480-battery-lps000001'), parts.pages)).toBe(true);
    expect(partialMatchKey(partImages.list('t1'), partImages.all)).toBe(true);
    for (const key of [
      tools.search({ q: 'part' }),
      tools.managed({ page: 1 }),
      tools.detail('t1'),
      queryKeys.laptops.page('part'),
    ])
      expect(partialMatchKey(key, parts.pages)).toBe(false);
    // A tool's change or removal leaves its images alone: they are not the tools'.
    expect(partialMatchKey(partImages.list('t1'), tools.all)).toBe(false);
    expect(partImages.list('t1')).not.toEqual(partImages.list('t2'));
  });

  it("names every root once: no resource is refreshed by another one's change", () => {
    const roots = Object.values(queryKeys).map((resource) =>
      'all' in resource ? resource.all[0] : undefined,
    );
    const named = roots.filter((root) => root !== undefined);
    expect(new Set(named).size).toBe(named.length);
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
