import { orderStatuses, type OrderStatus, TOTAL_COUNT_HEADER, type Tool } from '@shop/shared';
import { sql } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeEachDatabase } from '../../test/databases';
import { send, signUpAdmin, signUpWithToken } from '../../test/identity';
import { type Account, createTool } from '../../test/shop';
import { type TestApp, createTestApp } from '../../test/test-app';

/**
 * The counts Manage All Orders' header and the dashboard read (migration 0017) are the orders'
 * own counts, whatever wrote the orders and whenever the sweep folds them.
 */
describeEachDatabase('order counts kept by the database', (kind) => {
  let app: TestApp;
  let admin: Account;
  let buyer: Account;
  let tool: Tool;

  /** Orders as SQL writes them: `count` rows in one statement, of one status. */
  async function insertOrders(count: number, status: OrderStatus) {
    const { db } = app.database;
    const user = await db
      .selectFrom('users')
      .select(['id', 'name', 'email'])
      .where('email', '=', buyer.email)
      .executeTakeFirstOrThrow();
    await db
      .insertInto('orders')
      .values(
        Array.from({ length: count }, () => ({
          tool_id: tool._id,
          tool_name: tool.name,
          tool_img: tool.img,
          user_id: status === 'unpaid' ? null : user.id,
          user_name: user.name,
          user_email: user.email,
          phone: '555 0100',
          address: '1 Count Road',
          quantity: 1,
          unit_price_cents: 1000,
          price_cents: 1000,
          available_after: 10,
          line_count: 1,
          status,
        })),
      )
      .execute();
  }

  const headerTotal = async (query: string) => {
    const response = await send(app, 'GET', `/api/allPurchase${query}`, admin.token);
    expect(response.status).toBe(200);
    return Number(response.headers.get(TOTAL_COUNT_HEADER));
  };

  /** The header's totals, and the dashboard's, against counting the orders. */
  async function expectCountsTrue() {
    const { db } = app.database;
    const counted = await db
      .selectFrom('orders')
      .select(['status', sql<number>`count(*)::int`.as('count')])
      .groupBy('status')
      .execute();
    const actual = (status: OrderStatus) =>
      counted.find((row) => row.status === status)?.count ?? 0;
    const all = counted.reduce((sum, row) => sum + row.count, 0);
    expect(await headerTotal('')).toBe(all);
    for (const status of orderStatuses) {
      expect(await headerTotal(`?status=${status}`), status).toBe(actual(status));
    }
    const dashboard = await send(app, 'GET', '/api/reports/sales', admin.token);
    const { ordersByStatus } = (await dashboard.json()) as {
      ordersByStatus: { status: OrderStatus; count: number }[];
    };
    expect(ordersByStatus).toEqual(
      orderStatuses.map((status) => ({ status, count: actual(status) })),
    );
  }

  /** How many rows the counts are kept in, and how many statuses they name. */
  const countRows = () =>
    app.database.db
      .selectFrom('list_counts')
      .where('list', '=', 'orders')
      .select([
        sql<number>`count(*)::int`.as('rows'),
        sql<number>`count(distinct bucket)::int`.as('statuses'),
      ])
      .executeTakeFirstOrThrow();

  beforeAll(async () => {
    app = await createTestApp(kind, { seed: false });
    admin = await signUpAdmin(app);
    buyer = await signUpWithToken(app);
    tool = await createTool(app, admin, {
      name: 'Counted Dock',
      description: 'Ordered to be counted',
    });
  });
  afterAll(() => app.close());

  it('follows inserts of many rows, status changes (and updates that change none) and deletes', async () => {
    await expectCountsTrue();
    await insertOrders(7, 'paid');
    await insertOrders(3, 'unpaid');
    await insertOrders(2, 'cancelled');
    await expectCountsTrue();

    const { db } = app.database;
    const paid = await db.selectFrom('orders').select('id').where('status', '=', 'paid').execute();
    // Two paid orders ship; one statement touches a third without changing its status.
    await db
      .updateTable('orders')
      .set((eb) => ({
        status: eb
          .case()
          .when('id', 'in', [paid[0]!.id, paid[1]!.id])
          .then(sql<OrderStatus>`'shipped'`)
          .else(eb.ref('status'))
          .end(),
      }))
      .where('id', 'in', [paid[0]!.id, paid[1]!.id, paid[2]!.id])
      .execute();
    await db.updateTable('orders').set({ phone: '555 0199' }).execute();
    await db.deleteFrom('orders').where('status', '=', 'cancelled').execute();
    await expectCountsTrue();
    expect(await headerTotal('?status=shipped')).toBe(2);
  });

  it('folds into one row per status, and stays true', async () => {
    const before = await countRows();
    expect(before.rows).toBeGreaterThan(before.statuses);
    await app.jobs.listCountFolding.runOnce();
    expect(await countRows()).toEqual({ rows: before.statuses, statuses: before.statuses });
    await expectCountsTrue();
  });

  it('stays true when orders are written while sweeps fold, at once', async () => {
    const writes = Array.from({ length: 30 }, (_, index) =>
      insertOrders(1 + (index % 3), index % 2 ? 'paid' : 'unpaid'),
    );
    const folds = Array.from({ length: 5 }, () => app.jobs.listCountFolding.runOnce());
    await Promise.all([...writes, ...folds]);
    await expectCountsTrue();
    await app.jobs.listCountFolding.runOnce();
    await expectCountsTrue();
  });

  it('pages a filtered list past its last page with the kept count', async () => {
    const total = await headerTotal('?status=paid');
    const response = await send(app, 'GET', `/api/allPurchase?status=paid&page=999`, admin.token);
    expect(await response.json()).toEqual([]);
    expect(Number(response.headers.get(TOTAL_COUNT_HEADER))).toBe(total);
  });
});
