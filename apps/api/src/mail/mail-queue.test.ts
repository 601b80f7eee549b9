/**
 * The queue of emails (issue 19), against a real SMTP server on loopback: an outage never
 * slows or fails the request that queued an email, the email is sent once the server is back,
 * also after a restart in between, with backoff between attempts, and never twice.
 */
import { sql } from 'kysely';
import pino from 'pino';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeEachDatabase } from '../test/databases';
import { newPerson, postAuth, send, signUpAdmin, signUpWithToken } from '../test/identity';
import { type TestSmtpServer, recipientOf, startSmtpServer } from '../test/smtp-server';
import { type TestApp, createTestApp } from '../test/test-app';
import { RESET_ANSWER_FLOOR_MS } from '../auth/password-reset-limits';
import { MAIL_RETRY_BASE_SECONDS, createMail, retryDelaySeconds } from './mail-queue';
import { smtpTransport } from './mail-transport';

const seconds = (count: number) => count * 1000;

describeEachDatabase('the email queue', (kind) => {
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

  /** Sign-up queues a verification email (decision 028); these tests follow other emails. */
  const forgetVerificationEmails = () =>
    app.database.db.deleteFrom('email_outbox').where('template', '=', 'verify-email').execute();

  const deliveredTo = (email: string) =>
    smtp.received.filter((mail) => recipientOf(mail) === email).length;

  const rowOf = (email: string) =>
    app.database.db
      .selectFrom('email_outbox')
      .selectAll()
      .where('recipient', '=', email)
      .executeTakeFirstOrThrow();

  it('keeps an email through an SMTP outage and a restart, sends it once the server is back, and only once', async () => {
    const person = await signUpWithToken(app, newPerson('outage'));
    await forgetVerificationEmails();
    await smtp.stop();

    const started = performance.now();
    const asked = await postAuth(app, '/request-password-reset', { email: person.email });
    const took = performance.now() - started;
    expect(asked.status).toBe(200);
    // The answer's floor, and nothing for the SMTP server (a send could wait 15 s for it).
    expect(took).toBeLessThan(RESET_ANSWER_FLOOR_MS + 1000);

    expect(await app.mail.runOnce()).toEqual({ sent: 0, failed: 1 });
    const failed = await rowOf(person.email);
    expect(failed).toMatchObject({ attempts: 1, sent_at: null, lease_until: null });
    expect(failed.last_error).toMatch(/ECONNREFUSED|connect/i);

    // Admins see it.
    const admin = await signUpAdmin(app);
    await forgetVerificationEmails();
    const listed = await send(app, 'GET', '/api/emails/failed', admin.token);
    expect(listed.status).toBe(200);
    expect(await listed.json()).toEqual([
      expect.objectContaining({ _id: failed.id, to: person.email, attempts: 1, sentAt: null }),
    ]);

    // The shop restarts on the same database; the server comes back.
    app = await app.restart();
    await smtp.start();
    // Not before its backoff...
    expect(await app.mail.runOnce()).toEqual({ sent: 0, failed: 0 });
    expect(deliveredTo(person.email)).toBe(0);
    // ...then sent.
    const later = new Date(Date.now() + seconds(MAIL_RETRY_BASE_SECONDS + 1));
    expect(await app.mail.runOnce(later)).toEqual({ sent: 1, failed: 0 });
    expect(deliveredTo(person.email)).toBe(1);
    const sent = await rowOf(person.email);
    expect(sent.attempts).toBe(2);
    expect(sent.sent_at).not.toBeNull();

    // Never again, however often the worker runs, in however many processes.
    const other = createMail(app.database.db, {
      transport: smtpTransport(smtp.url),
      from: 'shop@shop.test',
      publicUrl: 'http://shop.test',
      logger: pino({ level: 'silent' }),
    });
    const muchLater = new Date(Date.now() + seconds(7200));
    await Promise.all([app.mail.runOnce(muchLater), other.runOnce(muchLater)]);
    expect(deliveredTo(person.email)).toBe(1);
    await other.stop();
  });

  it('waits twice as long after each failed attempt, up to an hour', async () => {
    expect([1, 2, 3, 4, 7, 8, 30].map(retryDelaySeconds)).toEqual([
      30, 60, 120, 240, 1920, 3600, 3600,
    ]);
    await forgetVerificationEmails();
    const email = `backoff-${Date.now()}@example.com`;
    await app.mail.enqueue({
      to: email,
      template: 'password-reset',
      data: { name: 'Backoff', url: 'http://shop.test/reset-password?token=t' },
    });
    await smtp.stop();
    try {
      const t0 = new Date(Date.now() + seconds(10_000));
      expect((await app.mail.runOnce(t0)).failed).toBe(1);
      // Second attempt: 30 s later, not 29.
      expect((await app.mail.runOnce(new Date(t0.getTime() + seconds(29)))).failed).toBe(0);
      const t1 = new Date(t0.getTime() + seconds(30));
      expect((await app.mail.runOnce(t1)).failed).toBe(1);
      // Third: 60 s after the second, not 59.
      expect((await app.mail.runOnce(new Date(t1.getTime() + seconds(59)))).failed).toBe(0);
      expect((await app.mail.runOnce(new Date(t1.getTime() + seconds(60)))).failed).toBe(1);
      expect((await rowOf(email)).attempts).toBe(3);
    } finally {
      await smtp.start();
    }
    expect((await app.mail.runOnce(new Date(Date.now() + seconds(20_000)))).sent).toBe(1);
    expect(deliveredTo(email)).toBe(1);
  });

  it('sends each of many emails once when several workers run at once', async () => {
    const emails = Array.from(
      { length: 8 },
      (_, index) => `many${index}-${Date.now()}@example.com`,
    );
    for (const email of emails) {
      await app.mail.enqueue({
        to: email,
        template: 'password-reset',
        data: { name: 'Many', url: 'http://shop.test/reset-password?token=t' },
      });
    }
    const workers = [0, 1, 2].map(() =>
      createMail(app.database.db, {
        transport: smtpTransport(smtp.url),
        from: 'shop@shop.test',
        publicUrl: 'http://shop.test',
        logger: pino({ level: 'silent' }),
      }),
    );
    const results = await Promise.all(workers.map((worker) => worker.runOnce()));
    expect(results.reduce((total, result) => total + result.sent, 0)).toBe(emails.length);
    for (const email of emails) expect(deliveredTo(email), email).toBe(1);
    await Promise.all(workers.map((worker) => worker.stop()));
  });

  it('keeps an email queued inside a transaction only if the transaction commits', async () => {
    const kept = `kept-${Date.now()}@example.com`;
    const dropped = `dropped-${Date.now()}@example.com`;
    const data = { name: 'Tx', url: 'http://shop.test/reset-password?token=t' };
    await app.database.db.transaction().execute(async (trx) => {
      await app.mail.enqueue({ to: kept, template: 'password-reset', data }, trx);
    });
    await app.database.db
      .transaction()
      .execute(async (trx) => {
        await app.mail.enqueue({ to: dropped, template: 'password-reset', data }, trx);
        throw new Error('rolled back');
      })
      .catch(() => undefined);
    const { count } = await app.database.db
      .selectFrom('email_outbox')
      .select(sql<number>`count(*)::int`.as('count'))
      .where('recipient', 'in', [kept, dropped])
      .executeTakeFirstOrThrow();
    expect(count).toBe(1);
    expect((await rowOf(kept)).sent_at).toBeNull();
  });
});
