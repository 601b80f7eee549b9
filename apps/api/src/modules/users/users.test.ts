import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeEachDatabase } from '../../test/databases';
import {
  bearer,
  newPerson,
  postAuth,
  requestToken,
  send,
  signUp,
  signUpAdmin,
  signUpWithToken,
} from '../../test/identity';
import { EMAIL_FAILURES_CEILING, FAILURES_ALLOWED } from '../../auth/sign-in-limiter';
import { errorOf } from '../../test/shop';
import { type TestApp, TEST_CLIENT_IP_HEADER, createTestApp, testEnv } from '../../test/test-app';

describeEachDatabase('sign-up, sign-in and the access token', (kind) => {
  let app: TestApp;
  beforeAll(async () => {
    app = await createTestApp(kind, { seed: false });
  });
  afterAll(() => app.close());

  it('signs up and signs in with email and password', async () => {
    const person = newPerson();
    await signUp(app, person);
    const response = await postAuth(app, '/sign-in/email', {
      email: person.email,
      password: person.password,
    });
    expect(response.status).toBe(200);
    expect(response.headers.getSetCookie().join()).toContain('session_token');
  });

  it('refuses a wrong password with a readable message in the error shape', async () => {
    const person = newPerson();
    await signUp(app, person);
    const response = await postAuth(app, '/sign-in/email', {
      email: person.email,
      password: 'wrong-password',
    });
    expect(response.status).toBe(401);
    expect(await response.json()).toEqual({
      error: {
        code: 'INVALID_EMAIL_OR_PASSWORD',
        message: 'Invalid email or password',
        requestId: response.headers.get('x-request-id'),
      },
    });
  });

  it('refuses an email that is already registered', async () => {
    const person = newPerson();
    await signUp(app, person);
    const again = await postAuth(app, '/sign-up/email', person);
    expect(again.status).toBe(422);
    const body = (await again.json()) as { error: { message: string } };
    expect(body.error.message).toMatch(/already exists/i);
  });

  it('checks sign-up fields with the messages of docs/product.md', async () => {
    const response = await postAuth(app, '/sign-up/email', {
      name: '',
      email: 'not-an-email',
      password: '123',
    });
    expect(response.status).toBe(400);
    const body = (await response.json()) as { error: { fields: Record<string, string[]> } };
    expect(body.error.fields).toEqual({
      name: ['Name is required'],
      email: ['Provide a valid Email'],
      password: ['Must have 6 characters'],
    });
    const role = await postAuth(app, '/sign-up/email', { ...newPerson(), role: 'admin' });
    expect(role.status).toBe(400);
  });

  // The refusals' words here and in the role check below: the mutation run (docs/testing.md)
  // found them checked only by their status.
  it('gives a token only to the signed-in owner of the email, by the path and by the body', async () => {
    const person = newPerson();
    const cookie = await signUp(app, person);
    const unsigned = await requestToken(app, person.email);
    expect(unsigned.status).toBe(401);
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
    const another = await requestToken(app, other.email, cookie);
    expect(another.status).toBe(403);
    expect(await errorOf(another)).toEqual(forbidden);
    // The path names the account, the body another one.
    const mixed = await app.request(`/api/user/${encodeURIComponent(person.email)}`, {
      method: 'PUT',
      headers: { 'Content-Type': 'application/json', Cookie: cookie },
      body: JSON.stringify({ email: other.email }),
    });
    expect(mixed.status).toBe(403);
    expect(await errorOf(mixed)).toEqual(forbidden);
    const own = await requestToken(app, person.email, cookie);
    expect(own.status).toBe(200);
    const { token } = (await own.json()) as { token: string };
    expect(token).toMatch(/^[A-Za-z0-9_-]{40,}$/);
  });

  it('accepts the token as bearer, and not after Sign Out', async () => {
    const { email, token } = await signUpWithToken(app);
    const check = await app.request(`/api/admin/${email}`, { headers: bearer(token) });
    expect(check.status).toBe(200);
    expect(await check.json()).toEqual({ admin: false });

    const signOut = await app.request('/api/token', { method: 'DELETE', headers: bearer(token) });
    expect(signOut.status).toBe(204);
    const after = await app.request(`/api/admin/${email}`, { headers: bearer(token) });
    expect(after.status).toBe(401);
    expect(((await after.json()) as { error: { code: string } }).error.code).toBe(
      'UNAUTHENTICATED',
    );
  });

  it('refuses missing, forged and malformed tokens', async () => {
    const { email } = await signUpWithToken(app);
    for (const headers of [
      {},
      bearer('x'.repeat(43)),
      { Authorization: 'Basic abc' },
      bearer('../../etc/passwd'),
    ]) {
      const response = await app.request(`/api/admin/${email}`, { headers });
      expect(response.status).toBe(401);
    }
  });

  it("answers another user's admin check with 403 for a customer", async () => {
    const customer = await signUpWithToken(app);
    const other = await signUpWithToken(app);
    const response = await app.request(`/api/admin/${other.email}`, {
      headers: bearer(customer.token),
    });
    expect(response.status).toBe(403);
  });

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

  it("ends a removed user's token at once", async () => {
    const admin = await signUpWithToken(app, {
      ...newPerson(),
      email: 'second-admin@partsshop.com',
    });
    await app.database.db
      .updateTable('users')
      .set({ role: 'admin' })
      .where('email', '=', admin.email)
      .execute();
    const customer = await signUpWithToken(app);
    const removed = await app.request(`/api/user/${customer.email}`, {
      method: 'DELETE',
      headers: bearer(admin.token),
    });
    expect(removed.status).toBe(200);
    const after = await app.request(`/api/admin/${customer.email}`, {
      headers: bearer(customer.token),
    });
    expect(after.status).toBe(401);
    // The session cookie is gone too: no new token from it.
    expect((await requestToken(app, customer.email, customer.cookie)).status).toBe(401);
  });

  it('expires tokens', async () => {
    const { email, token } = await signUpWithToken(app);
    await app.database.db
      .updateTable('access_tokens')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .execute();
    expect((await app.request(`/api/admin/${email}`, { headers: bearer(token) })).status).toBe(401);
  });
});

describeEachDatabase('sign-in abuse limits', (kind) => {
  let app: TestApp;
  beforeAll(async () => {
    app = await createTestApp(kind, { seed: false });
  });
  afterAll(() => app.close());

  const signInFrom = (address: string, email: string, password: string) =>
    postAuth(app, '/sign-in/email', { email, password }, { [TEST_CLIENT_IP_HEADER]: address });

  it('lets the right password in after 4 wrong ones from the same address', async () => {
    const person = newPerson();
    await signUp(app, person);
    for (let attempt = 0; attempt < FAILURES_ALLOWED - 1; attempt++) {
      expect((await signInFrom('203.0.113.10', person.email, 'wrong-password')).status).toBe(401);
    }
    expect((await signInFrom('203.0.113.10', person.email, person.password)).status).toBe(200);
  });

  it('locks only the address that failed 5 times: the right password from another address signs in', async () => {
    const person = newPerson();
    await signUp(app, person);
    const statuses: number[] = [];
    for (let attempt = 0; attempt < FAILURES_ALLOWED + 1; attempt++) {
      statuses.push((await signInFrom('203.0.113.20', person.email, 'wrong-password')).status);
    }
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429]);
    const locked = await signInFrom('203.0.113.20', person.email, person.password);
    expect(locked.status).toBe(429);
    expect(((await locked.json()) as { error: { message: string } }).error.message).toMatch(
      /Too many failed sign-ins/,
    );
    const elsewhere = await signInFrom('198.51.100.20', person.email, person.password);
    expect(elsewhere.status).toBe(200);
    expect(elsewhere.headers.getSetCookie().join()).toContain('session_token');
    // The owner's success does not unlock the guesser.
    expect((await signInFrom('203.0.113.20', person.email, person.password)).status).toBe(429);
  });

  /** Failures for `email` from many other addresses, as a guesser spread over a network leaves them. */
  const spreadFailures = (email: string, count: number) =>
    app.database.db
      .insertInto('sign_in_failures')
      .values(Array.from({ length: count }, (_, i) => ({ email, address: `100.64.0.${i + 1}` })))
      .execute();

  it('below the per-email ceiling, an address that failed once still signs in', async () => {
    const person = newPerson();
    await signUp(app, person);
    await spreadFailures(person.email, EMAIL_FAILURES_CEILING - 2);
    expect((await signInFrom('203.0.113.30', person.email, 'wrong-password')).status).toBe(401);
    expect((await signInFrom('203.0.113.30', person.email, person.password)).status).toBe(200);
  });

  it('at the per-email ceiling, refuses addresses that failed, never one that has not', async () => {
    const person = newPerson();
    await signUp(app, person);
    await spreadFailures(person.email, EMAIL_FAILURES_CEILING - 1);
    expect((await signInFrom('203.0.113.40', person.email, 'wrong-password')).status).toBe(401);
    expect((await signInFrom('203.0.113.40', person.email, person.password)).status).toBe(429);
    expect((await signInFrom('198.51.100.40', person.email, person.password)).status).toBe(200);
  });

  it('counts provider sign-ins from one address by AUTH_RATE_LIMIT_PER_MINUTE, like password ones', async () => {
    const statuses: number[] = [];
    for (let attempt = 0; attempt < testEnv.AUTH_RATE_LIMIT_PER_MINUTE + 1; attempt++) {
      const response = await postAuth(
        app,
        '/sign-in/social',
        { provider: 'google', callbackURL: '/home' },
        { [TEST_CLIENT_IP_HEADER]: '198.51.100.77' },
      );
      statuses.push(response.status);
    }
    expect(statuses.slice(0, -1)).not.toContain(429);
    expect(statuses.at(-1)).toBe(429);
  });

  it('answers 429 after many sign-in attempts from one address', async () => {
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 12; attempt++) {
      const response = await postAuth(
        app,
        '/sign-in/email',
        { email: newPerson().email, password: 'wrong-password' },
        { [TEST_CLIENT_IP_HEADER]: '198.51.100.99' },
      );
      statuses.push(response.status);
    }
    expect(statuses).toContain(429);
    expect(statuses.indexOf(429)).toBeGreaterThanOrEqual(10);
  });
});
