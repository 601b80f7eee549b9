import { sql } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeEachDatabase } from '../../test/databases';
import { newPerson, requestToken, send, signUp, signUpWithToken } from '../../test/identity';
import { type TestApp, createTestApp, testEnv } from '../../test/test-app';
import { createSessionTokens } from '../../auth/session-tokens';
import { createUsersService } from './users.service';

/** ADMIN_EMAIL is claimed by proving the email, not by being the first to type it. */
describeEachDatabase('claiming the admin account', (kind) => {
  const adminEmail = testEnv.ADMIN_EMAIL!;
  let app: TestApp;
  beforeAll(async () => {
    app = await createTestApp(kind, { seed: false });
  });
  afterAll(() => app.close());

  const isAdmin = async (email: string, token: string) =>
    (await (await send(app, 'GET', `/api/admin/${email}`, token)).json()) as { admin: boolean };

  /** What Better Auth records when Google, GitHub or an OpenID provider vouches for the email. */
  const markVerifiedByProvider = (target: TestApp, email: string) =>
    sql`update "user" set "emailVerified" = true where email = ${email}`.execute(
      target.database.db,
    );

  it('keeps a password sign-up of ADMIN_EMAIL a customer until make-admin is run', async () => {
    const squatter = await signUpWithToken(app, { ...newPerson('owner'), email: adminEmail });
    expect(await isAdmin(adminEmail, squatter.token)).toEqual({ admin: false });
    expect((await send(app, 'GET', '/api/user', squatter.token)).status).toBe(403);
    expect((await send(app, 'GET', '/api/allPurchase', squatter.token)).status).toBe(403);
    // A second sign-in changes nothing.
    const again = await requestToken(app, adminEmail, squatter.cookie);
    const { token } = (await again.json()) as { token: string };
    expect(await isAdmin(adminEmail, token)).toEqual({ admin: false });

    // The documented step on the server (`npm run make-admin -- EMAIL` runs this).
    const tokens = createSessionTokens(app.database.db, {
      ttlMinutes: 60,
      callerQuery: (owner) => users.callerQuery(owner),
    });
    const users = createUsersService(app.database.db, { tokens });
    await users.makeAdmin(adminEmail);
    expect(await isAdmin(adminEmail, token)).toEqual({ admin: true });
    expect((await send(app, 'GET', '/api/user', token)).status).toBe(200);
  });

  it('makes ADMIN_EMAIL admin at a sign-in whose provider verified the email', async () => {
    const fresh = await createTestApp(kind, { seed: false });
    try {
      const owner = { ...newPerson('owner'), email: adminEmail };
      const cookie = await signUp(fresh, owner);
      await markVerifiedByProvider(fresh, adminEmail);
      const response = await requestToken(fresh, adminEmail, cookie);
      expect(response.status).toBe(200);
      const { token } = (await response.json()) as { token: string };
      const check = await send(fresh, 'GET', `/api/admin/${adminEmail}`, token);
      expect(await check.json()).toEqual({ admin: true });
      expect((await send(fresh, 'GET', '/api/user', token)).status).toBe(200);
    } finally {
      await fresh.close();
    }
  });

  it('never makes a verified account with another email admin', async () => {
    const person = newPerson('verified');
    const cookie = await signUp(app, person);
    await markVerifiedByProvider(app, person.email);
    const { token } = (await (await requestToken(app, person.email, cookie)).json()) as {
      token: string;
    };
    expect(await isAdmin(person.email, token)).toEqual({ admin: false });
  });
});
