import { formatOrderNumber, type Order, type OrderFilter, type Tool } from '@shop/shared';
import { sql } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeEachDatabase } from '../../test/databases';
import { send, signUpAdmin, signUpWithToken } from '../../test/identity';
import {
  type Account,
  createTool,
  postCheckout,
  setOrderStatus,
  uncachedTools,
  DELIVERY,
  US_GROUND,
} from '../../test/shop';
import { type TestApp, createTestApp } from '../../test/test-app';
import { createCartService } from '../cart/cart.service';
import { createOrdersService } from './orders.service';

const HEADER =
  'Order,Placed,Status,Buyer,Email,Tools,Units,Total,Transaction,Address,Phone,Needed by,' +
  'Subtotal,Shipping,Tax,Tax in prices,Shipping method,Country,Region,City,Postal code,Recipient,Order number';

describeEachDatabase('the CSV export of orders', (kind) => {
  let app: TestApp;
  let admin: Account;
  let alice: Account;
  let bob: Account;
  let tool: Tool;

  const place = async (buyer: Account, address: string, quantity = 1) => {
    const response = await send(app, 'POST', '/api/purchase', buyer.token, {
      toolId: tool._id,
      quantity,
      ...DELIVERY,
      address,
    });
    expect(response.status).toBe(201);
    return (await response.json()) as Order;
  };
  // The time an order was placed is never written by the code (CreatedAt): here, as SQL would.
  const placedAt = (ids: string[], at: string) =>
    sql`update orders set created_at = ${at}::timestamptz where id = any(${ids}::uuid[])`.execute(
      app.database.db,
    );
  const placedOn = (order: Order, day: string) => placedAt([order._id], `${day}T12:00:00Z`);
  const exported = async (query = '') => {
    const response = await send(app, 'GET', `/api/orders/export${query}`, admin.token);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(response.headers.get('content-disposition')).toMatch(
      /^attachment; filename="orders-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    return response.text();
  };
  /**
   * The order ids of the rows: the lines that start with one (not the header; a quoted cell may
   * hold a line break, and its next line starts otherwise).
   */
  const idsIn = (csv: string) =>
    csv.split('\n').flatMap((line) => /^[0-9a-f-]{36},/.exec(line)?.[0].slice(0, 36) ?? []);

  beforeAll(async () => {
    app = await createTestApp(kind, { seed: false, env: { MAX_UNPAID_ORDERS: 50 } });
    admin = await signUpAdmin(app);
    alice = await signUpWithToken(app);
    bob = await signUpWithToken(app);
    tool = (await (
      await send(app, 'POST', '/api/tools', admin.token, {
        name: 'Export Dock',
        description: 'Listed in a spreadsheet',
        minOrderQuantity: 1,
        availableQuantity: 500,
        price: 12.5,
        img: '/images/tools/nvme-ssd.svg',
      })
    ).json()) as Tool;
  });
  afterAll(() => app.close());

  it('is for admins only', async () => {
    expect((await send(app, 'GET', '/api/orders/export')).status).toBe(401);
    expect((await send(app, 'GET', '/api/orders/export', alice.token)).status).toBe(403);
  });

  it('writes a header and a row per order, newest first, quoting and escaping what buyers typed', async () => {
    const plain = await place(alice, '1 Main Street', 2);
    const tricky = await place(bob, '=HYPERLINK("http://evil.example"), "Flat 2"\nBack door');
    await placedOn(plain, '2026-03-01');
    await placedOn(tricky, '2026-03-02');
    const csv = await exported('?from=2026-03-01&to=2026-03-02');
    expect(csv.split('\n')[0]).toBe(HEADER);
    expect(idsIn(csv)).toEqual([tricky._id, plain._id]);
    // The Total is the order's: the goods and US Ground below its free threshold (no tax in
    // Oregon); the phone as stored, in E.164.
    expect(csv).toContain(
      `${plain._id},2026-03-01T12:00:00.000Z,unpaid,${alice.name},${alice.email},2 x Export Dock,2,${(25 + US_GROUND).toFixed(2)},,1 Main Street,'+15035550100,,` +
        `25.00,${US_GROUND},0.00,added,Ground,US,OR,Portland,97204,${alice.name},${formatOrderNumber(plain.number)}\n`,
    );
    // The formula starts with "'" and the cell is quoted, its quotes doubled.
    expect(csv).toContain(`"'=HYPERLINK(""http://evil.example""), ""Flat 2""\nBack door"`);
  });

  it('neutralises a formula after leading white space, as names stored before trimming had', async () => {
    const order = await place(alice, 'Formula Lane 1');
    await placedOn(order, '2026-03-05');
    // Stored as a name was before sign-up trimmed it (issue 31): no-break space, then a formula.
    await sql`update orders set user_name = ${'\u00a0=1+1'}, phone = ${' +15550100'},
      address = ${'\n@SUM(A1)'} where id = ${order._id}::uuid`.execute(app.database.db);
    const row = (await exported('?from=2026-03-05&to=2026-03-05')).split('\n').slice(1).join('\n');
    expect(row).toContain(`,'\u00a0=1+1,`);
    expect(row).toContain(`,' +15550100,`);
    expect(row).toContain(`"'\n@SUM(A1)"`);
    // A cell whose first visible character is harmless is left alone.
    expect(row).toContain(`,${alice.email},`);
  });

  it('filters by status, search and days placed, both days included', async () => {
    const early = await place(alice, 'Early Road');
    const late = await place(bob, 'Late Road');
    const paid = await place(bob, 'Paid Road');
    await placedOn(early, '2026-04-10');
    await placedOn(late, '2026-04-12');
    await placedOn(paid, '2026-04-11');
    await setOrderStatus(app, paid._id, 'paid');

    expect(idsIn(await exported('?from=2026-04-10&to=2026-04-12'))).toEqual([
      late._id,
      paid._id,
      early._id,
    ]);
    expect(idsIn(await exported('?from=2026-04-11&to=2026-04-11'))).toEqual([paid._id]);
    expect(idsIn(await exported('?from=2026-04-10&to=2026-04-12&status=paid'))).toEqual([paid._id]);
    expect(
      idsIn(
        await exported(
          `?from=2026-04-10&to=2026-04-12&search=${encodeURIComponent(alice.email.toUpperCase())}`,
        ),
      ),
    ).toEqual([early._id]);
    expect(
      idsIn(await exported('?from=2026-04-10&to=2026-04-12&search=export%20dock')),
    ).toHaveLength(3);
    expect(idsIn(await exported('?from=2026-04-10&to=2026-04-12&search=100%25'))).toEqual([]);
    expect((await send(app, 'GET', '/api/orders/export?status=lost', admin.token)).status).toBe(
      400,
    );
    expect((await send(app, 'GET', '/api/orders/export?from=2026-02-30', admin.token)).status).toBe(
      400,
    );
  });

  /** The service, to read the export's batches one by one (the route streams them all). */
  const ordersService = () =>
    createOrdersService(app.database.db, {
      tools: uncachedTools(app.database.db),
      cart: createCartService(app.database.db),
      copyCsv: app.database.copyCsv,
      unpaidOrderTtlMinutes: 60,
      maxUnpaidOrders: 50,
    });
  const batchesOf = async (filter: OrderFilter, batchSize: number) => {
    const batches: string[] = [];
    const decoder = new TextDecoder();
    for await (const batch of ordersService().exportCsv(filter, batchSize)) {
      batches.push(decoder.decode(batch));
    }
    return batches;
  };

  it('reads the orders a batch at a time, each once, even when they were placed at the same moment', async () => {
    const same = [];
    for (let index = 0; index < 5; index++) same.push(await place(alice, `Batch ${index}`));
    const newestFirst = same
      .map((order) => order._id)
      .sort()
      .reverse();
    await placedAt(newestFirst, '2026-05-05T10:00:00.123456Z');
    const day = { from: '2026-05-05', to: '2026-05-05' };

    const batches = await batchesOf(day, 2);
    expect(batches.map((batch) => idsIn(batch).length)).toEqual([2, 2, 1]);
    expect(batches.flatMap(idsIn)).toEqual(newestFirst);
    // The header once, at the start.
    expect(batches.map((batch) => batch.startsWith(`${HEADER}\n`))).toEqual([true, false, false]);
    expect(batches.join('')).toBe(await exported('?from=2026-05-05&to=2026-05-05'));

    // A batch exactly full ends the export with no empty batch after it.
    await placedAt([newestFirst[0]!], '2026-05-06T10:00:00Z');
    expect((await batchesOf(day, 2)).map((batch) => idsIn(batch).length)).toEqual([2, 2]);
  });

  it('is the header alone when no order matches', async () => {
    expect(await exported('?from=2020-01-01&to=2020-01-01')).toBe(`${HEADER}\n`);
    expect(await batchesOf({ from: '2020-01-01', to: '2020-01-01' }, 2)).toEqual([`${HEADER}\n`]);
  });

  it('writes an order of several tools, a paid one and a day needed by, the same in any batch size', async () => {
    const fan = await createTool(app, admin, {
      name: '+Fan, "quiet"',
      description: 'A name a spreadsheet would run',
      price: 3.33,
    });
    for (const [toolId, quantity] of [
      [tool._id, 1],
      [fan._id, 3],
    ] as const) {
      await send(app, 'POST', '/api/cart/lines', bob.token, { toolId, quantity });
    }
    const checkout = await postCheckout(app, bob, {
      ...DELIVERY,
      address: '@home',
      neededBy: '2031-01-02',
    });
    expect(checkout.status).toBe(201);
    const paid = await place(alice, '2 Paid Lane');
    await setOrderStatus(app, paid._id, 'paid');
    await app.database.db
      .updateTable('orders')
      .set({ transaction_id: 'pi_copy_1' })
      .where('id', '=', paid._id)
      .execute();

    const csv = await exported();
    expect(idsIn(csv).length).toBeGreaterThan(10);
    // The Tools cell from the order's lines, the formula and the quotes escaped.
    // The Totals with US Ground below its free threshold (no tax in Oregon).
    expect(csv).toContain(
      `"1 x Export Dock; 3 x +Fan, ""quiet""",4,${(22.49 + US_GROUND).toFixed(2)},,'@home,'+15035550100,2031-01-02,` +
        `22.49,${US_GROUND},0.00,added,Ground,US,OR,Portland,97204,${bob.name},` +
        `${formatOrderNumber(((await checkout.json()) as Order).number)}\n`,
    );
    expect(csv).toContain(
      `,paid,${alice.name},${alice.email},1 x Export Dock,1,${(12.5 + US_GROUND).toFixed(2)},pi_copy_1,2 Paid Lane,`,
    );
    // Batches of 3 make the same file as batches of 1,000 (the route's).
    expect((await batchesOf({}, 3)).join('')).toBe(csv);
  });
});
