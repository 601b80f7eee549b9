import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { getToolFitsQueryOptions, toolsButTheirModels } from './get-tool-fits';
import { queryKeys } from './query-keys';

describe('toolsButTheirModels', () => {
  it("refreshes every view of the tools but the parts' models, and nothing else", async () => {
    const client = new QueryClient();
    const refreshed = [
      queryKeys.tools.list({ page: 1 }),
      queryKeys.tools.detail('t1'),
      queryKeys.tools.managed({ page: 1 }),
      queryKeys.tools.search({ q: 't480' }),
      queryKeys.laptops.page('lenovo-thinkpad-t480'),
    ];
    const kept = [
      queryKeys.tools.fits('t1'),
      queryKeys.tools.fits('t2'),
      queryKeys.laptops.brands,
      queryKeys.categories.all,
      queryKeys.orders.all,
    ];
    for (const queryKey of [...refreshed, ...kept]) client.setQueryData(queryKey, {});
    await client.invalidateQueries(toolsButTheirModels);
    const invalidated = (queryKey: readonly unknown[]) =>
      client.getQueryState(queryKey)?.isInvalidated;
    for (const queryKey of refreshed) expect(invalidated(queryKey), String(queryKey)).toBe(true);
    for (const queryKey of kept) expect(invalidated(queryKey), String(queryKey)).toBe(false);
  });
});

describe('getToolFitsQueryOptions', () => {
  it("is one query per part, under the tools' fits, read as the list of models", () => {
    const options = getToolFitsQueryOptions('t1');
    expect(options.queryKey).toEqual(queryKeys.tools.fits('t1'));
    const models = [
      {
        slug: 'lenovo-thinkpad-t480',
        name: 'ThinkPad T480',
        brand: { slug: 'lenovo', name: 'Lenovo' },
        series: { slug: 'thinkpad-t-series', name: 'ThinkPad T-series' },
        aliases: ['T480', '20L5'],
      },
    ];
    expect(options.select?.({ models })).toBe(models);
  });
});
