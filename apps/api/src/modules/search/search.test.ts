import { type SearchResult, SearchResultSchema } from '@shop/shared';
import { sql } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Database } from '../../db/schema';
import { describeEachDatabase } from '../../test/databases';
import { type TestApp, createTestApp } from '../../test/test-app';
import type { Kysely } from 'kysely';

/** A small catalogue whose answers are known: laptops, parts, their numbers and fitment. */
async function addCatalogue(db: Kysely<Database>) {
  const brand = async (name: string, slug: string) =>
    (
      await db
        .insertInto('laptop_brands')
        .values({ name, slug })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
  const series = async (brandId: string, name: string, slug: string) =>
    (
      await db
        .insertInto('laptop_series')
        .values({ brand_id: brandId, name, slug })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
  const model = async (seriesId: string, name: string, slug: string, aliases: string[]) => {
    const { id } = await db
      .insertInto('laptop_models')
      .values({ series_id: seriesId, name, slug })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db
      .insertInto('model_aliases')
      .values(aliases.map((alias) => ({ model_id: id, alias })))
      .execute();
    return id;
  };
  const lenovo = await brand('Lenovo', 'lenovo');
  const dell = await brand('Dell', 'dell');
  const tSeries = await series(lenovo, 'ThinkPad T-series', 'thinkpad-t-series');
  const xSeries = await series(lenovo, 'ThinkPad X-series', 'thinkpad-x-series');
  const xps = await series(dell, 'XPS', 'xps');
  const models = {
    t480: await model(tSeries, 'ThinkPad T480', 'lenovo-thinkpad-t480', ['T480', '20L5', '20L6']),
    t470: await model(tSeries, 'ThinkPad T470', 'lenovo-thinkpad-t470', ['T470', '20HD']),
    x1: await model(xSeries, 'ThinkPad X1 Carbon Gen 6', 'lenovo-thinkpad-x1-carbon-gen-6', [
      'X1C6',
      '20KH',
    ]),
    xps13: await model(xps, 'XPS 13 9360', 'dell-xps-13-9360', ['9360', 'P54G']),
  };
  const part = async (
    tool: {
      name: string;
      category: string;
      brand: string;
      condition: 'new' | 'refurbished' | 'used' | 'compatible';
      price: number;
      stock?: number;
      description?: string;
      retired?: boolean;
    },
    numbers: { kind: 'mpn' | 'fru' | 'oem' | 'cross-reference'; number: string }[],
    fits: string[],
  ) => {
    const { id } = await db
      .insertInto('tools')
      .values({
        name: tool.name,
        img: '/images/tools/laptop-battery.svg',
        description: tool.description ?? `${tool.name}, tested before shipping.`,
        min_order_quantity: 1,
        available_quantity: tool.stock ?? 10,
        price_cents: tool.price,
        brand: tool.brand,
        condition: tool.condition,
        category_id: sql<string>`(select id from categories where slug = ${tool.category})`,
        retired_at: tool.retired ? sql<Date>`now()` : null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    if (numbers.length > 0) {
      await db
        .insertInto('part_numbers')
        .values(numbers.map((number) => ({ ...number, tool_id: id, maker: tool.brand })))
        .execute();
    }
    if (fits.length > 0) {
      await db
        .insertInto('fitment')
        .values(fits.map((modelId) => ({ tool_id: id, model_id: modelId })))
        .execute();
    }
    return id;
  };
  const parts = {
    t480Battery: await part(
      {
        name: 'T480 Battery 24Wh',
        category: 'battery',
        brand: 'Lenovo',
        condition: 'new',
        price: 6900,
      },
      [
        { kind: 'fru', number: '01AV431' },
        { kind: 'mpn', number: 'SB10K97578' },
      ],
      [models.t480, models.t470],
    ),
    compatibleBattery: await part(
      {
        name: 'Battery 72Wh Compat',
        category: 'battery',
        brand: 'Voltcell',
        condition: 'compatible',
        price: 4500,
      },
      [
        { kind: 'mpn', number: 'VC-7210' },
        { kind: 'cross-reference', number: '45N1767' },
      ],
      [models.t480],
    ),
    xpsBattery: await part(
      {
        name: 'XPS 13 Battery 60Wh',
        category: 'battery',
        brand: 'Dell',
        condition: 'refurbished',
        price: 5200,
      },
      [{ kind: 'mpn', number: '5K9CP' }],
      [models.xps13],
    ),
    t480Keyboard: await part(
      {
        name: 'T480 Keyboard US',
        category: 'keyboard',
        brand: 'Lenovo',
        condition: 'used',
        price: 3900,
      },
      [{ kind: 'fru', number: '01HX459' }],
      [models.t480],
    ),
    x1Keyboard: await part(
      {
        name: 'X1C6 Keyboard UK',
        category: 'keyboard',
        brand: 'Keytec',
        condition: 'compatible',
        price: 4900,
      },
      [{ kind: 'mpn', number: 'KT-X1C6-UK' }],
      [models.x1],
    ),
    charger: await part(
      {
        name: '65W USB-C Charger',
        category: 'charger',
        brand: 'Ampere Go',
        condition: 'compatible',
        price: 2999,
        description: 'USB-C power adapter for any laptop that charges at 65 W.',
      },
      [{ kind: 'mpn', number: 'AG-65C' }],
      [models.t480, models.t470, models.x1, models.xps13],
    ),
    soldOutBattery: await part(
      {
        name: 'T470 Battery 48Wh',
        category: 'battery',
        brand: 'Voltcell',
        condition: 'compatible',
        price: 3900,
        stock: 0,
      },
      [{ kind: 'mpn', number: 'VC-4800' }],
      [models.t470],
    ),
    retiredBattery: await part(
      {
        name: 'Old T480 Battery',
        category: 'battery',
        brand: 'Voltcell',
        condition: 'used',
        price: 1000,
        retired: true,
      },
      [{ kind: 'mpn', number: 'VC-OLD-480' }],
      [models.t480],
    ),
  };
  return { models, parts };
}

describeEachDatabase('GET /api/search', (kind) => {
  let app: TestApp;
  let parts: Awaited<ReturnType<typeof addCatalogue>>['parts'];
  beforeAll(async () => {
    app = await createTestApp(kind, { seed: false });
    ({ parts } = await addCatalogue(app.database.db));
  });
  afterAll(() => app.close());

  const search = async (query: Record<string, string>) => {
    const response = await app.request(`/api/search?${new URLSearchParams(query).toString()}`);
    expect(response.status, await response.clone().text()).toBe(200);
    return SearchResultSchema.parse(await response.json());
  };
  const ids = (result: SearchResult) => result.items.map((item) => item._id);

  it.each(['01AV431', '01-av-431', '01 av 431', ' 01.AV.431 '])(
    'finds a part by its part number typed as %j, first',
    async (q) => {
      const result = await search({ q });
      expect(ids(result)[0]).toBe(parts.t480Battery);
      expect(result.items[0]!.partNumbers).toContainEqual({
        kind: 'fru',
        maker: 'Lenovo',
        number: '01AV431',
      });
    },
  );

  it('finds a part by a cross-reference number it carries, and by its SKU in any case', async () => {
    expect(ids(await search({ q: '45n-1767' }))[0]).toBe(parts.compatibleBattery);
    const sku = (
      await app.database.db
        .selectFrom('tools')
        .select('sku')
        .where('id', '=', parts.x1Keyboard)
        .executeTakeFirstOrThrow()
    ).sku;
    expect(ids(await search({ q: sku.toLowerCase().replace('-', ' ') }))[0]).toBe(parts.x1Keyboard);
  });

  it('puts the parts that fit a named model and are of the named type first, by model name or alias', async () => {
    // "spare" is in no part's text: only the model and the part type rank these.
    for (const q of [
      't480 battery',
      'ThinkPad T480 batteries',
      '20L5 battery',
      'spare 20l6 Battery',
    ]) {
      const result = await search({ q });
      expect(new Set(ids(result).slice(0, 2)), q).toEqual(
        new Set([parts.t480Battery, parts.compatibleBattery]),
      );
      // Then the model's other parts; never the retired one.
      expect(ids(result).slice(2), q).toEqual(
        expect.arrayContaining([parts.t480Keyboard, parts.charger]),
      );
      expect(ids(result), q).not.toContain(parts.retiredBattery);
      expect(result.model?.slug, q).toBe('lenovo-thinkpad-t480');
    }
    const keyboards = await search({ q: '20L5 keyboard' });
    expect(ids(keyboards)[0]).toBe(parts.t480Keyboard);
    expect(ids(keyboards)[1]).not.toBe(parts.x1Keyboard);
  });

  it('still finds a model with a one-letter typo in its name', async () => {
    for (const q of ['thinkpad t48o', 'thnkpad t480']) {
      const result = await search({ q });
      expect(result.model?.slug, q).toBe('lenovo-thinkpad-t480');
      expect(new Set(ids(result)), q).toEqual(
        new Set([parts.t480Battery, parts.compatibleBattery, parts.t480Keyboard, parts.charger]),
      );
    }
    // A typo in a part's name: "batery".
    expect(ids(await search({ q: 'batery' }))).toEqual(
      expect.arrayContaining([parts.t480Battery, parts.xpsBattery]),
    );
  });

  it('lists a part type with no words, and a word of the description by full text', async () => {
    const keyboards = await search({ q: '', category: 'keyboard' });
    expect(new Set(ids(keyboards))).toEqual(new Set([parts.t480Keyboard, parts.x1Keyboard]));
    expect(keyboards.total).toBe(2);
    expect(ids(await search({ q: 'power adapter' }))).toEqual([parts.charger]);
  });

  it('narrows a part type by the other words, and lists the whole type when they find nothing', async () => {
    // "dell battery": the batteries the words find, not every battery after them.
    const dell = await search({ q: 'dell battery', limit: '100' });
    expect(ids(dell)[0]).toBe(parts.xpsBattery);
    expect(ids(dell)).not.toContain(parts.t480Battery);
    expect(dell.items.every((item) => item.category.slug === 'battery')).toBe(true);
    // A word no part holds, and no laptop's name: every battery on sale, in any order.
    const unknown = await search({ q: 'qwertyzz battery', limit: '100' });
    expect(new Set(ids(unknown))).toEqual(
      new Set([parts.t480Battery, parts.compatibleBattery, parts.xpsBattery, parts.soldOutBattery]),
    );
    expect(unknown.total).toBe(4);
    expect(unknown.facets.category).toEqual([{ value: 'battery', label: 'Batteries', count: 4 }]);
    expect(unknown.facets.brand).toEqual([
      { value: 'Voltcell', label: 'Voltcell', count: 2 },
      { value: 'Dell', label: 'Dell', count: 1 },
      { value: 'Lenovo', label: 'Lenovo', count: 1 },
    ]);
    // Each filter still applies: in stock, a brand, one laptop model.
    expect((await search({ q: 'qwertyzz battery', inStock: 'true' })).total).toBe(3);
    const voltcell = await search({ q: 'qwertyzz battery', brand: 'Voltcell' });
    expect(new Set(ids(voltcell))).toEqual(
      new Set([parts.compatibleBattery, parts.soldOutBattery]),
    );
    const t470 = await search({ q: 'qwertyzz battery', model: 'lenovo-thinkpad-t470' });
    expect(new Set(ids(t470))).toEqual(new Set([parts.t480Battery, parts.soldOutBattery]));
    expect(t470.total).toBe(2);
    // A word that finds a part is not "nothing": a keyboard's number and "battery" find the
    // keyboard, not every battery.
    expect(ids(await search({ q: '01HX459 battery', limit: '100' }))).toEqual([parts.t480Keyboard]);
  });

  it('counts each facet value as what choosing it lists, and the counts add up', async () => {
    for (const q of ['battery', '', 't480', 'lenovo']) {
      const all = await search({ q, limit: '100' });
      for (const facet of ['category', 'brand', 'condition'] as const) {
        const counts = all.facets[facet];
        expect(
          counts.reduce((sum, value) => sum + value.count, 0),
          `${q} ${facet}`,
        ).toBe(all.total);
        for (const { value, count } of counts) {
          const chosen = await search({ q, [facet]: value, limit: '100' });
          expect(chosen.total, `${q} ${facet}=${value}`).toBe(count);
          expect(chosen.items, `${q} ${facet}=${value}`).toHaveLength(count);
        }
      }
      // With one filter chosen, another facet counts within it, and its own facet still counts
      // each of its values as choosing that value instead would list.
      const batteries = await search({ q, category: 'battery', limit: '100' });
      for (const { value, count } of batteries.facets.brand) {
        expect((await search({ q, category: 'battery', brand: value })).total).toBe(count);
      }
      expect(batteries.facets.category).toEqual(all.facets.category);
    }
    // In stock only: the counts of the whole catalogue (kept apart, migration 0023) and of the
    // words found follow the stock side too.
    for (const q of ['', 'battery']) {
      const inStock = await search({ q, inStock: 'true', limit: '100' });
      expect(inStock.items.every((item) => item.availableQuantity >= item.minOrderQuantity)).toBe(
        true,
      );
      expect(inStock.total, q).toBe(inStock.items.length);
      for (const facet of ['category', 'brand', 'condition'] as const) {
        for (const { value, count } of inStock.facets[facet]) {
          const chosen = await search({ q, inStock: 'true', [facet]: value, limit: '100' });
          expect(chosen.items, `${q} in stock ${facet}=${value}`).toHaveLength(count);
        }
      }
    }
  });

  it('filters by model, stock and condition, sorts by price and date, and pages', async () => {
    const t470 = await search({ q: '', model: 'lenovo-thinkpad-t470' });
    expect(new Set(ids(t470))).toEqual(
      new Set([parts.t480Battery, parts.charger, parts.soldOutBattery]),
    );
    expect(t470.model?.aliases).toEqual(['20HD', 'T470']);
    const inStock = await search({ q: '', model: 'lenovo-thinkpad-t470', inStock: 'true' });
    expect(ids(inStock)).not.toContain(parts.soldOutBattery);
    expect(inStock.total).toBe(2);
    expect(ids(await search({ q: 'battery', condition: 'refurbished' }))).toEqual([
      parts.xpsBattery,
    ]);

    const byPrice = await search({ q: '', sort: 'price-asc', limit: '100' });
    const prices = byPrice.items.map((item) => item.price);
    expect(prices).toEqual([...prices].sort((a, b) => a - b));
    const descending = await search({ q: '', sort: 'price-desc', limit: '100' });
    expect(descending.items.map((item) => item.price)).toEqual([...prices].reverse());
    expect(ids(await search({ q: '', sort: 'newest', limit: '1' }))).toEqual([
      parts.soldOutBattery,
    ]);

    const first = await search({ q: '', limit: '3', page: '1' });
    const second = await search({ q: '', limit: '3', page: '2' });
    const third = await search({ q: '', limit: '3', page: '3' });
    expect(first.total).toBe(7);
    expect([...ids(first), ...ids(second), ...ids(third)]).toHaveLength(7);
    expect(new Set([...ids(first), ...ids(second), ...ids(third)]).size).toBe(7);
    expect(ids(await search({ q: '', limit: '3', page: '4' }))).toEqual([]);
  });

  it('shows what each part fits: how many models and the first three by brand and name', async () => {
    const [charger] = (await search({ q: 'AG-65C' })).items;
    expect(charger!.fits).toEqual({
      count: 4,
      models: [
        { slug: 'dell-xps-13-9360', name: 'XPS 13 9360', brand: 'Dell' },
        { slug: 'lenovo-thinkpad-t470', name: 'ThinkPad T470', brand: 'Lenovo' },
        { slug: 'lenovo-thinkpad-t480', name: 'ThinkPad T480', brand: 'Lenovo' },
      ],
    });
  });

  it('keeps the documents in step with part numbers, fitment, model names and edits', async () => {
    const db = app.database.db;
    await db
      .insertInto('part_numbers')
      .values({ tool_id: parts.x1Keyboard, kind: 'oem', maker: 'Lenovo', number: '01YP040' })
      .execute();
    expect(ids(await search({ q: '01YP040 keyboard' }))[0]).toBe(parts.x1Keyboard);
    await db
      .updateTable('laptop_models')
      .set({ name: 'ThinkPad X1 Carbon 6th' })
      .where('slug', '=', 'lenovo-thinkpad-x1-carbon-gen-6')
      .execute();
    expect(ids(await search({ q: 'carbon 6th' }))).toContain(parts.x1Keyboard);
    await db
      .updateTable('tools')
      .set({ description: 'Backlit, with a spill-resistant tray.' })
      .where('id', '=', parts.x1Keyboard)
      .execute();
    expect(ids(await search({ q: 'backlit' }))).toEqual([parts.x1Keyboard]);
    await db.deleteFrom('fitment').where('tool_id', '=', parts.x1Keyboard).execute();
    expect(ids(await search({ q: 'carbon 6th' }))).not.toContain(parts.x1Keyboard);
  });

  it('reads the last word as the start of a word while it is typed, and whole once it is a brand, a part type or a model', async () => {
    const { db } = app.database;
    await db
      .updateTable('tools')
      .set({ description: 'USB-C power adapter, also for the Voltcellar dock.' })
      .where('id', '=', parts.charger)
      .execute();
    try {
      // Being typed: "voltcel" begins the brand Voltcell and the word Voltcellar.
      expect(ids(await search({ q: 'voltcel' }))).toEqual(
        expect.arrayContaining([parts.charger, parts.compatibleBattery]),
      );
      // Whole: the brand, as it is written, and not the words it begins.
      const brand = ids(await search({ q: 'voltcell' }));
      expect(brand).toContain(parts.compatibleBattery);
      expect(brand).not.toContain(parts.charger);
      expect(ids(await search({ q: 'usb-c voltcell' }))).toEqual([]);
      // A part type and a model, whole, still find what they name.
      expect(ids(await search({ q: 'xps batteries' }))[0]).toBe(parts.xpsBattery);
      expect(ids(await search({ q: 'battery 20l5' }))).toEqual(
        expect.arrayContaining([parts.t480Battery, parts.compatibleBattery]),
      );
    } finally {
      await db
        .updateTable('tools')
        .set({ description: 'USB-C power adapter for any laptop that charges at 65 W.' })
        .where('id', '=', parts.charger)
        .execute();
    }
  });

  it.each([
    ['condition=shiny'],
    ['sort=cheapest'],
    ['category=Not%20A%20Slug'],
    ['page=0'],
    ['limit=0'],
    ['colour=red'],
    ['q=' + 'x'.repeat(101)],
  ])('refuses %s with a 400 in the one error shape', async (query) => {
    const response = await app.request(`/api/search?${query}`);
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({
      error: { code: expect.any(String), message: expect.any(String) },
    });
  });

  it.each([
    '"',
    "'",
    '&',
    '|',
    '!',
    ':*',
    '(',
    '\\',
    '%',
    '_',
    'a & | ! b',
    '日本語 キーボード',
    'the of and',
  ])('answers %j without an error', async (q) => {
    await search({ q });
  });
});
