import { messages } from '@shop/shared';
import type { APIRequestContext } from '@playwright/test';
import { expect, test } from './fixtures';
import {
  createAccount,
  forgetSignUpSession,
  logIn,
  signInAsAdmin,
  storedToken,
  uniqueEmail,
} from './support/accounts';
import { expectAccessible, expectOnlyStatusErrors, forgetSignIn } from './support/orders';

const words = messages.passwordReset;

/** The shop runs without SMTP_URL: its emails go to the outbox, listed at /api/dev/outbox. */
async function outboxEmailTo(request: APIRequestContext, email: string) {
  let link: string | undefined;
  await expect
    .poll(
      async () => {
        const response = await request.get('/api/dev/outbox');
        const emails = (await response.json()) as { to: string; links: string[] }[];
        // Sign-up's verification email went to the outbox too (decision 028).
        link = emails
          .filter((sent) => sent.to === email)
          .flatMap((sent) => sent.links)
          .find((url) => url.includes('/reset-password?token='));
        return link;
      },
      { message: `the reset email to ${email} in the outbox`, timeout: 15_000 },
    )
    .toBeTruthy();
  return link!;
}

test('forgot password: the emailed link sets a new password once, and the new one signs in', async ({
  page,
  request,
  baseURL,
  consoleErrors,
}) => {
  // Three screens scanned by axe, and the outbox polled, on a machine that may be busy.
  test.setTimeout(90_000);
  const email = await createAccount(request, baseURL!, 'Riley Reset', uniqueEmail('reset'));
  await forgetSignUpSession(page);

  // Login's "Forget Password?" leads to the request form.
  await page.goto('/login');
  await page.getByRole('link', { name: words.forgotLink }).click();
  await expect(page).toHaveURL(/\/forgot-password$/);
  await expect(page.getByRole('heading', { name: words.forgotTitle, level: 1 })).toBeVisible();
  await expectAccessible(page, 'any');

  // An unknown email gets the same answer.
  await page.getByLabel('Email', { exact: true }).fill(uniqueEmail('nobody'));
  await page.getByRole('button', { name: words.send }).click();
  await expect(page.getByText(words.sent)).toBeVisible();

  await page.goto('/forgot-password');
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByRole('button', { name: words.send }).click();
  await expect(page.getByText(words.sent)).toBeVisible();

  // The outbox page of development lists the email with its link; open it from there.
  const link = await outboxEmailTo(request, email);
  expect(new URL(link).pathname).toBe('/reset-password');
  await page.goto('/dev/outbox');
  const row = page
    .getByRole('row')
    .filter({ hasText: email })
    .filter({ hasText: messages.email.passwordReset.subject })
    .first();
  await expect(row).toBeVisible();
  await expectAccessible(page, 'any');
  await row.getByRole('link', { name: link }).click();
  await expect(page).toHaveURL(/\/reset-password\?token=/);
  await expect(page.getByRole('heading', { name: words.resetTitle, level: 1 })).toBeVisible();
  await expectAccessible(page, 'any');

  // The register form's rule, with its message.
  const password = page.getByLabel(words.newPassword, { exact: true });
  await password.fill('12345');
  await page.getByRole('button', { name: words.save }).click();
  await expect(page.getByText(messages.validation.passwordTooShort)).toBeVisible();
  await password.fill('brand-new-secret');
  await page.getByRole('button', { name: words.save }).click();

  // On to Login, which says what happened; the new password signs in.
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByText(words.done)).toBeVisible();
  await logIn(page, email, 'brand-new-secret');
  await expect.poll(() => storedToken(page)).toMatch(/^[A-Za-z0-9_-]{20,}$/);

  // The link works once. Signed out by leaving the app first: the app, still open with its
  // cookie and token gone, would ask again on the next focus and be refused (401).
  await forgetSignIn(page);
  await page.goto(link);
  await page.getByLabel(words.newPassword, { exact: true }).fill('another-secret');
  await page.getByRole('button', { name: words.save }).click();
  await expect(page.getByRole('alert')).toHaveText(words.invalidLink);
  expectOnlyStatusErrors(consoleErrors, [400]);
});

test("admins see the emails not sent on the Sales page, at a phone's width and a laptop's", async ({
  page,
  baseURL,
}) => {
  test.setTimeout(90_000);
  await signInAsAdmin(page, baseURL!);
  for (const width of [360, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await page.goto('/dashboard/sales');
    const section = page.getByRole('region', { name: messages.emails.failedTitle });
    // The shop writes to its outbox here (no SMTP_URL): the status says nobody received them.
    await expect(section.getByText(messages.emails.outboxOnly)).toBeVisible();
    await expect(section.getByText(messages.emails.failedEmpty)).toHaveCount(0);
    await expect(page.getByTestId('revenue-chart').locator('svg').first()).toBeVisible();
    await expectAccessible(page, 'any');
  }
});
