import type { APIRequestContext, BrowserContext, Page } from '@playwright/test';
import { expect } from '../fixtures';

/** Every test account's password. */
export const PASSWORD = 'parts-secret-1';
/**
 * The shop's ADMIN_EMAIL in the browser tests (playwright.config.ts). It is admin only when
 * signed in through a provider that verified it: the loopback OpenID provider's login
 * `shopadmin` has this verified email (support/oidc-server.mjs).
 */
export const ADMIN_EMAIL = 'shopadmin@example.com';
const ADMIN_LOGIN = 'shopadmin';

let sequence = 0;
/** A fresh address per test: the database lives for the whole run. */
export const uniqueEmail = (prefix = 'buyer') =>
  `${prefix}${Date.now()}${(sequence += 1)}@example.com`;

export const mainNav = (page: Page) => page.getByRole('navigation', { name: 'Main' });
export const storedToken = (page: Page) => page.evaluate(() => localStorage.getItem('accessToken'));

/** An account made through the API, as another visit would have made it. */
export async function createAccount(
  request: APIRequestContext,
  baseURL: string,
  name: string,
  email = uniqueEmail(),
) {
  const response = await request.post('/api/auth/sign-up/email', {
    data: { name, email, password: PASSWORD },
    headers: { Origin: baseURL },
  });
  // 422: the account exists already (the admin, made by an earlier test of this run).
  expect([200, 422]).toContain(response.status());
  return email;
}

export async function registerInBrowser(page: Page, name: string, email = uniqueEmail()) {
  await page.goto('/register');
  await page.getByLabel('Name', { exact: true }).fill(name);
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign Up' }).click();
  await expect(page).toHaveURL(/\/home$/);
  await expect(mainNav(page).getByRole('button', { name })).toBeVisible();
  return email;
}

/** Fills and submits the login form of the current page. */
export async function logIn(page: Page, email: string, password = PASSWORD) {
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
}

/**
 * A new account is signed in at once (Better Auth's autoSignIn), and `page.request` keeps that
 * session cookie in the page's context: /login would then send the visitor on before the form
 * shows. The tests that sign in through the form start without it.
 */
export const forgetSignUpSession = (page: Page) => page.context().clearCookies();

/** Signs in through the login screen and waits until the app holds its access token. */
export async function signIn(page: Page, email: string) {
  await page.goto('/login');
  await logIn(page, email);
  await expect.poll(() => storedToken(page)).toMatch(/^[A-Za-z0-9_-]{20,}$/);
}

/**
 * Signs in with "Continue with Loopback ID" as `login` (email `${login}@example.com`, verified
 * by the provider) and waits until the app holds its access token.
 */
export async function signInWithProvider(page: Page, login: string) {
  // The provider's sign-in page asks for a web font; the test machine has no internet.
  await page.route('https://fonts.googleapis.com/**', (route) =>
    route.fulfill({ status: 200, contentType: 'text/css', body: '' }),
  );
  await page.goto('/login');
  await page.getByRole('button', { name: 'Continue with Loopback ID' }).click();
  // The provider's own development pages: sign in with any login, then consent.
  await expect(page).toHaveURL(/^http:\/\/127\.0\.0\.1:\d+\/interaction\//);
  await page.locator('input[name="login"]').fill(login);
  await page.locator('input[name="password"]').fill('any-password');
  await page.getByRole('button', { name: 'Sign-in' }).click();
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page).toHaveURL(/\/home$/);
  await expect.poll(() => storedToken(page)).toMatch(/^[A-Za-z0-9_-]{20,}$/);
}

/**
 * The admin's session cookies from the last sign-in through the provider in this worker: the
 * next admin sign-in starts from them while the server still knows the session (a sign-out or
 * a removal ends it). The provider's five pages took seconds each time, about 35 times a run.
 */
let adminCookies: Awaited<ReturnType<BrowserContext['cookies']>> | undefined;

/** True when the page's context, given the saved cookies, is the admin's session on the server. */
async function resumeAdminSession(page: Page, baseURL: string) {
  if (!adminCookies) return false;
  // Someone else signed in on this page already: the provider's way, as a user would.
  if (page.url().startsWith(baseURL) && (await storedToken(page))) return false;
  await page.context().addCookies(adminCookies);
  const session = await page.request.get(`${baseURL}/api/auth/get-session`);
  const user = session.ok()
    ? ((await session.json()) as { user?: { email: string } } | null)
    : null;
  if (user?.user?.email !== ADMIN_EMAIL) {
    // The cookies hold the provider's session too (same host, another port): left in place,
    // the provider would sign in again without its pages, which the sign-in below waits for.
    await page.context().clearCookies();
    return false;
  }
  // As after a social sign-in: the app finds the session and asks for its own access token.
  await page.goto('/home');
  await expect.poll(() => storedToken(page)).toMatch(/^[A-Za-z0-9_-]{20,}$/);
  return true;
}

/**
 * The run's admin, signed in: ADMIN_EMAIL through the OpenID provider that verified it, the
 * way a shop's owner claims the admin account (a password sign-up of it would stay a customer).
 * The session is resumed when an earlier test signed in the same way, unless `throughProvider`.
 */
export async function signInAsAdmin(
  page: Page,
  baseURL: string,
  { throughProvider = false }: { throughProvider?: boolean } = {},
) {
  if (throughProvider || !(await resumeAdminSession(page, baseURL))) {
    await signInWithProvider(page, ADMIN_LOGIN);
    adminCookies = await page.context().cookies(baseURL);
  }
  const check = await page.request.get(`${baseURL}/api/admin/${ADMIN_EMAIL}`, {
    headers: { Authorization: `Bearer ${await storedToken(page)}` },
  });
  expect(await check.json()).toEqual({ admin: true });
}

/** A new customer, signed in. */
export async function signInAsNewCustomer(page: Page, baseURL: string, name = 'Casey Customer') {
  const email = await createAccount(page.request, baseURL, name);
  await forgetSignUpSession(page);
  await signIn(page, email);
  return email;
}
