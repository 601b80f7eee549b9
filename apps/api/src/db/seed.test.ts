import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { TOOL_NAME_MAX } from '@shop/shared';
import { type RawBuilder, sql } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { type TestDatabase, createTestDatabase, describeEachDatabase } from '../test/databases';
import { SIGN_IN_AND_SHOP_SCHEMA } from '../test/test-app';
import { demoTools, seedDemoData } from './seed';

/** The shop's first catalogue, which the browser tests know by name, place, price and stock. */
const FIRST_TEN = [
  ['NVMe SSD 1TB M.2', 6_499, 2, 140, 'nvme-ssd'],
  ['DDR4 SO-DIMM 16GB', 3_899, 2, 220, 'ddr4-sodimm'],
  ['6-Cell Battery 56Wh', 5_950, 1, 60, 'laptop-battery'],
  ['65W USB-C Charger', 2_999, 3, 300, 'usb-c-charger'],
  ['15.6in FHD IPS Panel', 8_900, 1, 35, 'fhd-ips-panel'],
  ['CPU Cooling Fan', 1_450, 2, 180, 'cooling-fan'],
  ['Keyboard US Layout', 2_450, 1, 90, 'keyboard-us'],
  ['Wi-Fi 6 M.2 Card', 2_199, 2, 150, 'wifi6-card'],
  ['Precision Driver Kit', 1_899, 1, 250, 'screwdriver-kit'],
  ['Thermal Paste 4g', 799, 5, 500, 'thermal-paste'],
].map(([name, price_cents, min_order_quantity, available_quantity, image]) => ({
  name,
  price_cents,
  min_order_quantity,
  available_quantity,
  img: `/images/tools/${image}.svg`,
}));

describeEachDatabase('the demo catalogue, as seeded', (kind) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase(kind, SIGN_IN_AND_SHOP_SCHEMA);
    expect(await seedDemoData(database.db)).toBe(true);
  });
  afterAll(() => database.close());

  const rowsOf = async <Row>(query: RawBuilder<Row>) => (await query.execute(database.db)).rows;

  it('sells at least 60 parts in at least 8 part types, the first ten first and unchanged', async () => {
    const tools = await database.db
      .selectFrom('tools')
      .innerJoin('categories', 'categories.id', 'tools.category_id')
      .select([
        'tools.name',
        'tools.img',
        'tools.price_cents',
        'tools.min_order_quantity',
        'tools.available_quantity',
        'categories.slug as category',
      ])
      .orderBy('tools.created_at')
      .execute();
    expect(tools.length).toBeGreaterThanOrEqual(60);
    expect(new Set(tools.map((tool) => tool.category)).size).toBeGreaterThanOrEqual(8);
    expect(tools.map((tool) => tool.name)).toEqual(demoTools.map((tool) => tool.name));
    expect(tools.slice(0, 10)).toMatchObject(FIRST_TEN);
    expect(tools.filter((tool) => tool.name.length > TOOL_NAME_MAX)).toEqual([]);
    // Every picture ships with the web app.
    const publicFolder = fileURLToPath(new URL('../../../web/public', import.meta.url));
    const missing = [...new Set(tools.map((tool) => tool.img))].filter(
      (img) => !existsSync(`${publicFolder}${img}`),
    );
    expect(missing).toEqual([]);
  });

  it('has at least 30 laptop models of exactly 4 brands, each with an alias and a part that fits', async () => {
    const models = await rowsOf(sql<{
      slug: string;
      brand: string;
      aliases: number;
      parts: number;
    }>`select m.slug, b.name as brand,
        (select count(*)::int from model_aliases a where a.model_id = m.id) as aliases,
        (select count(*)::int from fitment f where f.model_id = m.id) as parts
      from laptop_models m
      join laptop_series s on s.id = m.series_id
      join laptop_brands b on b.id = s.brand_id`);
    expect(models.length).toBeGreaterThanOrEqual(30);
    expect(new Set(models.map((model) => model.brand)).size).toBe(4);
    expect(await database.db.selectFrom('laptop_brands').select('name').execute()).toHaveLength(4);
    expect(models.filter((model) => model.aliases < 1).map((model) => model.slug)).toEqual([]);
    expect(models.filter((model) => model.parts < 1).map((model) => model.slug)).toEqual([]);
  });

  it('fits every part to between 1 and 12 models, and gives it at least one part number', async () => {
    const tools = await rowsOf(sql<{ name: string; models: number; numbers: number }>`
      select t.name,
        (select count(*)::int from fitment f where f.tool_id = t.id) as models,
        (select count(*)::int from part_numbers p where p.tool_id = t.id) as numbers
      from tools t`);
    expect(tools.filter((tool) => tool.models < 1 || tool.models > 12)).toEqual([]);
    expect(tools.filter((tool) => tool.numbers < 1)).toEqual([]);
  });

  it('cross-references: at least 5 parts carry, as OEM or cross-reference, another part’s MPN or FRU', async () => {
    const carriers = await rowsOf(sql<{ name: string }>`
      select distinct t.name
      from part_numbers reference
      join part_numbers original on original.normalised = reference.normalised
        and original.tool_id <> reference.tool_id and original.kind in ('mpn', 'fru')
      join tools t on t.id = reference.tool_id
      where reference.kind in ('oem', 'cross-reference')`);
    expect(carriers.length).toBeGreaterThanOrEqual(5);
  });

  it('gives no two parts the same SKU, numbered as the shop numbers a new tool', async () => {
    const shared = await rowsOf(sql<{ sku: string }>`
      select upper(sku) as sku from tools group by upper(sku) having count(*) > 1`);
    expect(shared).toEqual([]);
    // From the sequence, in catalogue order: the next tool an admin adds cannot clash.
    const skus = await database.db
      .selectFrom('tools')
      .select('sku')
      .orderBy('created_at')
      .execute();
    expect(skus.map(({ sku }) => sku)).toEqual(
      demoTools.map((_, index) => `LPS-${String(index + 1).padStart(6, '0')}`),
    );
  });

  it('adds nothing when seeded again', async () => {
    const counts = () =>
      rowsOf(sql<Record<string, number>>`select
        (select count(*)::int from tools) as tools,
        (select count(*)::int from part_numbers) as part_numbers,
        (select count(*)::int from laptop_brands) as brands,
        (select count(*)::int from laptop_series) as series,
        (select count(*)::int from laptop_models) as models,
        (select count(*)::int from model_aliases) as aliases,
        (select count(*)::int from fitment) as fitment,
        (select count(*)::int from summary_items) as summary_items,
        (select count(*)::int from reviews) as reviews`);
    const before = await counts();
    expect(before[0]!.fitment).toBeGreaterThan(0);
    expect(await seedDemoData(database.db)).toBe(false);
    expect(await counts()).toEqual(before);
  });
});
