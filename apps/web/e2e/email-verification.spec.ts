import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import { messages } from '@shop/shared';
import type { APIRequestContext } from '@playwright/test';
import { expect, test } from './fixtures';
import { PASSWORD, logIn, storedToken, uniqueEmail } from './support/accounts';
import { expectAccessible, expectOnlyStatusErrors } from './support/orders';

const words = messages.emailVerification;

/**
 * A second shop, built as the first, with REQUIRE_EMAIL_VERIFICATION=true, on the next free
 * port of this run and a data folder of its own.
 */
const port = Number(process.env.E2E_PORT ?? 4310) + 5;
const shopURL = `http://127.0.0.1:${port}`;
const dataDir = `${process.env.E2E_DATA_DIR ?? '.data-e2e'}-verify`;
let shop: ChildProcess | undefined;

test.beforeAll(async () => {
  fs.rmSync(dataDir, { recursive: true, force: true });
  shop = spawn('node', ['apps/api/dist/server.js'], {
    env: {
      ...process.env,
      // Development, as the first shop: its emails are read from /api/dev/outbox.
      NODE_ENV: 'development',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      PUBLIC_URL: shopURL,
      LOG_LEVEL: 'warn',
      AUTH_RATE_LIMIT_PER_MINUTE: '1000',
      REQUIRE_EMAIL_VERIFICATION: 'true',
      SEED_DEMO: 'false',
    },
    stdio: 'ignore',
  });
  const deadline = Date.now() + 90_000;
  for (;;) {
    const ready = await fetch(`${shopURL}/api/ready`).then(
      (response) => response.ok,
      () => false,
    );
    if (ready) break;
    if (Date.now() > deadline) throw new Error('the second shop did not start');
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
});

test.afterAll(async () => {
  if (!shop || shop.exitCode !== null) return;
  const stopped = new Promise((resolve) => shop!.once('exit', resolve));
  shop.kill('SIGTERM');
  await stopped;
});

async function verificationLinks(request: APIRequestContext, email: string) {
  const response = await request.get(`${shopURL}/api/dev/outbox`);
  const emails = (await response.json()) as { to: string; subject: string; links: string[] }[];
  return emails
    .filter((sent) => sent.to === email && sent.subject === messages.email.verifyEmail.subject)
    .flatMap((sent) => sent.links.filter((url) => url.includes('/api/auth/verify-email?token=')));
}

test('with REQUIRE_EMAIL_VERIFICATION, sign-in waits for the emailed link; Login sends a new one', async ({
  page,
  request,
  consoleErrors,
}) => {
  test.setTimeout(120_000);
  const email = uniqueEmail('verify');

  // Sign-up makes the account and sends on to Login, which says where the link went.
  await page.goto(`${shopURL}/register`);
  await page.getByLabel('Name', { exact: true }).fill('Vera Verify');
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign Up' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByText(words.checkEmail(email))).toBeVisible();

  // Sign-in before the link: refused with our words, and a way to a new link.
  await logIn(page, email);
  await expect(page.getByRole('alert')).toHaveText(words.required);
  expectOnlyStatusErrors(consoleErrors, [403]);
  for (const width of [360, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await expect(page.getByRole('button', { name: words.resend })).toBeVisible();
    await expectAccessible(page, 'any');
  }
  await expect.poll(() => verificationLinks(request, email), { timeout: 15_000 }).toHaveLength(1);
  await page.getByRole('button', { name: words.resend }).click();
  await expect(page.getByRole('status').filter({ hasText: words.resent })).toBeVisible();
  await expect.poll(() => verificationLinks(request, email), { timeout: 15_000 }).toHaveLength(2);

  // The newest link verifies and lands on Login, which says so; then sign-in works.
  const links = await verificationLinks(request, email);
  await page.goto(links.at(-1)!);
  await expect(page).toHaveURL(/\/login\?verified=1$/);
  await expect(page.getByText(words.verified)).toBeVisible();
  await logIn(page, email);
  await expect.poll(() => storedToken(page)).toMatch(/^[A-Za-z0-9_-]{20,}$/);
  await page.goto(`${shopURL}/dashboard/profile`);
  await expect(page.getByRole('heading', { name: messages.account.passwordTitle })).toBeVisible();
  await expect(page.getByRole('region', { name: words.noticeLabel })).toBeHidden();
});
