import { messages } from '@shop/shared';
import type { Page, Route } from '@playwright/test';
import { expect, test } from './fixtures';
import { mainNav, signInAsAdmin, signInAsNewCustomer, storedToken } from './support/accounts';
import { expectAccessible, expectOnlyStatusErrors } from './support/orders';

/**
 * Issue 31, point 6: a network blip does not sign the customer out. Only the API's refusal
 * (401, 403) of the token request ends the sign-in; no answer or a 5xx keeps it, says so on the
 * page, and asks again by itself.
 */

const words = messages.signInRetry;
const TOKEN_REQUEST = '**/api/user/*';
const NAME = 'Casey Customer';

const notice = (page: Page) => page.getByRole('status', { name: words.noticeLabel });

/** The token requests (`PUT /api/user/{email}`) the page makes; other methods pass. */
async function answerTokenRequests(page: Page, answer: (route: Route, count: number) => unknown) {
  let count = 0;
  await page.route(TOKEN_REQUEST, async (route) => {
    if (route.request().method() !== 'PUT') return route.fallback();
    count += 1;
    return answer(route, count);
  });
  return () => count;
}

/**
 * A signed-in customer on My Orders who has no stored token (as after a social sign-in, or with
 * the storage cleared): the reload asks the API for one.
 */
async function reloadWithoutToken(page: Page) {
  await page.evaluate(() => localStorage.removeItem('accessToken'));
  await page.reload();
}

async function openMyOrders(page: Page, baseURL: string) {
  await signInAsNewCustomer(page, baseURL, NAME);
  await page.goto('/dashboard/orders');
  await expect(page.getByRole('heading', { name: 'My Orders', level: 1 })).toBeVisible();
}

/** Signed in as before: the navbar names them, My Orders shows, and the session lives. */
async function expectSignedInOnMyOrders(page: Page) {
  await expect(page).toHaveURL(/\/dashboard\/orders$/);
  await expect(page.getByRole('heading', { name: 'My Orders', level: 1 })).toBeVisible();
  await expect(mainNav(page).getByRole('button', { name: NAME })).toBeVisible();
  await expect(notice(page)).toBeEmpty();
  await expect.poll(() => storedToken(page)).toMatch(/^[A-Za-z0-9_-]{20,}$/);
  const session = await page.request.get('/api/auth/get-session');
  expect((await session.json())?.user?.name).toBe(NAME);
}

test('a 503 to the token request keeps the customer signed in, says so, and the retry signs them in', async ({
  page,
  baseURL,
  consoleErrors,
}) => {
  await openMyOrders(page, baseURL ?? '');
  const tokenRequests = await answerTokenRequests(page, (route, count) =>
    count === 1
      ? route.fulfill({
          status: 503,
          json: { error: { code: 'DATABASE_UNAVAILABLE', message: 'Busy', requestId: 'e2e' } },
        })
      : route.fallback(),
  );
  await reloadWithoutToken(page);

  await expect(notice(page)).toContainText(words.notice);
  await expect(notice(page).getByRole('button', { name: words.retry })).toBeVisible();
  // Not sent to /login, nor to the home page.
  await expect(page).toHaveURL(/\/dashboard\/orders$/);
  await expect(mainNav(page).getByRole('link', { name: 'Login' })).toHaveCount(0);

  // Asked again by itself, a second later: the notice goes.
  await expectSignedInOnMyOrders(page);
  expect(tokenRequests()).toBe(2);
  expectOnlyStatusErrors(consoleErrors, [503]);
});

test('a token request that gets no answer keeps the sign-in, asks again by itself, and Try again ends it', async ({
  page,
  baseURL,
  consoleErrors,
}) => {
  test.setTimeout(90_000);
  await openMyOrders(page, baseURL ?? '');
  let online = false;
  const tokenRequests = await answerTokenRequests(page, (route) =>
    online ? route.fallback() : route.abort('internetdisconnected'),
  );
  await reloadWithoutToken(page);

  await expect(notice(page)).toContainText(words.notice);
  await expect(page).toHaveURL(/\/dashboard\/orders$/);
  await expect(page.getByRole('heading', { name: words.waitingTitle, level: 1 })).toBeVisible();
  // Tried again by itself (1 s, then 2 s later), the notice standing all along.
  await expect.poll(tokenRequests, { timeout: 8000 }).toBeGreaterThanOrEqual(3);
  await expect(notice(page)).toContainText(words.notice);
  await expect(mainNav(page).getByRole('link', { name: 'Login' })).toHaveCount(0);

  for (const width of [360, 1280]) {
    await page.setViewportSize({ width, height: 800 });
    const box = page.getByTestId('sign-in-retry-notice');
    await expect(box).toBeVisible();
    // Within the page's width, below the navbar.
    const bounds = (await box.boundingBox())!;
    expect(bounds.x).toBeGreaterThanOrEqual(0);
    expect(bounds.x + bounds.width).toBeLessThanOrEqual(width);
    await expectAccessible(page, 'any');
  }

  // The button is reached with the keyboard, and asks at once (the next try by itself is
  // seconds away by now).
  const retry = notice(page).getByRole('button', { name: words.retry });
  await retry.focus();
  await expect(retry).toBeFocused();
  online = true;
  const triesBefore = tokenRequests();
  await page.keyboard.press('Enter');
  await expect.poll(tokenRequests, { timeout: 500 }).toBe(triesBefore + 1);
  await expectSignedInOnMyOrders(page);
  expect(
    consoleErrors.filter((error) => !error.includes('net::ERR_INTERNET_DISCONNECTED')),
  ).toEqual([]);
  consoleErrors.length = 0;
});

for (const [status, code] of [
  [401, 'UNAUTHENTICATED'],
  [403, 'FORBIDDEN'],
] as const) {
  test(`a ${status} to the token request still signs the customer out`, async ({
    page,
    baseURL,
    consoleErrors,
  }) => {
    await openMyOrders(page, baseURL ?? '');
    await answerTokenRequests(page, (route) =>
      route.fulfill({ status, json: { error: { code, message: 'No', requestId: 'e2e' } } }),
    );
    await reloadWithoutToken(page);

    await expect(page).toHaveURL(/\/$/);
    await expect(mainNav(page).getByRole('link', { name: 'Login' })).toBeVisible();
    await expect(mainNav(page).getByRole('button', { name: NAME })).toHaveCount(0);
    await expect(notice(page)).toBeEmpty();
    const session = await page.request.get('/api/auth/get-session');
    expect(await session.json()).toBeNull();
    expectOnlyStatusErrors(consoleErrors, [status]);
  });
}

test('a customer made admin on the server gets the admin pages when the tab is shown again, without signing in again', async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(60_000);
  const email = await signInAsNewCustomer(page, baseURL ?? '', NAME);
  await page.goto('/dashboard/orders');
  const sidebar = page.getByRole('navigation', { name: 'Dashboard' });
  await expect(sidebar.getByRole('link', { name: 'My Orders' })).toBeVisible();
  await expect(sidebar.getByRole('link', { name: 'Sales' })).toHaveCount(0);

  const adminContext = await browser.newContext({ baseURL });
  const admin = await adminContext.newPage();
  await signInAsAdmin(admin, baseURL ?? '');
  const made = await admin.request.put(`/api/user/admin/${encodeURIComponent(email)}`, {
    headers: { Authorization: `Bearer ${await storedToken(admin)}` },
  });
  expect(made.status()).toBe(200);
  await adminContext.close();

  // The customer comes back to the tab (TanStack Query hears visibilitychange).
  await page.evaluate(() => window.dispatchEvent(new Event('visibilitychange')));
  await expect(sidebar.getByRole('link', { name: 'Sales' })).toBeVisible();
  await expect(sidebar.getByRole('link', { name: 'My Orders' })).toHaveCount(0);
  await sidebar.getByRole('link', { name: 'Manage Tools' }).click();
  await expect(page.getByRole('heading', { name: 'Manage Tools' })).toBeVisible();
  await expect(mainNav(page).getByRole('button', { name: NAME })).toBeVisible();
});
