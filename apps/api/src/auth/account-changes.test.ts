/**
 * My Profile's account changes (issue 19): the password (Better Auth's change-password, the
 * current one required, the register form's rule; every other session and every access token
 * of the account ends, as after a reset) and the display name (Better Auth's update-user and
 * the shop's user: the profile, the token's caller and new orders say it).
 */
import { messages } from '@shop/shared';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeEachDatabase } from '../test/databases';
import {
  bearer,
  cookiesOf,
  newPerson,
  postAuth,
  requestToken,
  send,
  signUpWithToken,
} from '../test/identity';
import { order, setUpShop } from '../test/shop';
import { TEST_CLIENT_IP_HEADER, type TestApp, createTestApp } from '../test/test-app';

let addresses = 0;
const freshAddress = () => ({
  [TEST_CLIENT_IP_HEADER]: `198.19.${addresses >> 8}.${addresses++ & 255}`,
});

const changePassword = (app: TestApp, cookie: string, body: Record<string, unknown>) =>
  postAuth(app, '/change-password', body, { Cookie: cookie });

const tokenOf = async (app: TestApp, email: string, cookie: string) => {
  const response = await requestToken(app, email, cookie);
  expect(response.status).toBe(200);
  return ((await response.json()) as { token: string }).token;
};

const ordersAnswer = (app: TestApp, email: string, token: string) =>
  app.request(`/api/purchase?userEmail=${encodeURIComponent(email)}`, { headers: bearer(token) });

describeEachDatabase('account changes on My Profile', (kind) => {
  let app: TestApp;
  beforeAll(async () => {
    // Callers remembered for a minute: a change must make the cache forget them.
    app = await createTestApp(kind, { seed: false, env: { TOKEN_CACHE_MS: 60_000 } });
  });
  afterAll(() => app.close());

  it('refuses a wrong current password, with its message, and changes nothing', async () => {
    const person = await signUpWithToken(app, newPerson('wrongcurrent'));
    const refused = await changePassword(app, person.cookie, {
      currentPassword: 'not-my-password',
      newPassword: 'brand-new-1',
    });
    expect(refused.status).toBe(400);
    expect(await refused.json()).toMatchObject({
      error: {
        code: 'INVALID_PASSWORD',
        message: messages.account.wrongPassword,
        fields: { currentPassword: [messages.account.wrongPassword] },
      },
    });
    expect((await ordersAnswer(app, person.email, person.token)).status).toBe(200);
    const old = await postAuth(
      app,
      '/sign-in/email',
      { email: person.email, password: person.password },
      freshAddress(),
    );
    expect(old.status).toBe(200);
  });

  it('takes 6 characters and refuses 5, with the register form message', async () => {
    const person = await signUpWithToken(app, newPerson('sixchars'));
    const five = await changePassword(app, person.cookie, {
      currentPassword: person.password,
      newPassword: '12345',
    });
    expect(five.status).toBe(400);
    expect(await five.json()).toMatchObject({
      error: {
        code: 'VALIDATION_FAILED',
        fields: { newPassword: [messages.validation.passwordTooShort] },
      },
    });
    const missing = await changePassword(app, person.cookie, { newPassword: '123456' });
    expect(missing.status).toBe(400);
    expect(await missing.json()).toMatchObject({
      error: { fields: { currentPassword: [messages.validation.passwordRequired] } },
    });
    const six = await changePassword(app, person.cookie, {
      currentPassword: person.password,
      newPassword: '123456',
    });
    expect(six.status).toBe(200);
  });

  it('ends every other session and every access token; the new password signs in', async () => {
    const person = await signUpWithToken(app, newPerson('change'));
    const other = await postAuth(
      app,
      '/sign-in/email',
      { email: person.email, password: person.password },
      freshAddress(),
    );
    const otherCookie = cookiesOf(other);
    const otherToken = await tokenOf(app, person.email, otherCookie);
    // A caller remembered by the token cache must be forgotten too.
    expect((await ordersAnswer(app, person.email, otherToken)).status).toBe(200);

    // Asked not to end the others: they end all the same.
    const changed = await changePassword(app, person.cookie, {
      currentPassword: person.password,
      newPassword: 'brand-new-1',
      revokeOtherSessions: false,
    });
    expect(changed.status).toBe(200);
    const newCookie = cookiesOf(changed);
    expect(newCookie).toContain('session_token');

    for (const token of [person.token, otherToken]) {
      expect((await ordersAnswer(app, person.email, token)).status).toBe(401);
    }
    for (const cookie of [person.cookie, otherCookie]) {
      expect((await requestToken(app, person.email, cookie)).status).toBe(401);
    }
    // The session that changed it goes on with a new cookie and asks a new token.
    const newToken = await tokenOf(app, person.email, newCookie);
    expect((await ordersAnswer(app, person.email, newToken)).status).toBe(200);

    const old = await postAuth(
      app,
      '/sign-in/email',
      { email: person.email, password: person.password },
      freshAddress(),
    );
    expect(old.status).toBe(401);
    const fresh = await postAuth(
      app,
      '/sign-in/email',
      { email: person.email, password: 'brand-new-1' },
      freshAddress(),
    );
    expect(fresh.status).toBe(200);
  });

  it("changes the display name: the profile, the token's caller and new orders say it", async () => {
    const person = await signUpWithToken(app, newPerson('rename'));
    // The token's caller is remembered (TOKEN_CACHE) before the change.
    expect((await send(app, 'GET', `/api/userInfo/${person.email}`, person.token)).status).toBe(
      200,
    );
    const empty = await postAuth(app, '/update-user', { name: '  ' }, { Cookie: person.cookie });
    expect(empty.status).toBe(400);
    expect(await empty.json()).toMatchObject({
      error: { fields: { name: [messages.validation.nameRequired] } },
    });

    const renamed = await postAuth(
      app,
      '/update-user',
      { name: 'Ann Renamed' },
      { Cookie: person.cookie },
    );
    expect(renamed.status).toBe(200);

    const session = (await (
      await app.request('/api/auth/get-session', { headers: { Cookie: person.cookie } })
    ).json()) as { user: { name: string } };
    expect(session.user.name).toBe('Ann Renamed');
    const profile = await send(app, 'GET', `/api/userInfo/${person.email}`, person.token);
    expect(await profile.json()).toMatchObject({ name: 'Ann Renamed' });

    const { tool } = await setUpShop(app);
    const placed = await order(app, person, tool._id);
    expect(placed.userName).toBe('Ann Renamed');
  });
  it('stores names trimmed at sign-up and update-user, and refuses a line or paragraph separator', async () => {
    const person = newPerson('trimmed');
    const padded = { ...person, name: `\u00a0 ${person.name}\u3000 `, email: ` ${person.email} ` };
    const signedUp = await postAuth(app, '/sign-up/email', padded, freshAddress());
    expect(signedUp.status).toBe(200);
    const cookie = cookiesOf(signedUp);
    const sessionName = async () =>
      (
        (await (
          await app.request('/api/auth/get-session', { headers: { Cookie: cookie } })
        ).json()) as { user: { name: string; email: string } }
      ).user;
    expect(await sessionName()).toMatchObject({ name: person.name, email: person.email });
    const token = await tokenOf(app, person.email, cookie);
    const profile = await send(app, 'GET', `/api/userInfo/${person.email}`, token);
    expect(await profile.json()).toMatchObject({ name: person.name });

    const renamed = await postAuth(
      app,
      '/update-user',
      { name: '\u00a0=1+1 ' },
      { Cookie: cookie },
    );
    expect(renamed.status).toBe(200);
    expect((await sessionName()).name).toBe('=1+1');
    const { tool } = await setUpShop(app);
    expect((await order(app, { ...person, cookie, token }, tool._id)).userName).toBe('=1+1');

    for (const separator of ['\u2028', '\u2029']) {
      const refusedRename = await postAuth(
        app,
        '/update-user',
        { name: `Ann${separator}Smith` },
        { Cookie: cookie },
      );
      expect(refusedRename.status).toBe(400);
      expect(await refusedRename.json()).toMatchObject({
        error: {
          code: 'VALIDATION_FAILED',
          fields: { name: ['Name cannot contain control characters'] },
        },
      });
      const refusedSignUp = await postAuth(
        app,
        '/sign-up/email',
        { ...newPerson('separator'), name: `Bo${separator}` },
        freshAddress(),
      );
      expect(refusedSignUp.status).toBe(400);
    }
    expect((await sessionName()).name).toBe('=1+1');
  });
});
