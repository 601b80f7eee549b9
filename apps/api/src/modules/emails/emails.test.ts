/**
 * The emails' screens (issue 19): the admins' list of failed sends, and the outbox of
 * development, which lists the emails written instead of sent to this machine only, and is
 * refused in production.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeEachDatabase } from '../../test/databases';
import { newPerson, postAuth, send, signUpAdmin, signUpWithToken } from '../../test/identity';
import { type TestApp, TEST_ORIGIN, createTestApp } from '../../test/test-app';

describeEachDatabase('the emails routes', (kind) => {
  let app: TestApp;
  beforeAll(async () => {
    app = await createTestApp(kind, { seed: false });
  });
  afterAll(() => app.close());

  it('lists the emails written to the outbox, with their links, outside production', async () => {
    const person = await signUpWithToken(app, newPerson('outbox'));
    expect((await postAuth(app, '/request-password-reset', { email: person.email })).status).toBe(
      200,
    );
    // Sign-up's verification email is written too (decision 028).
    expect(await app.mail.runOnce()).toEqual({ sent: 2, failed: 0 });
    const response = await app.request('/api/dev/outbox');
    expect(response.status).toBe(200);
    const [email] = (await response.json()) as {
      to: string;
      subject: string;
      links: string[];
      file: string;
    }[];
    expect(email).toMatchObject({
      to: person.email,
      subject: 'Reset your Laptop Parts Shop password',
    });
    expect(
      email!.links.some((link) => link.startsWith(`${TEST_ORIGIN}/reset-password?token=`)),
    ).toBe(true);
    expect(email!.file).toMatch(/\.eml$/);
  });

  it('shows the outbox to this machine only: a request a proxy relayed gets nothing', async () => {
    const person = await signUpWithToken(app, newPerson('relayed'));
    await app.mail.runOnce();
    for (const header of ['X-Forwarded-For', 'Forwarded', 'X-Real-IP']) {
      const response = await app.request('/api/dev/outbox', {
        headers: { [header]: '203.0.113.7' },
      });
      expect(response.status, header).toBe(404);
      expect(await response.text(), header).not.toContain(person.email);
    }
  });

  it('lists failed sends to admins only', async () => {
    const customer = await signUpWithToken(app, newPerson('customer'));
    const admin = await signUpAdmin(app);
    expect((await send(app, 'GET', '/api/emails/failed', customer.token)).status).toBe(403);
    const listed = await send(app, 'GET', '/api/emails/failed', admin.token);
    expect(listed.status).toBe(200);
    expect(await listed.json()).toEqual([]);
  });

  it('tells admins that, without SMTP_URL, emails only go to the outbox folder', async () => {
    const customer = await signUpWithToken(app, newPerson('curious'));
    const admin = await signUpAdmin(app);
    expect((await send(app, 'GET', '/api/emails/delivery', customer.token)).status).toBe(403);
    const answer = await send(app, 'GET', '/api/emails/delivery', admin.token);
    expect(answer.status).toBe(200);
    expect(await answer.json()).toEqual({ delivery: 'outbox' });
  });
});

describeEachDatabase('the emails routes with an SMTP server', (kind) => {
  let app: TestApp;
  // Nothing is sent here: the answer is only read, and must not carry the URL's password.
  const smtpUrl = 'smtp://shop:s3cret-pass@127.0.0.1:1';
  beforeAll(async () => {
    app = await createTestApp(kind, { seed: false, smtpUrl });
  });
  afterAll(() => app.close());

  it('says emails go by SMTP, and names neither the server nor its password', async () => {
    const admin = await signUpAdmin(app);
    const answer = await send(app, 'GET', '/api/emails/delivery', admin.token);
    expect(answer.status).toBe(200);
    const text = await answer.text();
    expect(JSON.parse(text)).toEqual({ delivery: 'smtp' });
    expect(text).not.toMatch(/s3cret|127\.0\.0\.1|shop:/);
  });
});

describeEachDatabase('the outbox in production', (kind) => {
  let app: TestApp;
  beforeAll(async () => {
    app = await createTestApp(kind, { seed: false, env: { NODE_ENV: 'production' } });
  });
  afterAll(() => app.close());

  it('is not there', async () => {
    const response = await app.request('/api/dev/outbox');
    expect(response.status).toBe(404);
    expect(((await response.json()) as { error: { code: string } }).error.code).toBe('NOT_FOUND');
  });
});
