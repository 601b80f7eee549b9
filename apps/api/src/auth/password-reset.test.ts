/**
 * Password reset through Better Auth's flow (issue 19), against a real SMTP server on
 * loopback: the email arrives with both parts, its link works once and for one hour, and the
 * reset ends the account's sessions and bearer tokens. Every answer is the contract's.
 */
import { messages } from '@shop/shared';
import { sql } from 'kysely';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { describeEachDatabase } from '../test/databases';
import {
  bearer,
  cookiesOf,
  newPerson,
  postAuth,
  requestToken,
  signUpWithToken,
} from '../test/identity';
import { type TestSmtpServer, linksIn, recipientOf, startSmtpServer } from '../test/smtp-server';
import { TEST_CLIENT_IP_HEADER, TEST_ORIGIN, type TestApp, createTestApp } from '../test/test-app';
import {
  RESET_ANSWER_FLOOR_MS,
  RESET_REQUESTS_PER_ADDRESS,
  RESET_REQUESTS_PER_EMAIL,
  RESET_WINDOW_MINUTES,
} from './password-reset-limits';

let addresses = 0;
/** A fresh network address per request unless one is given: the per-address limit stays away. */
const requestReset = (
  app: TestApp,
  email: string,
  ip = `198.51.${addresses >> 8}.${addresses++ & 255}`,
) => postAuth(app, '/request-password-reset', { email }, { [TEST_CLIENT_IP_HEADER]: ip });

const resetPassword = (app: TestApp, token: string, newPassword: string) =>
  postAuth(app, '/reset-password', { token, newPassword });

const sentAnswer = { status: true, message: messages.passwordReset.sent };

describeEachDatabase('password reset', (kind) => {
  let smtp: TestSmtpServer;
  let app: TestApp;

  beforeAll(async () => {
    smtp = await startSmtpServer();
    app = await createTestApp(kind, { seed: false, smtpUrl: smtp.url });
  });
  afterAll(async () => {
    await app.close();
    await smtp.stop();
  });
  afterEach(() => vi.useRealTimers());

  /** Asks for a reset, lets the worker send it, and answers the email's reset token. */
  async function resetTokenFor(email: string) {
    const asked = await requestReset(app, email);
    expect(asked.status).toBe(200);
    expect(await asked.json()).toEqual(sentAnswer);
    // Sign-up's verification email may go in the same sweep (decision 028).
    expect((await app.mail.runOnce()).failed).toBe(0);
    const mail = smtp.received.findLast(
      (received) =>
        recipientOf(received) === email.toLowerCase() &&
        received.subject === messages.email.passwordReset.subject,
    );
    expect(mail, 'the reset email arrived').toBeDefined();
    const link = linksIn(mail!).find((url) => url.includes('/reset-password?token='));
    expect(link).toBeDefined();
    return { mail: mail!, link: link!, token: new URL(link!).searchParams.get('token')! };
  }

  it('emails a link with a text and an HTML part that works once, then ends every session and token', async () => {
    const person = await signUpWithToken(app, newPerson('reset'));
    // A second device: another session with its own bearer token.
    const other = await postAuth(app, '/sign-in/email', {
      email: person.email,
      password: person.password,
    });
    expect(other.status).toBe(200);
    const otherCookie = cookiesOf(other);
    const otherToken = (
      (await (await requestToken(app, person.email, otherCookie)).json()) as {
        token: string;
      }
    ).token;

    const { mail, link, token } = await resetTokenFor(person.email);
    expect(mail.subject).toBe(messages.email.passwordReset.subject);
    expect(mail.text).toContain(link);
    expect(mail.html).toBeTruthy();
    expect(mail.html as string).toContain(`href="${link}"`);
    expect(link.startsWith(`${TEST_ORIGIN}/reset-password?token=`)).toBe(true);

    const reset = await resetPassword(app, token, 'brand-new-1');
    expect(reset.status).toBe(200);
    expect(await reset.json()).toEqual({ status: true });

    // Single use.
    const again = await resetPassword(app, token, 'brand-new-2');
    expect(again.status).toBe(400);
    expect(((await again.json()) as { error: { code: string } }).error.code).toBe('INVALID_TOKEN');

    // Every session and bearer token of the account has ended.
    for (const accessToken of [person.token, otherToken]) {
      const orders = await app.request(
        `/api/purchase?userEmail=${encodeURIComponent(person.email)}`,
        { headers: bearer(accessToken) },
      );
      expect(orders.status).toBe(401);
    }
    for (const cookie of [person.cookie, otherCookie]) {
      expect((await requestToken(app, person.email, cookie)).status).toBe(401);
    }

    // The old password is refused, the new one signs in.
    const oldPassword = await postAuth(
      app,
      '/sign-in/email',
      { email: person.email, password: person.password },
      { [TEST_CLIENT_IP_HEADER]: '203.0.113.7' },
    );
    expect(oldPassword.status).toBe(401);
    const newPassword = await postAuth(app, '/sign-in/email', {
      email: person.email,
      password: 'brand-new-1',
    });
    expect(newPassword.status).toBe(200);
  });

  it('takes the link for one hour, and refuses it after', async () => {
    const person = await signUpWithToken(app, newPerson('expiry'));
    const inTime = await resetTokenFor(person.email);
    const late = await resetTokenFor(person.email);
    const madeAt = Date.now();
    vi.useFakeTimers({ toFake: ['Date'], now: madeAt + 59 * 60_000 });
    const accepted = await resetPassword(app, inTime.token, 'in-time-1');
    expect(accepted.status, await accepted.clone().text()).toBe(200);
    vi.setSystemTime(madeAt + 61 * 60_000);
    const refused = await resetPassword(app, late.token, 'too-late-1');
    expect(refused.status).toBe(400);
    expect(((await refused.json()) as { error: { code: string } }).error.code).toBe(
      'INVALID_TOKEN',
    );
  });

  it('refuses the register form rule for the new password, with its message', async () => {
    const person = await signUpWithToken(app, newPerson('short'));
    const { token } = await resetTokenFor(person.email);
    const short = await resetPassword(app, token, '12345');
    expect(short.status).toBe(400);
    expect(await short.json()).toMatchObject({
      error: {
        code: 'VALIDATION_FAILED',
        fields: { newPassword: [messages.validation.passwordTooShort] },
      },
    });
    expect((await resetPassword(app, token, '123456')).status).toBe(200);
  });

  it('answers an unknown email as a known one, after the same time', async () => {
    const person = await signUpWithToken(app, newPerson('timing'));
    const unknown = `nobody-${person.email}`;
    // The known path does more (a token written, an email queued); make it 100 ms slower
    // still, so only the answer's floor can hide it.
    const enqueue = app.mail.enqueue;
    app.mail.enqueue = async (...args) => {
      await new Promise((resolve) => setTimeout(resolve, 100));
      return enqueue(...args);
    };
    const times: Record<'known' | 'unknown', number[]> = { known: [], unknown: [] };
    try {
      for (let round = 0; round < 10; round++) {
        for (const [which, email] of [
          ['known', person.email],
          ['unknown', unknown],
        ] as const) {
          await app.database.db.deleteFrom('request_counters').execute();
          const started = performance.now();
          const response = await requestReset(app, email);
          times[which].push(performance.now() - started);
          expect(response.status).toBe(200);
          expect(await response.json()).toEqual(sentAnswer);
        }
      }
    } finally {
      app.mail.enqueue = enqueue;
    }
    const median = (values: number[]) => [...values].sort((a, b) => a - b)[values.length >> 1]!;
    const known = median(times.known);
    const unknownMedian = median(times.unknown);
    console.info(
      `[${kind}] reset request medians: known ${known.toFixed(1)} ms, unknown ${unknownMedian.toFixed(1)} ms`,
    );
    expect(Math.min(known, unknownMedian)).toBeGreaterThanOrEqual(RESET_ANSWER_FLOOR_MS - 1);
    expect(Math.abs(known - unknownMedian)).toBeLessThan(25);
    // Only the known email was written to.
    const queued = await app.database.db
      .selectFrom('email_outbox')
      .select(sql<number>`count(*)::int`.as('count'))
      .where('recipient', '=', unknown)
      .executeTakeFirstOrThrow();
    expect(queued.count).toBe(0);
  });

  describe('rate limits', () => {
    it(`takes ${RESET_REQUESTS_PER_ADDRESS} requests from one address per window, and refuses the next`, async () => {
      const ip = '203.0.113.50';
      for (let count = 1; count <= RESET_REQUESTS_PER_ADDRESS; count++) {
        const response = await requestReset(app, `someone${count}-${ip}@example.com`, ip);
        expect(response.status, `request ${count}`).toBe(200);
      }
      const refused = await requestReset(app, 'one-more@example.com', ip);
      expect(refused.status).toBe(429);
      expect(await refused.json()).toMatchObject({
        error: {
          code: 'RATE_LIMITED',
          message: messages.passwordReset.tooManyRequests(RESET_WINDOW_MINUTES),
        },
      });
      // Another address is not held back.
      expect((await requestReset(app, 'one-more@example.com')).status).toBe(200);
    });

    it(`takes ${RESET_REQUESTS_PER_EMAIL} requests for one email per window, from anywhere, and refuses the next`, async () => {
      const person = await signUpWithToken(app, newPerson('flooded'));
      for (let count = 1; count <= RESET_REQUESTS_PER_EMAIL; count++) {
        expect((await requestReset(app, person.email)).status, `request ${count}`).toBe(200);
      }
      const refused = await requestReset(
        app,
        person.email.replace(/^./, (first) => first.toUpperCase()),
      );
      expect(refused.status).toBe(429);
      expect(((await refused.json()) as { error: { code: string } }).error.code).toBe(
        'RATE_LIMITED',
      );
      const queued = await app.database.db
        .selectFrom('email_outbox')
        .select(sql<number>`count(*)::int`.as('count'))
        .where('recipient', '=', person.email)
        .where('template', '=', 'password-reset')
        .executeTakeFirstOrThrow();
      expect(queued.count).toBe(RESET_REQUESTS_PER_EMAIL);
    });
  });
});
