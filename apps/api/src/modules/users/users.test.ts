import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeEachDatabase } from '../../test/databases';
import {
  bearer,
  newPerson,
  postAuth,
  requestToken,
  signUp,
  signUpWithToken,
} from '../../test/identity';
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
      error: { code: 'INVALID_EMAIL_OR_PASSWORD', message: 'Invalid email or password' },
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

  it('checks sign-up fields with the SPEC.md messages', async () => {
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

  it('gives a token only to the signed-in owner of the email', async () => {
    const person = newPerson();
    const cookie = await signUp(app, person);
    expect((await requestToken(app, person.email)).status).toBe(401);
    const other = newPerson();
    await signUp(app, other);
    expect((await requestToken(app, other.email, cookie)).status).toBe(403);
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

  it('makes ADMIN_EMAIL admin from the first sign-in', async () => {
    const admin = await signUpWithToken(app, { ...newPerson(), email: testEnv.ADMIN_EMAIL ?? '' });
    const response = await app.request(`/api/admin/${admin.email}`, {
      headers: bearer(admin.token),
    });
    expect(await response.json()).toEqual({ admin: true });
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

  it('answers 429 after repeated failed sign-ins for one email, from any address', async () => {
    const person = newPerson();
    await signUp(app, person);
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 7; attempt++) {
      const response = await postAuth(
        app,
        '/sign-in/email',
        { email: person.email, password: 'wrong-password' },
        { [TEST_CLIENT_IP_HEADER]: `203.0.113.${attempt + 1}` },
      );
      statuses.push(response.status);
    }
    expect(statuses.slice(0, 5)).toEqual([401, 401, 401, 401, 401]);
    expect(statuses.slice(5)).toEqual([429, 429]);
    const locked = await postAuth(app, '/sign-in/email', {
      email: person.email,
      password: person.password,
    });
    expect(locked.status).toBe(429);
    expect(((await locked.json()) as { error: { message: string } }).error.message).toMatch(
      /Too many failed sign-ins/,
    );
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
