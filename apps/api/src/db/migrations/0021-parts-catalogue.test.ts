import { normalisePartNumber } from '@shop/shared';
import { Migrator, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrateToLatest } from '../database';
import { type TestDatabase, createTestDatabase, testDatabaseKinds } from '../../test/databases';
import { migrations } from './index';

describe.each(testDatabaseKinds)('migration 0021, the parts catalogue [%s]', (kind) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase(kind, async (handle) => {
      const migrator = new Migrator({
        db: handle.db,
        provider: { getMigrations: () => Promise.resolve(migrations) },
      });
      const { error } = await migrator.migrateTo('0020-refund-claims');
      if (error) throw error;
    });
    // Three tools sold before the migration, the oldest first.
    await sql`insert into tools (name, img, description, min_order_quantity, available_quantity,
        price_cents, created_at)
      values ('Spare Battery 48Wh', '/images/tools/laptop-battery.svg', 'Old pack', 1, 5, 4500,
          now() - interval '3 days'),
        ('Spudger Set', '/images/tools/driver-kit.svg', 'Opening tools', 1, 9, 900,
          now() - interval '2 days'),
        ('Mystery Widget', '/images/tools/cooling-fan.svg', 'Nobody knows', 1, 1, 100,
          now() - interval '1 day')`.execute(database.db);
    await migrateToLatest(database.db);
  });
  afterAll(() => database.close());

  const toolsNow = () =>
    database.db
      .selectFrom('tools')
      .innerJoin('categories', 'categories.id', 'tools.category_id')
      .select([
        'tools.name',
        'tools.sku',
        'categories.slug as category',
        'tools.brand',
        'tools.condition',
        'tools.weight_grams',
      ])
      .orderBy('tools.created_at')
      .execute();

  it('gives every tool sold before it a SKU in the order they were added, a part type by its name, and the condition new', async () => {
    expect(await toolsNow()).toEqual([
      {
        name: 'Spare Battery 48Wh',
        sku: 'LPS-000001',
        category: 'battery',
        brand: 'Generic',
        condition: 'new',
        weight_grams: 0,
      },
      {
        name: 'Spudger Set',
        sku: 'LPS-000002',
        category: 'repair-tool',
        brand: 'Generic',
        condition: 'new',
        weight_grams: 0,
      },
      {
        name: 'Mystery Widget',
        sku: 'LPS-000003',
        category: 'other',
        brand: 'Generic',
        condition: 'new',
        weight_grams: 0,
      },
    ]);
  });

  it('gives a tool added without a SKU or a part type the next SKU and "Other parts"', async () => {
    await database.db
      .insertInto('tools')
      .values({
        name: 'Added Later',
        img: '/images/tools/cooling-fan.svg',
        description: 'Through the spec form',
        min_order_quantity: 1,
        available_quantity: 1,
        price_cents: 100,
      })
      .execute();
    const added = (await toolsNow()).at(-1);
    expect(added).toMatchObject({ name: 'Added Later', sku: 'LPS-000004', category: 'other' });
  });

  it('refuses a SKU that differs from another only in case, a condition it does not know, and a negative weight', async () => {
    const insert = (values: Record<string, unknown>) =>
      sql`insert into tools (name, img, description, min_order_quantity, available_quantity,
          price_cents, sku, condition, weight_grams)
        values ('Refused', '/images/tools/cooling-fan.svg', 'x', 1, 1, 100,
          ${values.sku ?? 'LPS-X1'}, ${values.condition ?? 'new'}, ${values.weight ?? 0})`.execute(
        database.db,
      );
    await expect(insert({ sku: 'lps-000001' })).rejects.toThrow(/tools_sku_key/);
    await expect(insert({ condition: 'broken' })).rejects.toThrow(/condition/);
    await expect(insert({ weight: -1 })).rejects.toThrow(/weight_grams/);
    await expect(insert({ sku: 'has space' })).rejects.toThrow(/tools_sku_check/);
  });

  it('normalises part numbers and model names as the shared rule does, and finds them by it', async () => {
    const [battery] = await database.db
      .selectFrom('tools')
      .select('id')
      .where('sku', '=', 'LPS-000001')
      .execute();
    const typed = ['01-av 431', 'sb10k97578', 'L17M3P53/Ü'];
    await database.db
      .insertInto('part_numbers')
      .values(
        typed.map((number, index) => ({
          tool_id: battery!.id,
          kind: index === 0 ? 'fru' : 'mpn',
          maker: 'Lenovo',
          number,
        })),
      )
      .execute();
    const stored = await database.db
      .selectFrom('part_numbers')
      .select(['number', 'normalised'])
      .orderBy('number')
      .execute();
    expect(stored).toEqual(
      typed
        .map((number) => ({ number, normalised: normalisePartNumber(number) }))
        .sort((a, b) => (a.number < b.number ? -1 : 1)),
    );
    expect(stored.map((row) => row.normalised).sort()).toEqual([
      '01AV431',
      'L17M3P53',
      'SB10K97578',
    ]);
    const found = await sql<{ number: string }>`select number from part_numbers
      where normalised = shop_normalised_number(${'01AV-431'})`.execute(database.db);
    expect(found.rows).toEqual([{ number: '01-av 431' }]);
    // A number with no letter or digit is no number.
    await expect(
      database.db
        .insertInto('part_numbers')
        .values({ tool_id: battery!.id, kind: 'oem', maker: 'Lenovo', number: '--' })
        .execute(),
    ).rejects.toThrow(/part_numbers/);
  });

  it('keeps laptops as brand, series and model with aliases, and fitment goes with the part or the model', async () => {
    const db = database.db;
    const brand = await db
      .insertInto('laptop_brands')
      .values({ name: 'Lenovo', slug: 'lenovo' })
      .returning('id')
      .executeTakeFirstOrThrow();
    const series = await db
      .insertInto('laptop_series')
      .values({ brand_id: brand.id, name: 'ThinkPad T-series', slug: 'thinkpad-t' })
      .returning('id')
      .executeTakeFirstOrThrow();
    const models = await db
      .insertInto('laptop_models')
      .values([
        { series_id: series.id, name: 'ThinkPad T480', slug: 'lenovo-thinkpad-t480' },
        { series_id: series.id, name: 'ThinkPad T470', slug: 'lenovo-thinkpad-t470' },
      ])
      .returning(['id', 'normalised'])
      .execute();
    expect(models.map((model) => model.normalised)).toEqual(['THINKPADT480', 'THINKPADT470']);
    await db
      .insertInto('model_aliases')
      .values([
        { model_id: models[0]!.id, alias: '20L5' },
        { model_id: models[0]!.id, alias: '20l6' },
      ])
      .execute();
    const byType = await sql<{ name: string }>`select m.name from model_aliases a
      join laptop_models m on m.id = a.model_id
      where a.normalised = shop_normalised_number(${'20L6'})`.execute(db);
    expect(byType.rows).toEqual([{ name: 'ThinkPad T480' }]);
    // The same alias twice for one model (whatever its case) is one alias.
    await expect(
      db.insertInto('model_aliases').values({ model_id: models[0]!.id, alias: '20-L5' }).execute(),
    ).rejects.toThrow(/model_aliases_pkey/);

    const tools = await db.selectFrom('tools').select('id').orderBy('created_at').execute();
    await db
      .insertInto('fitment')
      .values([
        { tool_id: tools[0]!.id, model_id: models[0]!.id },
        { tool_id: tools[0]!.id, model_id: models[1]!.id },
        { tool_id: tools[1]!.id, model_id: models[0]!.id },
      ])
      .execute();
    const fitCount = async () =>
      (
        await db
          .selectFrom('fitment')
          .select(sql<number>`count(*)::int`.as('n'))
          .executeTakeFirstOrThrow()
      ).n;
    expect(await fitCount()).toBe(3);
    await db.deleteFrom('laptop_models').where('id', '=', models[1]!.id).execute();
    expect(await fitCount()).toBe(2);
    await db.deleteFrom('tools').where('id', '=', tools[1]!.id).execute();
    expect(await fitCount()).toBe(1);
  });

  it('will not remove "Other parts", the part type of a tool added without one, while a tool has it', async () => {
    await expect(
      database.db.deleteFrom('categories').where('slug', '=', 'other').execute(),
    ).rejects.toThrow(/tools_category_id_fkey/);
  });
});
