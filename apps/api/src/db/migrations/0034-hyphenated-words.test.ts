import { SearchQuerySchema } from '@shop/shared';
import { Migrator } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrateToLatest } from '../database';
import { createSearchService } from '../../modules/search/search.service';
import { type TestDatabase, createTestDatabase, testDatabaseKinds } from '../../test/databases';
import { migrations } from './index';

describe.each(testDatabaseKinds)('migration 0034, hyphenated words [%s]', (kind) => {
  let database: TestDatabase;
  const names = async (q: string) =>
    (await createSearchService(database.db).search(SearchQuerySchema.parse({ q }))).items.map(
      (item) => item.name,
    );
  const before: Record<string, string[]> = {};
  beforeAll(async () => {
    database = await createTestDatabase(kind, async (handle) => {
      const { error } = await new Migrator({
        db: handle.db,
        provider: { getMigrations: () => Promise.resolve(migrations) },
      }).migrateTo('0032-returns');
      if (error) throw error;
    });
    // A part stored before the migration, its document written the old way.
    await database.db
      .insertInto('tools')
      .values({
        name: 'Tri-Band Wi-Fi 7 Card',
        img: '/images/tools/wifi6-card.svg',
        description: 'An M.2 card with a pre-installed heat-spreader.',
        min_order_quantity: 1,
        available_quantity: 5,
        price_cents: 4500,
        brand: 'Lenovo',
      })
      .execute();
    for (const q of ['wifi', 'triband', 'heatspreader']) before[q] = await names(q);
    await migrateToLatest(database.db);
  });
  afterAll(() => database.close());

  it.each(['wifi', 'triband', 'heatspreader'])(
    'finds the stored part by %j once migrated',
    async (q) => {
      expect(before[q]).toEqual([]);
      expect(await names(q)).toEqual(['Tri-Band Wi-Fi 7 Card']);
    },
  );
});
