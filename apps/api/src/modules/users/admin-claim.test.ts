/**
 * ADMIN_EMAIL is claimed by proving the mailbox at a provider, not by being the first to type
 * it (issue 31): a stranger who signs the address up with a password, even once the owner
 * opened the emailed link, holds nothing once the owner signs in through a real OpenID Connect
 * provider (test/oidc-provider.ts) that verified the address in that very exchange.
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createSessionTokens } from '../../auth/session-tokens';
import { readOutbox } from '../../mail/mail-transport';
import { describeEachDatabase } from '../../test/databases';
import {
  cookiesOf,
  newPerson,
  type Person,
  postAuth,
  requestToken,
  send,
  signUpWithToken,
} from '../../test/identity';
import {
  oidcEmailOf,
  signInWithOidc,
  startOidcProvider,
  type TestOidcProvider,
} from '../../test/oidc-provider';
import {
  TEST_CLIENT_IP_HEADER,
  TEST_ORIGIN,
  type TestApp,
  createTestApp,
} from '../../test/test-app';
import { createUsersService } from './users.service';

/** The provider's login whose verified email is the shop's ADMIN_EMAIL here. */
const ADMIN_LOGIN = 'shopowner';
const adminEmail = oidcEmailOf(ADMIN_LOGIN);

let addresses = 0;
const passwordSignIn = (app: TestApp, person: Pick<Person, 'email' | 'password'>) => {
  addresses += 1;
  return postAuth(
    app,
    '/sign-in/email',
    { email: person.email, password: person.password },
    { [TEST_CLIENT_IP_HEADER]: `10.201.${(addresses >> 8) & 255}.${addresses & 255}` },
  );
};

/** The token call after a sign-in, as the web app makes it; answers the bearer token. */
async function tokenOf(app: TestApp, email: string, cookie: string) {
  const response = await requestToken(app, email, cookie);
  expect(response.status, await response.clone().text()).toBe(200);
  return ((await response.json()) as { token: string }).token;
}

const adminCheck = async (app: TestApp, email: string, token: string) => {
  const response = await send(app, 'GET', `/api/admin/${encodeURIComponent(email)}`, token);
  return response.status === 200
    ? ((await response.json()) as { admin: boolean })
    : response.status;
};
/** All Users: 200 for an admin, 403 for a customer, 401 for an ended token. */
const allUsersStatus = async (app: TestApp, token: string) =>
  (await send(app, 'GET', '/api/user', token)).status;

/** Opens the verification link emailed to `email`, as its owner would (no cookie of theirs). */
async function openEmailedLink(app: TestApp, email: string) {
  expect((await app.mail.runOnce()).failed).toBe(0);
  const link = (await readOutbox(app.outboxDir))
    .filter((mail) => mail.to === email)
    .flatMap((mail) => mail.links)
    .find((url) => url.startsWith(`${TEST_ORIGIN}/api/auth/verify-email?token=`));
  expect(link, `a verification link for ${email}`).toBeDefined();
  const url = new URL(link!);
  const opened = await app.request(`${url.pathname}${url.search}`, { redirect: 'manual' });
  expect(opened.status).toBe(302);
  const { rows } = await sql<{ emailVerified: boolean }>`select "emailVerified" from "user"
    where email = ${email}`.execute(app.database.db);
  expect(rows).toEqual([{ emailVerified: true }]);
}

describeEachDatabase('claiming the admin account', (kind) => {
  let provider: TestOidcProvider;
  /** Shared by the tests that need no fresh ADMIN_EMAIL. */
  let app: TestApp;
  const shop = () =>
    createTestApp(kind, { seed: false, env: { ...provider.env, ADMIN_EMAIL: adminEmail } });
  beforeAll(async () => {
    provider = await startOidcProvider();
    app = await shop();
  });
  afterAll(async () => {
    await app?.close();
    await provider?.stop();
  });

  it('keeps a password sign-up of ADMIN_EMAIL, its emailed link opened, a customer until make-admin is run', async () => {
    const fresh = await shop();
    try {
      const owner = await signUpWithToken(fresh, { ...newPerson('owner'), email: adminEmail });
      await openEmailedLink(fresh, adminEmail);
      // Neither the token of the sign-up nor one of a password sign-in after the link.
      const signedIn = await passwordSignIn(fresh, owner);
      expect(signedIn.status).toBe(200);
      const token = await tokenOf(fresh, adminEmail, cookiesOf(signedIn));
      for (const each of [owner.token, token]) {
        expect(await adminCheck(fresh, adminEmail, each)).toEqual({ admin: false });
        expect(await allUsersStatus(fresh, each)).toBe(403);
        expect((await send(fresh, 'GET', '/api/allPurchase', each)).status).toBe(403);
      }

      // The documented step on the server (`npm run make-admin -- EMAIL` runs this).
      const tokens = createSessionTokens(fresh.database.db, {
        ttlMinutes: 60,
        callerQuery: (owner) => users.callerQuery(owner),
      });
      const users = createUsersService(fresh.database.db, { tokens });
      expect(await users.makeAdmin(adminEmail)).toEqual({ modified: true });
      expect(await adminCheck(fresh, adminEmail, token)).toEqual({ admin: true });
      expect(await allUsersStatus(fresh, token)).toBe(200);
    } finally {
      await fresh.close();
    }
  });

  it("issue 31's takeover: the owner's provider sign-in is admin at once, the stranger's ways in end", async () => {
    const fresh = await shop();
    try {
      // A stranger signs the address up first, with a password of their own.
      const stranger = await signUpWithToken(fresh, {
        ...newPerson('stranger'),
        email: adminEmail,
      });
      // The owner opens the link the shop emailed to their mailbox.
      await openEmailedLink(fresh, adminEmail);
      // The stranger signs in with the password: still a customer.
      const strangerSignIn = await passwordSignIn(fresh, stranger);
      expect(strangerSignIn.status).toBe(200);
      const strangerCookie = cookiesOf(strangerSignIn);
      const strangerToken = await tokenOf(fresh, adminEmail, strangerCookie);
      expect(await adminCheck(fresh, adminEmail, strangerToken)).toEqual({ admin: false });
      expect(await allUsersStatus(fresh, strangerToken)).toBe(403);

      // The owner signs in through the provider, which verifies the address: admin at once.
      const ownerCookie = await signInWithOidc(fresh, provider, ADMIN_LOGIN);
      const ownerToken = await tokenOf(fresh, adminEmail, ownerCookie);
      expect(await adminCheck(fresh, adminEmail, ownerToken)).toEqual({ admin: true });
      expect(await allUsersStatus(fresh, ownerToken)).toBe(200);

      // The stranger holds nothing: tokens, sessions and the password all ended.
      for (const token of [stranger.token, strangerToken]) {
        expect(await allUsersStatus(fresh, token)).toBe(401);
        expect(await adminCheck(fresh, adminEmail, token)).toBe(401);
      }
      for (const cookie of [stranger.cookie, strangerCookie]) {
        expect((await requestToken(fresh, adminEmail, cookie)).status).toBe(401);
      }
      expect((await passwordSignIn(fresh, stranger)).status).toBe(401);
      // The owner's own sign-in is untouched by all that.
      expect(await allUsersStatus(fresh, ownerToken)).toBe(200);
      expect((await requestToken(fresh, adminEmail, ownerCookie)).status).toBe(200);
    } finally {
      await fresh.close();
    }
  });

  it('keeps a provider sign-in of another email a customer, its password still working', async () => {
    const login = `verified${Date.now().toString(36)}`;
    const person = { ...newPerson('verified'), email: oidcEmailOf(login) };
    await signUpWithToken(app, person);
    await openEmailedLink(app, person.email);
    const token = await tokenOf(app, person.email, await signInWithOidc(app, provider, login));
    expect(await adminCheck(app, person.email, token)).toEqual({ admin: false });
    expect(await allUsersStatus(app, token)).toBe(403);
    // Only ADMIN_EMAIL's claim ends an account's other ways in.
    expect((await passwordSignIn(app, person)).status).toBe(200);
  });

  it("keeps the admin's other sessions at a later provider sign-in, admin at each", async () => {
    const firstCookie = await signInWithOidc(app, provider, ADMIN_LOGIN);
    const firstToken = await tokenOf(app, adminEmail, firstCookie);
    expect(await adminCheck(app, adminEmail, firstToken)).toEqual({ admin: true });

    const secondToken = await tokenOf(
      app,
      adminEmail,
      await signInWithOidc(app, provider, ADMIN_LOGIN),
    );
    expect(await adminCheck(app, adminEmail, secondToken)).toEqual({ admin: true });
    expect(await allUsersStatus(app, secondToken)).toBe(200);
    // The first sign-in's token and session still work: no ending again once admin.
    expect(await allUsersStatus(app, firstToken)).toBe(200);
    expect((await requestToken(app, adminEmail, firstCookie)).status).toBe(200);
  });
});
