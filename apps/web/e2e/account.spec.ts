import { messages } from '@shop/shared';
import type { APIRequestContext } from '@playwright/test';
import { expect, test } from './fixtures';
import { PASSWORD, logIn, mainNav, signInAsNewCustomer, storedToken } from './support/accounts';
import { expectAccessible, expectOnlyStatusErrors } from './support/orders';

const account = messages.account;
const verification = messages.emailVerification;

/** The verification links written to the outbox for `email` (the shop runs without SMTP_URL). */
async function verificationLinks(request: APIRequestContext, email: string) {
  const response = await request.get('/api/dev/outbox');
  const emails = (await response.json()) as { to: string; subject: string; links: string[] }[];
  return emails
    .filter((sent) => sent.to === email && sent.subject === messages.email.verifyEmail.subject)
    .flatMap((sent) => sent.links.filter((url) => url.includes('/api/auth/verify-email?token=')));
}

test('My Profile changes the display name and the password; the other rules hold', async ({
  page,
  baseURL,
  consoleErrors,
}) => {
  test.setTimeout(90_000);
  const email = await signInAsNewCustomer(page, baseURL!, 'Casey Profile');
  await page.goto('/dashboard/profile');
  await expect(page.getByRole('heading', { name: account.passwordTitle })).toBeVisible();
  for (const width of [360, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await expect(page.getByRole('heading', { name: account.nameTitle })).toBeVisible();
    await expectAccessible(page, 'any');
  }

  // The name: the navbar and the profile card say the new one.
  const nameForm = page.getByRole('form', { name: account.nameTitle });
  await nameForm.getByLabel(account.nameLabel, { exact: true }).fill('Casey Renamed');
  await nameForm.getByRole('button', { name: account.saveName }).click();
  await expect(page.getByText(account.nameChanged)).toBeVisible();
  await expect(mainNav(page).getByRole('button', { name: 'Casey Renamed' })).toBeVisible();
  await expect(page.getByTestId('profile-card')).toContainText('Casey Renamed');

  // The password: the current one is required and checked, the new one by the register rule.
  const passwordForm = page.getByRole('form', { name: account.passwordTitle });
  const current = passwordForm.getByLabel(account.currentPassword, { exact: true });
  const next = passwordForm.getByLabel(account.newPassword, { exact: true });
  const save = passwordForm.getByRole('button', { name: account.savePassword });
  await current.fill('not-my-password');
  await next.fill('12345');
  await save.click();
  await expect(passwordForm.getByText(messages.validation.passwordTooShort)).toBeVisible();
  await next.fill('brand-new-secret');
  await save.click();
  await expect(passwordForm.getByText(account.wrongPassword).first()).toBeVisible();
  expectOnlyStatusErrors(consoleErrors, [400]);

  const tokenBefore = await storedToken(page);
  await current.fill(PASSWORD);
  await save.click();
  await expect(page.getByText(account.passwordChanged)).toBeVisible();
  // Still signed in here, with a new access token (every old one ended).
  await expect.poll(() => storedToken(page)).not.toBe(tokenBefore);
  const old = await page.request.get(`/api/purchase?userEmail=${encodeURIComponent(email)}`, {
    headers: { Authorization: `Bearer ${tokenBefore}` },
  });
  expect(old.status()).toBe(401);
  await page.reload();
  await expect(mainNav(page).getByRole('button', { name: 'Casey Renamed' })).toBeVisible();

  // Signed out, the new password signs in.
  await mainNav(page).getByRole('button', { name: 'Casey Renamed' }).click();
  await mainNav(page).getByRole('button', { name: 'Sign Out' }).click();
  await expect(mainNav(page).getByRole('link', { name: 'Login' })).toBeVisible();
  await page.goto('/login');
  await logIn(page, email, 'brand-new-secret');
  await expect.poll(() => storedToken(page)).toMatch(/^[A-Za-z0-9_-]{20,}$/);
});

test('an unverified account sees a notice it can dismiss for the session, and a resend that sends', async ({
  page,
  baseURL,
  request,
}) => {
  test.setTimeout(90_000);
  const email = await signInAsNewCustomer(page, baseURL!, 'Casey Unverified');
  await page.goto('/dashboard/orders');
  const notice = page.getByRole('region', { name: verification.noticeLabel });
  await expect(notice).toContainText(verification.notice(email));
  for (const width of [360, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await expect(notice).toBeVisible();
    // In the flow above the screen's heading: it covers nothing.
    const heading = page.getByRole('heading', { level: 1 }).first();
    const [noticeBox, headingBox] = [await notice.boundingBox(), await heading.boundingBox()];
    expect(noticeBox!.y + noticeBox!.height).toBeLessThanOrEqual(headingBox!.y);
    await expectAccessible(page, 'any');
  }

  // Sign-up sent the first link; the resend sends another.
  await expect.poll(() => verificationLinks(request, email)).toHaveLength(1);
  await notice.getByRole('button', { name: verification.resend }).click();
  await expect(page.getByText(verification.sentNotice)).toBeVisible();
  await expect.poll(() => verificationLinks(request, email)).toHaveLength(2);

  // Dismissed, it stays away for the session, across pages and reloads.
  await notice.getByRole('button', { name: verification.dismiss }).click();
  await expect(notice).toBeHidden();
  await page.reload();
  await page.goto('/dashboard/profile');
  await expect(page.getByRole('heading', { name: account.passwordTitle })).toBeVisible();
  await expect(notice).toBeHidden();

  // In a new session it is back, until the link is opened; then Login says so.
  await page.evaluate(() => sessionStorage.clear());
  await page.reload();
  await expect(notice).toBeVisible();
  const [link] = await verificationLinks(request, email);
  await page.goto(link!);
  await page.goto('/dashboard/profile');
  await expect(page.getByRole('heading', { name: account.passwordTitle })).toBeVisible();
  await expect(notice).toBeHidden();
});
