import type { ShopUser } from '@shop/shared';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeEachDatabase } from '../../test/databases';
import { send, signUpAdmin, signUpWithToken } from '../../test/identity';
import { type TestApp, createTestApp } from '../../test/test-app';

describeEachDatabase('managing users', (kind) => {
  let app: TestApp;
  beforeAll(async () => {
    app = await createTestApp(kind, { seed: false });
  });
  afterAll(() => app.close());

  it('answers 401 without a token and 403 for a customer on every admin call', async () => {
    const customer = await signUpWithToken(app);
    const other = await signUpWithToken(app);
    for (const [method, path] of [
      ['GET', '/api/user'],
      ['PUT', `/api/user/admin/${other.email}`],
      ['DELETE', `/api/user/${other.email}`],
      ['GET', '/api/allPurchase'],
    ] as const) {
      expect((await send(app, method, path)).status, `${method} ${path}`).toBe(401);
      expect((await send(app, method, path, customer.token)).status, `${method} ${path}`).toBe(403);
    }
  });

  it('lists users without secrets, and makes one admin', async () => {
    const admin = await signUpAdmin(app);
    const customer = await signUpWithToken(app);
    const users = (await (await send(app, 'GET', '/api/user', admin.token)).json()) as ShopUser[];
    const listed = users.find((user) => user.email === customer.email);
    expect(listed).toEqual({
      _id: expect.any(String),
      email: customer.email,
      name: customer.name,
      role: 'user',
    });
    expect(JSON.stringify(users)).not.toMatch(/password|token|hash/i);

    const promoted = await send(app, 'PUT', `/api/user/admin/${customer.email}`, admin.token);
    expect(await promoted.json()).toEqual({ modifiedCount: 1, message: 'Admin Selected!!' });
    const check = await send(app, 'GET', `/api/admin/${customer.email}`, customer.token);
    expect(await check.json()).toEqual({ admin: true });
    const again = await send(app, 'PUT', `/api/user/admin/${customer.email}`, admin.token);
    expect(((await again.json()) as { modifiedCount: number }).modifiedCount).toBe(0);
    expect((await send(app, 'PUT', '/api/user/admin/nobody@example.com', admin.token)).status).toBe(
      404,
    );
  });

  it('will not let an admin remove themself, nor remove the last admin', async () => {
    const fresh = await createTestApp(kind, { seed: false });
    try {
      const admin = await signUpAdmin(fresh);
      const self = await send(fresh, 'DELETE', `/api/user/${admin.email}`, admin.token);
      expect(self.status).toBe(409);
      expect(((await self.json()) as { error: { code: string } }).error.code).toBe(
        'CANNOT_REMOVE_SELF',
      );

      // Two admins removing each other at once: one removal wins, one admin always stays.
      const second = await signUpAdmin(fresh);
      const results = await Promise.all([
        send(fresh, 'DELETE', `/api/user/${second.email}`, admin.token),
        send(fresh, 'DELETE', `/api/user/${admin.email}`, second.token),
      ]);
      const [won, lost] = results.map((response) => response.status).sort();
      expect(won).toBe(200);
      // The loser was either already removed (401) or refused as the last admin (409).
      expect([401, 409]).toContain(lost);
      const admins = await fresh.database.db
        .selectFrom('users')
        .select('email')
        .where('role', '=', 'admin')
        .execute();
      expect(admins).toHaveLength(1);
    } finally {
      await fresh.close();
    }
  });
});
