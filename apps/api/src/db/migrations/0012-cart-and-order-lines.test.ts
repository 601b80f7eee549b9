import { Migrator, sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { migrateToLatest } from '../database';
import { createTestDatabase, testDatabaseKinds } from '../../test/databases';
import { migrations } from './index';

describe.each(testDatabaseKinds)('migration 0012 [%s]', (kind) => {
  it('gives every order placed before it one line, from its own columns', async () => {
    const database = await createTestDatabase(kind, async (handle) => {
      const migrator = new Migrator({
        db: handle.db,
        provider: { getMigrations: () => Promise.resolve(migrations) },
      });
      const { error } = await migrator.migrateTo('0011-cache-announcements');
      if (error) throw error;
    });
    try {
      const { db } = database;
      const [tool] = (
        await sql<{ id: string }>`insert into tools (name, img, description, min_order_quantity,
            available_quantity, price_cents)
          values ('Old SSD', '/images/tools/nvme-ssd.svg', 'Bought before carts', 1, 7, 1250)
          returning id`.execute(db)
      ).rows;
      const [order] = (
        await sql<{ id: string }>`insert into orders (tool_id, tool_name, tool_img, user_name,
            user_email, phone, address, quantity, unit_price_cents, price_cents, available_after)
          values (${tool!.id}, 'Old SSD', '/images/tools/nvme-ssd.svg', 'Old Buyer',
            'old@example.com', '555 0100', '1 Old Road', 3, 1250, 3750, 7)
          returning id`.execute(db)
      ).rows;

      await migrateToLatest(db);

      expect(await db.selectFrom('order_lines').selectAll().execute()).toEqual([
        {
          order_id: order!.id,
          position: 0,
          tool_id: tool!.id,
          tool_name: 'Old SSD',
          tool_img: '/images/tools/nvme-ssd.svg',
          quantity: 3,
          unit_price_cents: 1250,
          price_cents: 3750,
          available_after: 7,
          // Migration 0027's defaults: a line sold before it carried no tax and no shipping.
          tax_rate: '0.000',
          tax_cents: 0,
          shipping_cents: 0,
          shipping_tax_cents: 0,
          // Migration 0029's: not refunded, no units back.
          refund_key: null,
          refunded_at: null,
          restocked_at: null,
          // Migration 0038's: bought before titles, the line goes by its name.
          tool_title: null,
        },
      ]);
      const migrated = await db
        .selectFrom('orders')
        .select('line_count')
        .where('id', '=', order!.id)
        .executeTakeFirstOrThrow();
      expect(migrated.line_count).toBe(1);
    } finally {
      await database.close();
    }
  }, 60_000); // PGlite started from nothing and migrated twice: seconds of CPU, more on a loaded CI
});
