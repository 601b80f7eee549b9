import { sql } from 'kysely';
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { createTestDatabase, describeEachDatabase } from '../test/databases';
import { SIGN_IN_AND_SHOP_SCHEMA } from '../test/test-app';
import { compileOnce } from './compile-once';
import type { DatabaseHandle } from './database';

describeEachDatabase('compileOnce', (kind) => {
  let handle: DatabaseHandle;
  beforeAll(async () => {
    handle = await createTestDatabase(kind, SIGN_IN_AND_SHOP_SCHEMA);
    await handle.db
      .insertInto('tools')
      .values(
        ['Alpha', 'Beta', 'Gamma'].map((name, index) => ({
          name,
          img: 'https://example.com/tool.png',
          description: `${name} tool`,
          min_order_quantity: 1,
          available_quantity: 10 + index,
          price_cents: 100 * (index + 1),
        })),
      )
      .execute();
  });
  afterAll(() => handle.close());

  it('runs the statement with each call’s values, compiling it only at the first call', async () => {
    const build = vi.fn((name: string, atLeast: number) =>
      handle.db
        .selectFrom('tools')
        .select(['name', 'available_quantity'])
        // A fixed value between the arguments keeps its place.
        .where('retired_at', 'is', null)
        .where('description', '!=', 'none')
        .where('name', '=', name)
        .where('available_quantity', '>=', atLeast),
    );
    const find = compileOnce(handle.db, build);
    expect(await find('Beta', 11)).toEqual([{ name: 'Beta', available_quantity: 11 }]);
    expect(await find('Beta', 12)).toEqual([]);
    expect(await find('Gamma', 12)).toEqual([{ name: 'Gamma', available_quantity: 12 }]);
    expect(build).toHaveBeenCalledTimes(1);
  });

  it('takes an argument used twice, and limit and offset', async () => {
    const page = compileOnce(handle.db, (limit: number, offset: number) =>
      handle.db
        .selectFrom('tools')
        .select('name')
        .where(sql<boolean>`${limit}::int > 0`)
        .orderBy('name')
        .limit(limit)
        .offset(offset),
    );
    expect(await page(2, 1)).toEqual([{ name: 'Beta' }, { name: 'Gamma' }]);
    expect(await page(1, 0)).toEqual([{ name: 'Alpha' }]);
  });

  it('refuses an argument that is not passed to the statement as it is', async () => {
    const search = compileOnce(handle.db, (text: string) =>
      handle.db.selectFrom('tools').select('name').where('name', 'ilike', `%${text}%`),
    );
    await expect(search('et')).rejects.toThrow('argument 0 is not a parameter');
    // Still refused on the next call: nothing half-compiled is kept.
    await expect(search('et')).rejects.toThrow('argument 0 is not a parameter');
  });
});
