/**
 * Email verification through Better Auth's flow (issue 19), against a real SMTP server on
 * loopback: with REQUIRE_EMAIL_VERIFICATION a password sign-in waits for the emailed link (403
 * with our words), the link verifies, a new link can be asked; without it, sign-in works and the
 * account says it is not verified yet. Every answer is the contract's.
 */
import { EMAIL_VERIFIED_PAGE, messages } from '@shop/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describeEachDatabase } from '../test/databases';
import { cookiesOf, newPerson, postAuth, requestToken, signUp } from '../test/identity';
import { type TestSmtpServer, linksIn, recipientOf, startSmtpServer } from '../test/smtp-server';
import {
  TEST_CLIENT_IP_HEADER,
  TEST_ORIGIN,
  type TestApp,
  createTestApp,
  testEnv,
} from '../test/test-app';

let addresses = 0;
const freshAddress = () => ({
  [TEST_CLIENT_IP_HEADER]: `198.18.${addresses >> 8}.${addresses++ & 255}`,
});

const signIn = (app: TestApp, email: string, password: string) =>
  postAuth(app, '/sign-in/email', { email, password }, freshAddress());

const sessionOf = async (app: TestApp, cookie: string) =>
  (await (await app.request('/api/auth/get-session', { headers: { Cookie: cookie } })).json()) as {
    user: { email: string; emailVerified: boolean };
  } | null;

/** Sends what is queued and answers the verification links received for `email`, oldest first. */
async function verificationLinks(app: TestApp, smtp: TestSmtpServer, email: string) {
  expect((await app.mail.runOnce()).failed).toBe(0);
  return smtp.received
    .filter(
      (mail) => recipientOf(mail) === email && mail.subject === messages.email.verifyEmail.subject,
    )
    .map((mail) => {
      expect(mail.html, 'an HTML part').toBeTruthy();
      const link = linksIn(mail).find((url) => url.includes('/api/auth/verify-email?token='));
      expect(link, 'the link in the text part').toBeDefined();
      return link!;
    });
}

/** Opens a link as the browser would: an answer that sends on to Login. */
async function open(app: TestApp, link: string, cookie?: string) {
  expect(link.startsWith(`${TEST_ORIGIN}/api/auth/verify-email?token=`)).toBe(true);
  const url = new URL(link);
  return app.request(`${url.pathname}${url.search}`, {
    headers: cookie ? { Cookie: cookie } : {},
    redirect: 'manual',
  });
}

describeEachDatabase('email verification', (kind) => {
  let smtp: TestSmtpServer;
  beforeAll(async () => {
    smtp = await startSmtpServer();
  });
  afterAll(async () => {
    await smtp.stop();
  });

  describe('with REQUIRE_EMAIL_VERIFICATION=true', () => {
    let app: TestApp;
    beforeAll(async () => {
      app = await createTestApp(kind, {
        seed: false,
        smtpUrl: smtp.url,
        env: { REQUIRE_EMAIL_VERIFICATION: true },
      });
    });
    afterAll(() => app.close());

    it('refuses sign-in until the emailed link is opened, then signs in', async () => {
      const person = newPerson('verify');
      // Sign-up makes the account but no session: the email comes first.
      const signedUp = await postAuth(app, '/sign-up/email', person, freshAddress());
      expect(signedUp.status).toBe(200);
      expect(await signedUp.json()).toMatchObject({ token: null, user: { emailVerified: false } });
      expect(cookiesOf(signedUp)).not.toContain('session_token');

      const refused = await signIn(app, person.email, person.password);
      expect(refused.status).toBe(403);
      expect(await refused.json()).toMatchObject({
        error: { code: 'EMAIL_NOT_VERIFIED', message: messages.emailVerification.required },
      });

      const [link] = await verificationLinks(app, smtp, person.email);
      const opened = await open(app, link!);
      expect(opened.status).toBe(302);
      expect(opened.headers.get('location')).toBe(EMAIL_VERIFIED_PAGE);

      const signedIn = await signIn(app, person.email, person.password);
      expect(signedIn.status).toBe(200);
      const cookie = cookiesOf(signedIn);
      expect((await sessionOf(app, cookie))?.user.emailVerified).toBe(true);
      expect((await requestToken(app, person.email, cookie)).status).toBe(200);
    });

    it('a wrong password is still 401, never a hint that the account waits for its link', async () => {
      const person = newPerson('wrongpw');
      await postAuth(app, '/sign-up/email', person, freshAddress());
      expect((await signIn(app, person.email, 'not-the-password')).status).toBe(401);
    });

    it('sends a new link on request, which verifies; the same answer for anyone', async () => {
      const person = newPerson('resend');
      await postAuth(app, '/sign-up/email', person, freshAddress());
      const before = (await verificationLinks(app, smtp, person.email)).length;
      expect(before).toBe(1);

      const resend = await postAuth(
        app,
        '/send-verification-email',
        { email: person.email.replace(/^./, (first) => first.toUpperCase()) },
        freshAddress(),
      );
      expect(resend.status).toBe(200);
      expect(await resend.json()).toEqual({ status: true });
      const links = await verificationLinks(app, smtp, person.email);
      expect(links).toHaveLength(2);

      const unknown = await postAuth(
        app,
        '/send-verification-email',
        { email: `nobody-${person.email}` },
        freshAddress(),
      );
      expect(unknown.status).toBe(200);
      expect(await unknown.json()).toEqual({ status: true });

      expect((await open(app, links[1]!)).status).toBe(302);
      expect((await signIn(app, person.email, person.password)).status).toBe(200);

      // Verified: a resend sends nothing more.
      await postAuth(app, '/send-verification-email', { email: person.email }, freshAddress());
      expect(await verificationLinks(app, smtp, person.email)).toHaveLength(2);
    });

    it('refuses a forged or mangled link, sending on to Login with the reason', async () => {
      const opened = await open(
        app,
        `${TEST_ORIGIN}/api/auth/verify-email?token=forged&callbackURL=${encodeURIComponent(EMAIL_VERIFIED_PAGE)}`,
      );
      expect(opened.status).toBe(302);
      expect(opened.headers.get('location')).toContain('error=INVALID_TOKEN');
    });

    it('checks the resend body with the shared schema', async () => {
      const bad = await postAuth(
        app,
        '/send-verification-email',
        { email: 'nope' },
        freshAddress(),
      );
      expect(bad.status).toBe(400);
      expect(await bad.json()).toMatchObject({
        error: { code: 'VALIDATION_FAILED', fields: { email: [messages.validation.emailInvalid] } },
      });
    });
  });

  describe('with REQUIRE_EMAIL_VERIFICATION off (the default)', () => {
    let app: TestApp;
    beforeAll(async () => {
      app = await createTestApp(kind, { seed: false, smtpUrl: smtp.url });
    });
    afterAll(() => app.close());

    it('signs in unverified, says so, and the signed-in account can ask a new link', async () => {
      const person = newPerson('optional');
      const cookie = await signUp(app, person);
      expect((await sessionOf(app, cookie))?.user.emailVerified).toBe(false);
      expect((await requestToken(app, person.email, cookie)).status).toBe(200);
      const signedIn = await signIn(app, person.email, person.password);
      expect(signedIn.status).toBe(200);

      // Sign-up sent the link (decision 028), so the notice's link exists.
      expect(await verificationLinks(app, smtp, person.email)).toHaveLength(1);
      const resend = await postAuth(
        app,
        '/send-verification-email',
        { email: person.email },
        {
          Cookie: cookie,
          ...freshAddress(),
        },
      );
      expect(resend.status).toBe(200);
      const links = await verificationLinks(app, smtp, person.email);
      expect(links).toHaveLength(2);

      expect((await open(app, links[1]!, cookie)).status).toBe(302);
      expect((await sessionOf(app, cookie))?.user.emailVerified).toBe(true);

      // Verified: a signed-in resend is refused as needless.
      const needless = await postAuth(
        app,
        '/send-verification-email',
        { email: person.email },
        {
          Cookie: cookie,
          ...freshAddress(),
        },
      );
      expect(needless.status).toBe(400);
    });

    // Decision 030: whoever signed the address up first holds its password; the owner opening
    // the link must not hand that stranger the shop (admin-claim.test.ts: the provider's way).
    it('never makes ADMIN_EMAIL admin by its opened link', async () => {
      const owner = { ...newPerson('owner'), email: testEnv.ADMIN_EMAIL! };
      const cookie = await signUp(app, owner);
      const adminCheck = async () => {
        const response = await requestToken(app, owner.email, cookie);
        const { token } = (await response.json()) as { token: string };
        const check = await app.request(`/api/admin/${owner.email}`, {
          headers: { Authorization: `Bearer ${token}` },
        });
        return ((await check.json()) as { admin: boolean }).admin;
      };
      expect(await adminCheck()).toBe(false);
      const [link] = await verificationLinks(app, smtp, owner.email);
      expect((await open(app, link!, cookie)).status).toBe(302);
      expect(await adminCheck()).toBe(false);
    });
  });
});
