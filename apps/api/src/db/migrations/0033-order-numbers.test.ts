import { formatOrderNumber } from '@shop/shared';
import { Migrator, sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { migrateToLatest } from '../database';
import { createTestDatabase, testDatabaseKinds } from '../../test/databases';
import { migrations } from './index';

describe.each(testDatabaseKinds)('migration 0033, order numbers [%s]', (kind) => {
  it('numbers the orders placed before it in the order they were placed, and goes on after them', async () => {
    const database = await createTestDatabase(kind, async (handle) => {
      const { error } = await new Migrator({
        db: handle.db,
        provider: { getMigrations: () => Promise.resolve(migrations) },
      }).migrateTo('0032-returns');
      if (error) throw error;
    });
    try {
      const { db } = database;
      const [tool] = (
        await sql<{ id: string }>`insert into tools (name, img, description, min_order_quantity,
            available_quantity, price_cents)
          values ('Old SSD', '/images/tools/nvme-ssd.svg', 'Bought before numbers', 1, 70, 1250)
          returning id`.execute(db)
      ).rows;
      // Written out of the order they were placed in: the numbers follow `created_at`.
      const placedAt = ['2026-03-02T10:00:00Z', '2026-01-05T09:00:00Z', '2026-02-11T08:30:00Z'];
      const ids: string[] = [];
      for (const at of placedAt) {
        const { rows } = await sql<{ id: string }>`insert into orders (tool_id, tool_name,
            tool_img, user_name, user_email, phone, address, quantity, unit_price_cents,
            price_cents, available_after, created_at)
          values (${tool!.id}, 'Old SSD', '/images/tools/nvme-ssd.svg', 'Old Buyer',
            'old@example.com', '555 0100', '1 Old Road', 1, 1250, 1250, 7, ${at}::timestamptz)
          returning id`.execute(db);
        ids.push(rows[0]!.id);
      }
      // Two emails of the first order written with the old label: one waiting, one sent.
      const oldLabel = `Order ${ids[0]!.slice(0, 8).toUpperCase()}`;
      for (const sent of [null, new Date()]) {
        await sql`insert into email_outbox (template, recipient, subject, data, sent_at)
          values ('order-placed', 'old@example.com', ${`We got your order (${oldLabel})`},
            ${JSON.stringify({ orderId: ids[0], name: 'Old Buyer' })}::jsonb, ${sent})`.execute(db);
      }

      await migrateToLatest(db);

      const numbered = await db
        .selectFrom('orders')
        .select(['id', 'number'])
        .orderBy('number')
        .execute();
      expect(numbered).toEqual([
        { id: ids[1], number: 1 },
        { id: ids[2], number: 2 },
        { id: ids[0], number: 3 },
      ]);
      const { rows: next } = await sql<{ number: number }>`insert into orders (tool_id,
          tool_name, tool_img, user_name, user_email, phone, address, quantity,
          unit_price_cents, price_cents, available_after)
        values (${tool!.id}, 'Old SSD', '/images/tools/nvme-ssd.svg', 'New Buyer',
          'new@example.com', '555 0100', '1 New Road', 1, 1250, 1250, 6)
        returning number`.execute(db);
      expect(next[0]!.number).toBe(4);
      // A number is one order's: the database refuses a second.
      await expect(
        sql`update orders set number = 1 where id = ${ids[0]}`.execute(db),
      ).rejects.toThrow(/orders_number_key|unique/);

      const emails = await db
        .selectFrom('email_outbox')
        .select(['subject', 'data', 'sent_at'])
        .orderBy('sent_at', (order) => order.nullsFirst())
        .execute();
      expect(emails.map(({ subject, data }) => ({ subject, data }))).toEqual([
        {
          subject: `We got your order (${formatOrderNumber(3)})`,
          data: { orderId: ids[0], name: 'Old Buyer', orderNumber: 'ORD-000003' },
        },
        // What was sent stays as it was sent.
        {
          subject: `We got your order (${oldLabel})`,
          data: { orderId: ids[0], name: 'Old Buyer' },
        },
      ]);
    } finally {
      await database.close();
    }
  }, 60_000);
});
