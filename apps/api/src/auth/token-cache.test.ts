import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeEachDatabase } from '../test/databases';
import { bearer, newPerson, requestToken, signUpAdmin, signUpWithToken } from '../test/identity';
import { type TestApp, TEST_ORIGIN, createTestApp } from '../test/test-app';

/** Who a token belongs to is remembered (TOKEN_CACHE_MS), yet no change here is ever late. */
describeEachDatabase('remembered tokens', (kind) => {
  const cacheMs = 400;
  let app: TestApp;
  beforeAll(async () => {
    app = await createTestApp(kind, { seed: false, env: { TOKEN_CACHE_MS: cacheMs } });
  });
  afterAll(() => app.close());

  const adminCheck = (email: string, token: string) =>
    app.request(`/api/admin/${email}`, { headers: bearer(token) });

  it('ends a token at Sign Out at once, though it was just used', async () => {
    const { email, token } = await signUpWithToken(app);
    expect((await adminCheck(email, token)).status).toBe(200);
    const signOut = await app.request('/api/token', { method: 'DELETE', headers: bearer(token) });
    expect(signOut.status).toBe(204);
    expect((await adminCheck(email, token)).status).toBe(401);
  });

  it("ends a removed user's token at once, though it was just used", async () => {
    const admin = await signUpAdmin(app);
    const customer = await signUpWithToken(app);
    expect((await adminCheck(customer.email, customer.token)).status).toBe(200);
    const removed = await app.request(`/api/user/${customer.email}`, {
      method: 'DELETE',
      headers: bearer(admin.token),
    });
    expect(removed.status).toBe(200);
    expect((await adminCheck(customer.email, customer.token)).status).toBe(401);
  });

  it('gives a promoted user admin rights at once', async () => {
    const admin = await signUpAdmin(app);
    const customer = await signUpWithToken(app, newPerson('promoted'));
    expect(await (await adminCheck(customer.email, customer.token)).json()).toEqual({
      admin: false,
    });
    const promoted = await app.request(`/api/user/admin/${customer.email}`, {
      method: 'PUT',
      headers: bearer(admin.token),
    });
    expect(promoted.status).toBe(200);
    expect(await (await adminCheck(customer.email, customer.token)).json()).toEqual({
      admin: true,
    });
  });

  it('sees a change made elsewhere (another process) within TOKEN_CACHE_MS', async () => {
    const { email, token } = await signUpWithToken(app);
    expect((await adminCheck(email, token)).status).toBe(200);
    await app.database.db
      .updateTable('access_tokens')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .execute();
    await new Promise((resolve) => setTimeout(resolve, cacheMs + 50));
    expect((await adminCheck(email, token)).status).toBe(401);
  });
});

/**
 * Only what a change touches is forgotten: another user's token request, or a sign-in that
 * changes nothing, leaves remembered callers alone. Seen from outside by ending tokens in the
 * database behind the cache's back (as another process would): a remembered token still
 * answers until this process forgets it.
 */
describeEachDatabase('remembered tokens outlive unrelated changes', (kind) => {
  let app: TestApp;
  beforeAll(async () => {
    app = await createTestApp(kind, { seed: false, env: { TOKEN_CACHE_MS: 60_000 } });
  });
  afterAll(() => app.close());

  const adminCheck = (email: string, token: string) =>
    app.request(`/api/admin/${email}`, { headers: bearer(token) });
  const endTokensInDatabase = (email: string) =>
    app.database.db
      .updateTable('access_tokens')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('user_id', 'in', (qb) =>
        qb.selectFrom('users').select('id').where('email', '=', email),
      )
      .execute();

  it("keeps other users' remembered tokens when someone gets a token or changes their name", async () => {
    const remembered = await signUpWithToken(app);
    expect((await adminCheck(remembered.email, remembered.token)).status).toBe(200);
    await endTokensInDatabase(remembered.email);

    // Another user signs up and gets a token: the cache keeps the first user.
    const other = await signUpWithToken(app);
    expect((await adminCheck(remembered.email, remembered.token)).status).toBe(200);

    // The same user asks again without changing anything: still remembered.
    expect((await requestToken(app, remembered.email, remembered.cookie)).status).toBe(200);
    expect((await adminCheck(remembered.email, remembered.token)).status).toBe(200);

    // Another user's new name forgets that user only.
    expect((await adminCheck(other.email, other.token)).status).toBe(200);
    await endTokensInDatabase(other.email);
    const renamed = await app.request('/api/auth/update-user', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Origin: TEST_ORIGIN, Cookie: other.cookie },
      body: JSON.stringify({ name: 'A New Name' }),
    });
    expect(renamed.status).toBe(200);
    expect((await requestToken(app, other.email, other.cookie)).status).toBe(200);
    expect((await adminCheck(other.email, other.token)).status).toBe(401);
    expect((await adminCheck(remembered.email, remembered.token)).status).toBe(200);
  });
});
