import { Migrator, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrateToLatest } from '../database';
import { type TestDatabase, createTestDatabase, testDatabaseKinds } from '../../test/databases';
import { migrations } from './index';

describe.each(testDatabaseKinds)('migration 0036, the kinds of order events [%s]', (kind) => {
  let database: TestDatabase;
  let orderId: string;

  beforeAll(async () => {
    database = await createTestDatabase(kind, async (handle) => {
      const migrator = new Migrator({
        db: handle.db,
        provider: { getMigrations: () => Promise.resolve(migrations) },
      });
      const { error } = await migrator.migrateTo('0032-returns');
      if (error) throw error;
    });
    const { db } = database;
    const tool = await sql<{ id: string }>`insert into tools (name, img, description,
        min_order_quantity, available_quantity, price_cents)
      values ('Fan', '/images/tools/cooling-fan.svg', 'Spare', 1, 5, 2000) returning id`.execute(
      db,
    );
    // Placed as the code did then: the trigger writes its first step.
    const order = await sql<{ id: string }>`insert into orders (tool_id, tool_name, tool_img,
        user_name, user_email, phone, address, quantity, unit_price_cents, price_cents,
        available_after, line_count, status)
      values (${tool.rows[0]!.id}, 'Fan', '/images/tools/cooling-fan.svg', 'Old Buyer',
        'old@example.com', '555 0100', '1 Old Road', 1, 2000, 2000, 4, 1, 'unpaid')
      returning id`.execute(db);
    orderId = order.rows[0]!.id;
    await sql`update orders set status = 'delivered' where id = ${orderId}`.execute(db);
    // The steps that kept the status, as the code wrote them before.
    for (const reason of [
      'Return requested: Fan x 1, Big Board x 2 (Does not fit)',
      'Return authorised: Fan x 1, Big Board x 2 (Does not fit)',
      'Return received: Fan x 1, Big Board x 2 (Does not fit)',
      'Fan x 1, Big Board x 2 refunded ($ 1,020.50): Return: Does not fit',
      'Return refused: Fan x 1 (Changed my mind)',
      'Fixed by hand',
    ]) {
      await sql`insert into order_events (order_id, from_status, to_status, reason)
        values (${orderId}, 'delivered', 'delivered', ${reason})`.execute(db);
    }
    await migrateToLatest(db);
  });
  afterAll(() => database.close());

  it('gives older steps their kind by the text of their reason, and keeps only the why', async () => {
    const events = await database.db
      .selectFrom('order_events')
      .select(['kind', 'what', 'reason', 'from_status', 'to_status'])
      .where('order_id', '=', orderId)
      .orderBy('id')
      .execute();
    const lines = '1 × Fan, 2 × Big Board';
    expect(events.map(({ kind, what, reason }) => ({ kind, what, reason }))).toEqual([
      { kind: 'placed', what: null, reason: null },
      { kind: 'status_changed', what: null, reason: null },
      { kind: 'return_requested', what: lines, reason: 'Does not fit' },
      { kind: 'return_authorised', what: lines, reason: 'Does not fit' },
      { kind: 'parts_received', what: lines, reason: 'Does not fit' },
      { kind: 'lines_refunded', what: `$ 1,020.50 · ${lines}`, reason: 'Return: Does not fit' },
      { kind: 'return_refused', what: '1 × Fan', reason: 'Changed my mind' },
      { kind: 'note', what: null, reason: 'Fixed by hand' },
    ]);
  });

  it('records the kind of each new change of status, and refuses a kind it does not know', async () => {
    await sql`update orders set status = 'refunded' where id = ${orderId}`.execute(database.db);
    const last = await database.db
      .selectFrom('order_events')
      .select(['kind', 'from_status', 'to_status'])
      .where('order_id', '=', orderId)
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(last).toEqual({
      kind: 'status_changed',
      from_status: 'delivered',
      to_status: 'refunded',
    });
    await expect(
      sql`insert into order_events (order_id, to_status, kind)
        values (${orderId}, 'refunded', 'refunded maybe')`.execute(database.db),
    ).rejects.toThrow(/order_events_kind_check/);
  });
});
