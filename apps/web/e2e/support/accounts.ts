import type { APIRequestContext, BrowserContext, Page } from '@playwright/test';
import { expect } from '@playwright/test';

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

/**
 * The app's own step after a sign-in, without its screens: asks `PUT /api/user/{email}` for the
 * access token with the session cookie the page's context holds, and keeps it in localStorage
 * as the app does, from `/api/health` (a JSON page of the shop, where no app code runs; its CSP
 * lets it fetch nothing, hence the test runner's client). The next `goto` opens the app signed
 * in. Answers the session's email, or null when the context holds no session.
 */
async function takeAccessToken(page: Page, baseURL: string) {
  const session = await page.request.get(`${baseURL}/api/auth/get-session`);
  const found = session.ok()
    ? ((await session.json()) as { user?: { email: string } } | null)
    : null;
  const email = found?.user?.email;
  if (!email) return null;
  const answer = await page.request.put(`${baseURL}/api/user/${encodeURIComponent(email)}`, {
    data: { email },
    headers: { Origin: baseURL },
  });
  expect(answer.status(), await answer.text()).toBe(200);
  const { token } = (await answer.json()) as { token: string };
  await page.goto(`${baseURL}/api/health`);
  await page.evaluate((value) => localStorage.setItem('accessToken', value), token);
  return email;
}

/** True when the page's context, given the saved cookies, is the admin's session on the server. */
async function resumeAdminSession(page: Page, baseURL: string) {
  if (!adminCookies) return false;
  // Someone else signed in on this page already: the provider's way, as a user would.
  if (page.url().startsWith(baseURL) && (await storedToken(page))) return false;
  await page.context().addCookies(adminCookies);
  if ((await takeAccessToken(page, baseURL)) !== ADMIN_EMAIL) {
    // The cookies hold the provider's session too (same host, another port): left in place,
    // the provider would sign in again without its pages, which the sign-in below waits for.
    await page.context().clearCookies();
    return false;
  }
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

/**
 * A new customer, signed in: the account made through the API, whose answer leaves the session
 * cookie in the page's context (Better Auth's autoSignIn), and the access token taken as the app
 * takes it. The login screen itself is walked in auth.spec.ts; here it would only cost time.
 */
export async function signInAsNewCustomer(
  page: Page,
  baseURL: string,
  name = 'Casey Customer',
  email = uniqueEmail(),
) {
  await createAccount(page.request, baseURL, name, email);
  expect(await takeAccessToken(page, baseURL)).toBe(email);
  return email;
}

/**
 * An account that exists already, signed in again without the login screen: `POST
 * /api/auth/sign-in/email` leaves the session cookie in the page's context, then the access
 * token is taken as the app takes it.
 */
export async function signInAs(page: Page, baseURL: string, email: string) {
  const response = await page.request.post('/api/auth/sign-in/email', {
    data: { email, password: PASSWORD },
    headers: { Origin: baseURL },
  });
  expect(response.status()).toBe(200);
  expect(await takeAccessToken(page, baseURL)).toBe(email);
}
