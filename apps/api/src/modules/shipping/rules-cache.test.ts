import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCacheListener } from '../../db/cache-listener';
import { migrateToLatest, openDatabase } from '../../db/database';
import { SEEDED } from '../../db/migrations/0027-shipping-and-tax';
import type { CacheChange } from '../../lib/cache-sync';
import { createEmptyPostgresDatabase, describeEachDatabase } from '../../test/databases';
import { type TestApp, createTestApp } from '../../test/test-app';
import { createRulesCache } from './shipping.service';

/**
 * The destinations' rules kept in memory (docs/performance.md, issue 35): read once, forgotten
 * at each change; and every change of them announced by the database to every process.
 */
describeEachDatabase('the shipping rules kept in memory', (kind) => {
  let app: TestApp;
  const vatOf = (country: string, rate: number) =>
    app.database.db
      .updateTable('tax_rates')
      .set({ rate })
      .where('country', '=', country)
      .where('region', '=', '')
      .execute();

  beforeAll(async () => {
    app = await createTestApp(kind, { seed: false });
  });
  afterAll(() => app.close());

  it('reads a destination once, and again after a change', async () => {
    const rules = createRulesCache();
    const first = await rules.read(app.database.db, 'DE', undefined);
    expect(first.tax).toEqual({ name: 'VAT', rate: 19 });
    await vatOf('DE', 21);
    // Kept: the change was not announced to this cache.
    expect(await rules.read(app.database.db, 'DE', undefined)).toBe(first);
    rules.forget();
    expect((await rules.read(app.database.db, 'DE', undefined)).tax.rate).toBe(21);
    // Another destination is another entry.
    expect((await rules.read(app.database.db, 'AT', undefined)).tax.rate).toBe(20);
  });

  it('keeps no read that a change overtook', async () => {
    const rules = createRulesCache();
    const reading = rules.read(app.database.db, 'FR', undefined);
    rules.forget();
    expect((await reading).tax.rate).toBe(20);
    await vatOf('FR', 5.5);
    expect((await rules.read(app.database.db, 'FR', undefined)).tax.rate).toBe(5.5);
  });

  it('reads every time while changes may be missed (announcements off)', async () => {
    let live = false;
    const rules = createRulesCache({ enabled: () => live });
    const first = await rules.read(app.database.db, 'IT', undefined);
    await vatOf('IT', 23);
    expect((await rules.read(app.database.db, 'IT', undefined)).tax.rate).toBe(23);
    live = true;
    const kept = await rules.read(app.database.db, 'IT', undefined);
    expect(await rules.read(app.database.db, 'IT', undefined)).toBe(kept);
    expect(first.tax.rate).toBe(22);
  });
});

const waitFor = async (condition: () => boolean, withinMs: number) => {
  const until = Date.now() + withinMs;
  while (!condition()) {
    if (Date.now() > until) throw new Error(`not within ${withinMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
};

describe.skipIf(!process.env.TEST_DATABASE_URL)('shipping announcements', () => {
  it('the database announces "shipping" at a change of a zone, its countries, a method, a rate or a setting', async () => {
    const database = await createEmptyPostgresDatabase();
    const handle = await openDatabase({ databaseUrl: database.url });
    const listener = createCacheListener({
      databaseUrl: database.url,
      logger: pino({ level: 'silent' }),
    });
    const heard: CacheChange[] = [];
    listener.subscribe({ apply: (change) => heard.push(change), clearAll: () => {} });
    try {
      await migrateToLatest(handle.db);
      await listener.start();
      const { db } = handle;
      const changes: [string, () => Promise<unknown>][] = [
        [
          'zone',
          () =>
            db
              .updateTable('shipping_zones')
              .set({ name: 'EU' })
              .where('id', '=', SEEDED.zones.eu)
              .execute(),
        ],
        [
          'country',
          () => db.deleteFrom('shipping_zone_countries').where('country', '=', 'DE').execute(),
        ],
        [
          'method',
          () =>
            db
              .updateTable('shipping_methods')
              .set({ rate_cents: 1 })
              .where('id', '=', SEEDED.methods.euAir)
              .execute(),
        ],
        [
          'rate',
          () => db.updateTable('tax_rates').set({ rate: 18 }).where('country', '=', 'DE').execute(),
        ],
        ['setting', () => db.updateTable('shop_settings').set({ tax_shipping: false }).execute()],
      ];
      for (const [what, change] of changes) {
        heard.length = 0;
        await change();
        await waitFor(() => heard.length > 0, 2000).catch(() => {
          throw new Error(`no announcement for a change of a ${what}`);
        });
        expect(heard, what).toEqual([{ kind: 'shipping' }]);
      }
    } finally {
      await listener.close();
      await handle.close();
      await database.drop();
    }
  }, 60_000);
});
