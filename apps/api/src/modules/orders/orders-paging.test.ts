import {
  formatOrderNumber,
  LIST_PAGE_SIZE_DEFAULT,
  LIST_PAGE_SIZE_MAX,
  type Order,
  type OrderStatus,
  type Tool,
  TOTAL_COUNT_HEADER,
} from '@shop/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describeEachDatabase } from '../../test/databases';
import { send, signUpAdmin, signUpWithToken } from '../../test/identity';
import type { Account } from '../../test/shop';
import { type TestApp, createTestApp } from '../../test/test-app';

/** Manage All Orders and My Orders, paged on the server (issue 18). */
describeEachDatabase('orders paged on the server', (kind) => {
  let app: TestApp;
  let admin: Account;
  let alice: Account;
  let bob: Account;
  let tool: Tool;
  let fan: Tool;

  interface Placed {
    buyer: Account;
    status?: OrderStatus;
    at: string;
    /** An order of two tools, the second the fan (whose name is only in the lines). */
    withFan?: boolean;
  }

  /** Orders written as SQL would, at the times given (the code never writes a time). */
  async function placeOrders(orders: Placed[]): Promise<string[]> {
    const { db } = app.database;
    const ids: string[] = [];
    for (const order of orders) {
      const buyer = await db
        .selectFrom('users')
        .select(['id', 'name', 'email'])
        .where('email', '=', order.buyer.email)
        .executeTakeFirstOrThrow();
      const several = order.withFan === true;
      const row = await db
        .insertInto('orders')
        .values({
          tool_id: tool._id,
          tool_name: several ? `${tool.name} + 1 more` : tool.name,
          tool_img: tool.img,
          user_id: buyer.id,
          user_name: buyer.name,
          user_email: buyer.email,
          phone: '555 0100',
          address: '1 Paging Road',
          quantity: several ? 2 : 1,
          unit_price_cents: several ? null : 1000,
          price_cents: several ? 2000 : 1000,
          available_after: several ? null : 10,
          line_count: several ? 2 : 1,
          status: order.status ?? 'paid',
          created_at: new Date(order.at),
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      if (several) {
        await db
          .insertInto('order_lines')
          .values(
            [tool, fan].map((lineTool, position) => ({
              order_id: row.id,
              position,
              tool_id: lineTool._id,
              tool_name: lineTool.name,
              tool_img: tool.img,
              quantity: 1,
              unit_price_cents: 1000,
              price_cents: 1000,
              available_after: 10,
            })),
          )
          .execute();
      }
      ids.push(row.id);
    }
    return ids;
  }

  const list = async (path: string, token = admin.token) => {
    const response = await send(app, 'GET', path, token);
    expect(response.status, path).toBe(200);
    return {
      orders: (await response.json()) as Order[],
      total: Number(response.headers.get(TOTAL_COUNT_HEADER)),
    };
  };
  const idsOf = (orders: Order[]) => orders.map((order) => order._id);

  beforeAll(async () => {
    app = await createTestApp(kind, { seed: false });
    admin = await signUpAdmin(app);
    alice = await signUpWithToken(app);
    bob = await signUpWithToken(app);
    tool = (await (
      await send(app, 'POST', '/api/tools', admin.token, {
        name: 'Paging Dock',
        description: 'Listed a page at a time',
        minOrderQuantity: 1,
        availableQuantity: 500,
        price: 10,
        img: '/images/tools/nvme-ssd.svg',
      })
    ).json()) as Tool;
    fan = (await (
      await send(app, 'POST', '/api/tools', admin.token, {
        name: 'Zeta Fan 80mm',
        description: 'Bought with the dock',
        minOrderQuantity: 1,
        availableQuantity: 500,
        price: 10,
        img: '/images/tools/nvme-ssd.svg',
      })
    ).json()) as Tool;
  });
  afterAll(() => app.close());

  describe('Manage All Orders (GET /api/allPurchase)', () => {
    it('is for admins only', async () => {
      expect((await send(app, 'GET', '/api/allPurchase')).status).toBe(401);
      expect((await send(app, 'GET', '/api/allPurchase', alice.token)).status).toBe(403);
      expect((await send(app, 'GET', '/api/allPurchase?status=paid', alice.token)).status).toBe(
        403,
      );
    });

    it('answers the first 20, newest first, with the total, when asked for no page; then pages to the end', async () => {
      const before = (await list('/api/allPurchase')).total;
      // 45 orders a minute apart, the newest last, in 2026-06.
      const ids = await placeOrders(
        Array.from({ length: 45 }, (_, index) => ({
          buyer: index % 2 ? alice : bob,
          at: new Date(Date.UTC(2026, 5, 1, 12, index)).toISOString(),
        })),
      );
      const newestFirst = [...ids].reverse();
      const first = await list('/api/allPurchase');
      expect(first.total).toBe(before + 45);
      expect(first.orders).toHaveLength(LIST_PAGE_SIZE_DEFAULT);
      const june = '&from=2026-06-01&to=2026-06-30';
      const pages = [];
      for (const page of [1, 2, 3]) {
        pages.push(await list(`/api/allPurchase?page=${page}&limit=20${june}`));
      }
      expect(pages.map((page) => page.total)).toEqual([45, 45, 45]);
      expect(pages.map((page) => page.orders.length)).toEqual([20, 20, 5]);
      expect(pages.flatMap((page) => idsOf(page.orders))).toEqual(newestFirst);
      // Past the last page: nothing, and still the total.
      expect(await list(`/api/allPurchase?page=4&limit=20${june}`)).toEqual({
        orders: [],
        total: 45,
      });
      expect(await list(`/api/allPurchase?page=99999${june}`)).toEqual({ orders: [], total: 45 });
    });

    it('answers up to 100 a page: 100 as asked, 101 as 100; 0, a page 0 or words are refused', async () => {
      await placeOrders(
        Array.from({ length: 105 }, (_, index) => ({
          buyer: alice,
          status: 'delivered' as const,
          at: new Date(Date.UTC(2026, 6, 1, 12, index)).toISOString(),
        })),
      );
      const delivered = '/api/allPurchase?status=delivered';
      expect((await list(`${delivered}&limit=100`)).orders).toHaveLength(LIST_PAGE_SIZE_MAX);
      const clamped = await list(`${delivered}&limit=101`);
      expect(clamped.orders).toHaveLength(LIST_PAGE_SIZE_MAX);
      expect(clamped.total).toBe(105);
      expect((await list(`${delivered}&limit=100&page=2`)).orders).toHaveLength(5);
      for (const query of ['limit=0', 'page=0', 'limit=many', 'page=-1', 'sort=price']) {
        const response = await send(app, 'GET', `/api/allPurchase?${query}`, admin.token);
        expect(response.status, query).toBe(400);
      }
    });

    it('filters by status, counting only that status', async () => {
      const [unpaid, refunded] = await placeOrders([
        { buyer: bob, status: 'unpaid', at: '2026-08-01T10:00:00Z' },
        { buyer: bob, status: 'refunded', at: '2026-08-01T11:00:00Z' },
      ]);
      const page = await list('/api/allPurchase?status=refunded');
      expect(idsOf(page.orders)).toContain(refunded);
      expect(page.orders.every((order) => order.status === 'refunded')).toBe(true);
      expect(page.total).toBe(page.orders.length);
      expect(idsOf((await list('/api/allPurchase?status=unpaid')).orders)).toContain(unpaid);
      expect((await send(app, 'GET', '/api/allPurchase?status=lost', admin.token)).status).toBe(
        400,
      );
    });

    it("searches the buyer's email and name in any case, and the tools of an order's lines", async () => {
      const carol = await signUpWithToken(app);
      const [plain, several] = await placeOrders([
        { buyer: carol, at: '2026-09-01T10:00:00Z' },
        { buyer: carol, at: '2026-09-01T11:00:00Z', withFan: true },
      ]);
      const byEmail = await list(
        `/api/allPurchase?search=${encodeURIComponent(carol.email.toUpperCase())}`,
      );
      expect(idsOf(byEmail.orders)).toEqual([several, plain]);
      expect(byEmail.total).toBe(2);
      const byName = await list(`/api/allPurchase?search=${encodeURIComponent(carol.name)}`);
      expect(idsOf(byName.orders)).toEqual([several, plain]);
      const byLine = await list('/api/allPurchase?search=zeta%20FAN');
      expect(idsOf(byLine.orders)).toEqual([several]);
      expect(byLine.orders[0]!.lines.map((line) => line.tool)).toEqual([
        'Paging Dock',
        'Zeta Fan 80mm',
      ]);
      expect(byLine.total).toBe(1);
      // LIKE's wildcards are searched as the characters they are.
      expect(await list('/api/allPurchase?search=%25')).toEqual({ orders: [], total: 0 });
      expect(await list('/api/allPurchase?search=Paging_Dock')).toEqual({ orders: [], total: 0 });
    });

    it('finds an order by its number, typed with or without its prefix and zeros', async () => {
      const dave = await signUpWithToken(app);
      const [first, second] = (await placeOrders([
        { buyer: dave, at: '2026-09-02T10:00:00Z' },
        { buyer: dave, at: '2026-09-02T11:00:00Z' },
      ])) as [string, string];
      const mine = (await list(`/api/allPurchase?search=${encodeURIComponent(dave.email)}`)).orders;
      const numberOf = (id: string) => mine.find((order) => order._id === id)!.number;
      // Each order its own number, given in the order they were written.
      expect(numberOf(second)).toBe(numberOf(first) + 1);
      const number = numberOf(second);
      for (const typed of [formatOrderNumber(number), `ord ${number}`, `#${number}`, `${number}`]) {
        const found = await list(`/api/allPurchase?search=${encodeURIComponent(typed)}`);
        expect(idsOf(found.orders), typed).toContain(second);
        expect(idsOf(found.orders), typed).not.toContain(first);
      }
      // A number no order has finds nothing, and the buyer's own list shows the same number.
      expect(await list(`/api/allPurchase?search=ORD-${number + 1000}`)).toEqual({
        orders: [],
        total: 0,
      });
      const own = await send(app, 'GET', `/api/purchase/${second}`, dave.token);
      expect(((await own.json()) as Order).number).toBe(number);
    });

    it("keeps the days from and to, both included, on the shop's calendar", async () => {
      const [justBefore, firstMoment, lastMoment, justAfter] = await placeOrders([
        { buyer: alice, at: '2026-10-09T23:59:59.999Z' },
        { buyer: alice, at: '2026-10-10T00:00:00Z' },
        { buyer: alice, at: '2026-10-12T23:59:59.999Z' },
        { buyer: alice, at: '2026-10-13T00:00:00Z' },
      ]);
      const range = await list('/api/allPurchase?from=2026-10-10&to=2026-10-12');
      expect(idsOf(range.orders)).toEqual([lastMoment, firstMoment]);
      expect(range.total).toBe(2);
      expect(idsOf((await list('/api/allPurchase?from=2026-10-13')).orders)).toContain(justAfter);
      expect(idsOf((await list('/api/allPurchase?to=2026-10-09&limit=100')).orders)).toContain(
        justBefore,
      );
      expect((await send(app, 'GET', '/api/allPurchase?from=2026-02-30', admin.token)).status).toBe(
        400,
      );
    });

    it('orders placed at the same moment come by id, descending, each on one page only', async () => {
      const ids = await placeOrders(
        Array.from({ length: 5 }, () => ({
          buyer: bob,
          status: 'shipped' as const,
          at: '2026-11-01T10:00:00.123456Z',
        })),
      );
      const day = '/api/allPurchase?status=shipped&from=2026-11-01&to=2026-11-01&limit=2';
      const pages = [];
      for (const page of [1, 2, 3]) pages.push(await list(`${day}&page=${page}`));
      expect(pages.flatMap((page) => idsOf(page.orders))).toEqual([...ids].sort().reverse());
    });

    it('selects with the filters of the CSV export: the same orders in the same order', async () => {
      const filters = '?from=2026-06-01&to=2026-11-30&search=buyer';
      const response = await send(app, 'GET', `/api/orders/export${filters}`, admin.token);
      const exported = (await response.text())
        .split('\n')
        .flatMap((line) => /^[0-9a-f-]{36},/.exec(line)?.[0].slice(0, 36) ?? []);
      const paged = await list(`/api/allPurchase${filters}&limit=100`);
      const rest = await list(`/api/allPurchase${filters}&limit=100&page=2`);
      expect(paged.total).toBe(exported.length);
      // The export breaks ties by id descending, the list by id: compare as sets of each moment.
      expect(new Set([...idsOf(paged.orders), ...idsOf(rest.orders)])).toEqual(new Set(exported));
    });
  });

  describe('My Orders (GET /api/purchase?userEmail=)', () => {
    it("pages the caller's own orders, newest first, with their total; another's are not counted", async () => {
      const dave = await signUpWithToken(app);
      const ids = await placeOrders(
        Array.from({ length: 105 }, (_, index) => ({
          buyer: dave,
          at: new Date(Date.UTC(2026, 11, 1, 0, index)).toISOString(),
        })),
      );
      await placeOrders([{ buyer: bob, at: '2026-12-01T05:00:00Z' }]);
      const newestFirst = [...ids].reverse();
      const mine = `/api/purchase?userEmail=${encodeURIComponent(dave.email)}`;
      const first = await list(mine, dave.token);
      expect(first.total).toBe(105);
      expect(idsOf(first.orders)).toEqual(newestFirst.slice(0, LIST_PAGE_SIZE_DEFAULT));
      expect(idsOf((await list(`${mine}&page=3&limit=10`, dave.token)).orders)).toEqual(
        newestFirst.slice(20, 30),
      );
      expect((await list(`${mine}&limit=100`, dave.token)).orders).toHaveLength(100);
      expect((await list(`${mine}&limit=101`, dave.token)).orders).toHaveLength(100);
      expect(await list(`${mine}&page=2&limit=100`, dave.token)).toEqual({
        orders: expect.any(Array) as unknown,
        total: 105,
      });
      expect((await list(`${mine}&page=2&limit=100`, dave.token)).orders).toHaveLength(5);
      expect(await list(`${mine}&page=3&limit=100`, dave.token)).toEqual({
        orders: [],
        total: 105,
      });
      expect((await send(app, 'GET', `${mine}&limit=0`, dave.token)).status).toBe(400);
      // Another customer's email is refused, paged or not.
      expect((await send(app, 'GET', `${mine}&page=2`, alice.token)).status).toBe(403);
    });

    it('answers an empty first page with a total of 0', async () => {
      const erin = await signUpWithToken(app);
      const mine = `/api/purchase?userEmail=${encodeURIComponent(erin.email)}`;
      expect(await list(mine, erin.token)).toEqual({ orders: [], total: 0 });
      expect(await list(`${mine}&page=2`, erin.token)).toEqual({ orders: [], total: 0 });
    });
  });
});
