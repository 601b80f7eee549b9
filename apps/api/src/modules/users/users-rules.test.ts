/**
 * The accounts' refusals say why, and the role check answers for the right account: what the
 * mutation run (docs/testing.md) found checked only by status before.
 */
import { messages } from '@shop/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  newPerson,
  requestToken,
  send,
  signUp,
  signUpAdmin,
  signUpWithToken,
} from '../../test/identity';
import { errorOf } from '../../test/shop';
import { type TestApp, createTestApp } from '../../test/test-app';

describe('account rules', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await createTestApp('pglite', { seed: false });
  });
  afterAll(() => app.close());

  it("the role check: one's own for anyone, anyone's for an admin, and why not otherwise", async () => {
    const admin = await signUpAdmin(app);
    const customer = await signUpWithToken(app);
    const check = async (email: string, token: string) => {
      const answer = await send(app, 'GET', `/api/admin/${encodeURIComponent(email)}`, token);
      return answer.status === 200 ? await answer.json() : await errorOf(answer);
    };
    expect(await check(customer.email, customer.token)).toEqual({ admin: false });
    expect(await check(admin.email, admin.token)).toEqual({ admin: true });
    expect(await check(customer.email, admin.token)).toEqual({ admin: false });
    const otherAdmin = await signUpAdmin(app);
    expect(await check(otherAdmin.email, admin.token)).toEqual({ admin: true });
    expect(await check('nobody@example.com', admin.token)).toEqual({ admin: false });
    expect(await check(admin.email, customer.token)).toEqual({
      code: 'FORBIDDEN',
      message: "You can only check your own account's role",
    });
  });

  it('gives a token only for the signed-in account, by the path and by the body', async () => {
    const person = newPerson();
    const cookie = await signUp(app, person);
    const unsigned = await requestToken(app, person.email);
    expect(await errorOf(unsigned)).toEqual({
      code: 'UNAUTHENTICATED',
      message: 'Please sign in first',
    });
    const forbidden = {
      code: 'FORBIDDEN',
      message: 'You can only get a token for your own account',
    };
    const other = newPerson();
    await signUp(app, other);
    expect(await errorOf(await requestToken(app, other.email, cookie))).toEqual(forbidden);
    // The path names the account, the body another one.
    const mixed = await app.request(`/api/user/${encodeURIComponent(person.email)}`, {
      method: 'PUT',
      headers: { 'Content-Type': 'application/json', Cookie: cookie },
      body: JSON.stringify({ email: other.email }),
    });
    expect(mixed.status).toBe(403);
    expect(await errorOf(mixed)).toEqual(forbidden);
  });

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

  // The last admin's refusal: users-admin.test.ts.
  it('removal refusals say why: an unknown user, oneself', async () => {
    const fresh = await createTestApp('pglite', { seed: false });
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
});
