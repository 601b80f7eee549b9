import { type SearchResult, SearchResultSchema } from '@shop/shared';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeEachDatabase } from '../../test/databases';
import { type TestApp, createTestApp } from '../../test/test-app';

/**
 * A typo in the part type still ranks parts of that type first (issue 49), over the demo
 * catalogue, where a laptop's other parts (screens, chargers, memory) fit it too.
 */
describeEachDatabase('GET /api/search with a typo in the part type', (kind) => {
  let app: TestApp;
  beforeAll(async () => {
    app = await createTestApp(kind, { seed: true });
  });
  afterAll(() => app.close());

  const search = async (q: string): Promise<SearchResult> => {
    const response = await app.request(`/api/search?${new URLSearchParams({ q, limit: '50' })}`);
    expect(response.status, await response.clone().text()).toBe(200);
    return SearchResultSchema.parse(await response.json());
  };

  /** The part types of the results, in their order, each run of one type once. */
  const typeRuns = (result: SearchResult) =>
    result.items
      .map((item) => item.category.slug)
      .filter((slug, index, slugs) => index === 0 || slugs[index - 1] !== slug);

  it.each([
    // similarity("batery", "battery") is 0.67, "keybord"/"keyboard" 0.55.
    ['thinkpd t480 batery', 'battery', 'T480 Battery 24Wh'],
    ['thinkpad t480 batery', 'battery', 'T480 Battery 24Wh'],
    ['thinkpd t480 keybord', 'keyboard', undefined],
    // "chargr" is as alike "charger" as a word may be and still name it: 0.5.
    ['thinkpad t480 chargr', 'charger', undefined],
  ])('%j lists the parts of type %s first', async (q, type, first) => {
    const result = await search(q);
    expect(result.total).toBeGreaterThan(1);
    const runs = typeRuns(result);
    expect(runs[0]).toBe(type);
    // Every part of the type comes before any other: the type is one run, at the head.
    expect(runs.filter((slug) => slug === type)).toHaveLength(1);
    if (first) expect(result.items[0]!.name).toBe(first);
  });

  it('does not read a word as a part type when it is too unlike every type', async () => {
    // similarity("bttry", "battery") is 0.17: the laptop's parts in their usual order.
    const result = await search('thinkpad t480 bttry');
    expect(result.total).toBeGreaterThan(1);
    expect(typeRuns(result)[0]).not.toBe('battery');
  });
});
