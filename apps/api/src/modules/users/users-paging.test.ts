import {
  LIST_PAGE_SIZE_DEFAULT,
  LIST_PAGE_SIZE_MAX,
  type ShopUser,
  TOTAL_COUNT_HEADER,
} from '@shop/shared';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeEachDatabase } from '../../test/databases';
import { send, signUpAdmin, signUpWithToken } from '../../test/identity';
import type { Account } from '../../test/shop';
import { type TestApp, createTestApp } from '../../test/test-app';

/** All Users (`GET /api/user`), paged on the server (issue 18). */
describeEachDatabase('the users paged on the server', (kind) => {
  let app: TestApp;
  let admin: Account;
  let customer: Account;
  /** The shop's users oldest first, as the list answers them. */
  let everyone: ShopUser[];

  const list = async (path: string) => {
    const response = await send(app, 'GET', path, admin.token);
    expect(response.status, path).toBe(200);
    return {
      users: (await response.json()) as ShopUser[],
      total: Number(response.headers.get(TOTAL_COUNT_HEADER)),
    };
  };
  const emailsOf = (users: ShopUser[]) => users.map((user) => user.email);

  beforeAll(async () => {
    app = await createTestApp(kind, { seed: false });
    admin = await signUpAdmin(app);
    customer = await signUpWithToken(app);
    // 105 more, a second apart, as SQL would write them; every fifth an admin.
    await app.database.db
      .insertInto('users')
      .values(
        Array.from({ length: 105 }, (_, index) => ({
          auth_user_id: randomUUID(),
          email: `paged${String(index).padStart(3, '0')}@example.com`,
          name: index === 42 ? 'Zoë O_Brien' : `Paged Person ${index}`,
          role: index % 5 === 0 ? ('admin' as const) : ('user' as const),
          created_at: new Date(Date.UTC(2030, 0, 1, 0, 0, index)),
        })),
      )
      .execute();
    everyone = (await list('/api/user?limit=100')).users.concat(
      (await list('/api/user?limit=100&page=2')).users,
    );
  });
  afterAll(() => app.close());

  it('is for admins only', async () => {
    expect((await send(app, 'GET', '/api/user')).status).toBe(401);
    expect((await send(app, 'GET', '/api/user?role=admin', customer.token)).status).toBe(403);
  });

  it('answers the first 20, oldest first, with the total, when asked for no page', async () => {
    expect(everyone).toHaveLength(107);
    expect(emailsOf(everyone).slice(0, 2)).toEqual([admin.email, customer.email]);
    expect(emailsOf(everyone).slice(2, 4)).toEqual([
      'paged000@example.com',
      'paged001@example.com',
    ]);
    const first = await list('/api/user');
    expect(first.total).toBe(107);
    expect(first.users).toEqual(everyone.slice(0, LIST_PAGE_SIZE_DEFAULT));
  });

  it('answers up to 100 a page (101 as 100), and past the last page nothing with the total', async () => {
    expect((await list('/api/user?limit=100')).users).toHaveLength(LIST_PAGE_SIZE_MAX);
    const clamped = await list('/api/user?limit=101');
    expect(clamped.users).toHaveLength(LIST_PAGE_SIZE_MAX);
    expect(clamped.total).toBe(107);
    expect((await list('/api/user?limit=10&page=3')).users).toEqual(everyone.slice(20, 30));
    expect(await list('/api/user?limit=100&page=3')).toEqual({ users: [], total: 107 });
    for (const query of ['limit=0', 'page=0', 'role=owner', 'email=a']) {
      expect((await send(app, 'GET', `/api/user?${query}`, admin.token)).status, query).toBe(400);
    }
  });

  it('searches emails and names in any case', async () => {
    const byEmail = await list('/api/user?search=PAGED10');
    expect(emailsOf(byEmail.users)).toEqual([
      'paged100@example.com',
      'paged101@example.com',
      'paged102@example.com',
      'paged103@example.com',
      'paged104@example.com',
    ]);
    expect(byEmail.total).toBe(5);
    expect(
      emailsOf((await list(`/api/user?search=${encodeURIComponent('zoë o_')}`)).users),
    ).toEqual(['paged042@example.com']);
    // `_` and `%` are the characters typed, not LIKE's wildcards.
    expect(await list('/api/user?search=O%25Brien')).toEqual({ users: [], total: 0 });
    expect(await list('/api/user?search=Zo%C3%AB_O')).toEqual({ users: [], total: 0 });
    expect(await list('/api/user?search=nobody-at-all')).toEqual({ users: [], total: 0 });
  });

  it('keeps one role, and pages it', async () => {
    const admins = everyone.filter((user) => user.role === 'admin');
    expect(admins).toHaveLength(22);
    const first = await list('/api/user?role=admin&limit=20');
    expect(first).toEqual({ users: admins.slice(0, 20), total: 22 });
    expect(await list('/api/user?role=admin&limit=20&page=2')).toEqual({
      users: admins.slice(20),
      total: 22,
    });
    const customers = await list('/api/user?role=user&search=paged00');
    expect(emailsOf(customers.users)).toEqual(
      [
        'paged001',
        'paged002',
        'paged003',
        'paged004',
        'paged006',
        'paged007',
        'paged008',
        'paged009',
      ].map((name) => `${name}@example.com`),
    );
    expect(customers.total).toBe(8);
  });

  it('counts the users kept by the database: after a promotion, a removal and a fold', async () => {
    const totals = async () => ({
      all: (await list('/api/user')).total,
      admins: (await list('/api/user?role=admin')).total,
      customers: (await list('/api/user?role=user')).total,
    });
    const before = await totals();
    expect(before.all).toBe(everyone.length);
    expect(before.admins + before.customers).toBe(before.all);

    expect(
      (await send(app, 'PUT', '/api/user/admin/paged001@example.com', admin.token)).status,
    ).toBe(200);
    const removed = await send(app, 'DELETE', '/api/user/paged002@example.com', admin.token);
    expect(removed.status).toBe(200);
    const expected = {
      all: before.all - 1,
      admins: before.admins + 1,
      customers: before.customers - 2,
    };
    expect(await totals()).toEqual(expected);
    await app.jobs.listCountFolding.runOnce();
    expect(await totals()).toEqual(expected);
  });
});
