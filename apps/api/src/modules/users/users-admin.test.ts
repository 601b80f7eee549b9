import {
  type Order,
  type Profile,
  type Review,
  type ShopUser,
  type Tool,
  messages,
} from '@shop/shared';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeEachDatabase } from '../../test/databases';
import { newPerson, send, signUpAdmin, signUpWithToken } from '../../test/identity';
import { errorOf, order, DELIVERY } from '../../test/shop';
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

  // The email rule of every route that names an account in its path (EmailParamSchema).
  it('refuses a malformed email in the path with 400 and the sign-up message', async () => {
    const admin = await signUpAdmin(app);
    for (const email of ['not-an-email', 'someone@Example.com']) {
      const param = encodeURIComponent(email);
      const answers = {
        'the role check': await send(app, 'GET', `/api/admin/${param}`, admin.token),
        'Make Admin': await send(app, 'PUT', `/api/user/admin/${param}`, admin.token),
        'Remove User': await send(app, 'DELETE', `/api/user/${param}`, admin.token),
        'the token call': await app.request(`/api/user/${param}`, {
          method: 'PUT',
          headers: { Cookie: admin.cookie, 'Content-Type': 'application/json' },
          body: '{}',
        }),
      };
      for (const [route, answer] of Object.entries(answers)) {
        expect(answer.status, `${route}, ${email}`).toBe(400);
        expect(await errorOf(answer)).toMatchObject({
          code: 'VALIDATION_FAILED',
          fields: { email: [messages.validation.emailInvalid] },
        });
      }
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

  // This test and the next: the refusals' words, which the mutation run (docs/testing.md) found
  // checked only by their status.
  it('promotes: an unknown user is 404, an admin already is not counted as modified', async () => {
    const admin = await signUpAdmin(app);
    const unknown = await send(app, 'PUT', '/api/user/admin/nobody%40example.com', admin.token);
    expect(unknown.status).toBe(404);
    expect(await errorOf(unknown)).toEqual({ code: 'NOT_FOUND', message: 'User not found' });
    const again = await send(
      app,
      'PUT',
      `/api/user/admin/${encodeURIComponent(admin.email)}`,
      admin.token,
    );
    expect(again.status).toBe(200);
    expect(await again.json()).toEqual({
      modifiedCount: 0,
      message: messages.success.adminSelected,
    });
  });

  // The last admin's refusal: 'refuses to remove the last admin' below.
  it('removal refusals say why: an unknown user, oneself', async () => {
    const fresh = await createTestApp(kind, { seed: false });
    try {
      const admin = await signUpAdmin(fresh);
      const remove = (email: string) =>
        send(fresh, 'DELETE', `/api/user/${encodeURIComponent(email)}`, admin.token);
      const unknown = await remove('nobody@example.com');
      expect(unknown.status).toBe(404);
      expect(await errorOf(unknown)).toEqual({ code: 'NOT_FOUND', message: 'User not found' });
      expect(await errorOf(await remove(admin.email))).toEqual({
        code: 'CANNOT_REMOVE_SELF',
        message: 'You cannot remove your own account',
      });
    } finally {
      await fresh.close();
    }
  });

  // ADMIN_EMAIL's claim through its provider, at every later sign-in too: admin-claim.test.ts.

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

  it('lets one of two admins remove the other; the removed admin is signed out at once', async () => {
    const fresh = await createTestApp(kind, { seed: false });
    try {
      const first = await signUpAdmin(fresh);
      const second = await signUpAdmin(fresh);
      const removed = await send(fresh, 'DELETE', `/api/user/${second.email}`, first.token);
      expect(removed.status).toBe(200);
      expect((await send(fresh, 'GET', '/api/user', second.token)).status).toBe(401);
      expect((await send(fresh, 'GET', '/api/user', first.token)).status).toBe(200);
    } finally {
      await fresh.close();
    }
  });

  // Without a race: the acting admin was demoted elsewhere (another process, its change not yet
  // heard here), and this process still remembers the token as an admin's (TOKEN_CACHE_MS). The
  // removal itself counts the admins in the database, so the only admin left stays.
  it('refuses to remove the last admin (409 LAST_ADMIN), whoever asks', async () => {
    const fresh = await createTestApp(kind, { seed: false, env: { TOKEN_CACHE_MS: 60_000 } });
    try {
      const demoted = await signUpAdmin(fresh);
      const last = await signUpAdmin(fresh);
      expect((await send(fresh, 'GET', '/api/user', demoted.token)).status).toBe(200);
      await fresh.database.db
        .updateTable('users')
        .set({ role: 'user' })
        .where('email', '=', demoted.email)
        .execute();
      const refused = await send(fresh, 'DELETE', `/api/user/${last.email}`, demoted.token);
      expect(refused.status).toBe(409);
      expect(await errorOf(refused)).toEqual({
        code: 'LAST_ADMIN',
        message: 'The last admin cannot be removed',
      });
      const admins = await fresh.database.db
        .selectFrom('users')
        .select('email')
        .where('role', '=', 'admin')
        .execute();
      expect(admins).toEqual([{ email: last.email }]);
      expect((await send(fresh, 'GET', '/api/user', last.token)).status).toBe(200);
    } finally {
      await fresh.close();
    }
  });

  it('cancels the unpaid orders of a removed customer and returns their stock', async () => {
    // A catalogue cached for a minute: the removal must still show at once.
    const shop = await createTestApp(kind, { seed: false, env: { CATALOGUE_CACHE_MS: 60_000 } });
    try {
      const admin = await signUpAdmin(shop);
      const customer = await signUpWithToken(shop);
      const other = await signUpWithToken(shop);
      const tools: Tool[] = [];
      for (const name of ['Removal SSD', 'Removal Fan']) {
        const created = await send(shop, 'POST', '/api/tools', admin.token, {
          name,
          description: 'Held by a customer who leaves',
          minOrderQuantity: 1,
          availableQuantity: 20,
          price: 5,
          img: '/images/tools/nvme-ssd.svg',
        });
        tools.push((await created.json()) as Tool);
      }
      const [ssd, fan] = tools as [Tool, Tool];
      const buy = (buyer: typeof customer, toolId: string, quantity: number) =>
        order(shop, buyer, toolId, quantity);
      const stock = async () =>
        Object.fromEntries(
          ((await (await shop.request('/api/tools')).json()) as Tool[]).map((tool) => [
            tool.name,
            tool.availableQuantity,
          ]),
        );
      await buy(customer, ssd._id, 3);
      await buy(customer, ssd._id, 4);
      await buy(customer, fan._id, 5);
      const paid = await buy(customer, fan._id, 2);
      await shop.database.db
        .updateTable('orders')
        .set({ status: 'paid' })
        .where('id', '=', paid._id)
        .execute();
      await buy(other, ssd._id, 1);
      expect(await stock()).toEqual({ 'Removal SSD': 12, 'Removal Fan': 13 });

      const removed = await send(shop, 'DELETE', `/api/user/${customer.email}`, admin.token);
      expect(removed.status).toBe(200);
      // Their unpaid units are back; the paid order and the other customer's order stand.
      expect(await stock()).toEqual({ 'Removal SSD': 19, 'Removal Fan': 18 });
      const all = (await (
        await send(shop, 'GET', '/api/allPurchase', admin.token)
      ).json()) as Order[];
      const theirs = all.filter((order) => order.userEmail === customer.email);
      expect(theirs.map((order) => order.status).sort()).toEqual([
        'cancelled',
        'cancelled',
        'cancelled',
        'paid',
      ]);
      expect(all.find((order) => order.userEmail === other.email)?.status).toBe('unpaid');
    } finally {
      await shop.close();
    }
  });

  it("an account registered later with a removed user's email sees none of their orders; admins still do", async () => {
    const admin = await signUpAdmin(app);
    const created = await send(app, 'POST', '/api/tools', admin.token, {
      name: 'Owned Drive',
      description: 'Belongs to an account',
      minOrderQuantity: 1,
      availableQuantity: 20,
      price: 8,
      img: '/images/tools/nvme-ssd.svg',
    });
    const tool = (await created.json()) as Tool;
    const person = newPerson('owner');
    const buy = async (token: string) => {
      const response = await send(app, 'POST', '/api/purchase', token, {
        toolId: tool._id,
        quantity: 1,
        ...DELIVERY,
        address: '1 Former Street',
      });
      expect(response.status).toBe(201);
      return (await response.json()) as Order;
    };
    const first = await signUpWithToken(app, person);
    const old = await buy(first.token);
    expect((await send(app, 'DELETE', `/api/user/${person.email}`, admin.token)).status).toBe(200);

    const again = await signUpWithToken(app, { ...person, name: 'Someone New' });
    const mine = await send(app, 'GET', `/api/purchase?userEmail=${person.email}`, again.token);
    expect(mine.status).toBe(200);
    expect(await mine.json()).toEqual([]);
    for (const [method, path, body] of [
      ['GET', `/api/purchase/${old._id}`, undefined],
      ['POST', `/api/purchase/${old._id}/cancel`, undefined],
      ['POST', '/api/create-payment-intent', { orderId: old._id }],
      ['PATCH', `/api/purchase/${old._id}`, { transactionId: 'pi_anything' }],
    ] as const) {
      expect((await send(app, method, path, again.token, body)).status, `${method} ${path}`).toBe(
        404,
      );
    }
    // The new account's own orders are its own.
    const fresh = await buy(again.token);
    const listed = (await (
      await send(app, 'GET', `/api/purchase?userEmail=${person.email}`, again.token)
    ).json()) as Order[];
    expect(listed.map((order) => order._id)).toEqual([fresh._id]);
    // The shop keeps the old order on its records.
    const kept = await send(app, 'GET', `/api/purchase/${old._id}`, admin.token);
    expect(kept.status).toBe(200);
    expect(await kept.json()).toMatchObject({ userEmail: person.email, status: 'cancelled' });
  });

  it("an account registered later with a removed user's email starts with an empty profile and owns none of their reviews", async () => {
    const admin = await signUpAdmin(app);
    const person = newPerson('profiled');
    const first = await signUpWithToken(app, person);
    const oldProfile = {
      birthDate: '24-05-95',
      address: '1 Former Street',
      phone: '555 0100',
      profileLink: 'https://example.com/former',
    };
    expect(
      (await send(app, 'PUT', `/api/userInfo/${person.email}`, first.token, oldProfile)).status,
    ).toBe(200);
    const oldReview = (await (
      await send(app, 'POST', '/api/reviews', first.token, {
        name: 'Former Owner',
        review: 'Old Review',
        location: 'Dhaka',
        description: 'Written by the removed account',
        img: 'https://example.com/former.png',
      })
    ).json()) as Review;
    expect((await send(app, 'DELETE', `/api/user/${person.email}`, admin.token)).status).toBe(200);

    const again = await signUpWithToken(app, { ...person, name: 'Someone New' });
    // Another customer's profile is there to be found by a read not keyed by the account.
    const bystander = await signUpWithToken(app);
    expect(
      (await send(app, 'PUT', `/api/userInfo/${bystander.email}`, bystander.token, oldProfile))
        .status,
    ).toBe(200);
    const empty = {
      email: person.email,
      name: 'Someone New',
      birthDate: null,
      address: null,
      phone: null,
      profileLink: null,
    };
    const mine = await send(app, 'GET', `/api/userInfo/${person.email}`, again.token);
    expect(mine.status).toBe(200);
    expect((await mine.json()) as Profile).toEqual(empty);
    // An admin sees the account that holds the email now, not the removed one's data.
    expect(
      await (await send(app, 'GET', `/api/userInfo/${person.email}`, admin.token)).json(),
    ).toEqual(empty);
    // The new account's first write is a change, not the old profile "already updated".
    const written = await send(
      app,
      'PUT',
      `/api/userInfo/${person.email}`,
      again.token,
      oldProfile,
    );
    expect(await written.json()).toMatchObject({ upsertedCount: 1, message: 'Updated!!' });

    // The removed user's review stays in the testimonials, authored by no account: the new one
    // (same email) is not its author.
    const reviews = (await (await app.request('/api/reviews')).json()) as Review[];
    expect(reviews.find((review) => review._id === oldReview._id)).toMatchObject({
      name: 'Former Owner',
    });
    const author = await app.database.db
      .selectFrom('reviews')
      .select('user_id')
      .where('id', '=', oldReview._id)
      .executeTakeFirstOrThrow();
    expect(author.user_id).toBeNull();
  });
});
