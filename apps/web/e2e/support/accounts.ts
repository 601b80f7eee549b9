import type { APIRequestContext, Page } from '@playwright/test';
import { expect } from '../fixtures';

/** Every test account's password. */
export const PASSWORD = 'parts-secret-1';
/** The shop's ADMIN_EMAIL in the browser tests (playwright.config.ts). */
export const ADMIN_EMAIL = 'admin@partsshop.com';

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
 * A sign-up through `page.request` signs that account in for the page too (they share the
 * cookies), and /login would then send the visitor on before the form shows: forget it.
 */
async function forgetApiSession(page: Page) {
  await page.context().clearCookies();
}

/** Signs in through the login screen and waits until the app holds its access token. */
export async function signIn(page: Page, email: string) {
  await page.goto('/login');
  await logIn(page, email);
  await expect.poll(() => storedToken(page)).toMatch(/^[A-Za-z0-9_-]{20,}$/);
}

/** The run's admin (ADMIN_EMAIL is admin from its first sign-in), signed in. */
export async function signInAsAdmin(page: Page, baseURL: string) {
  await createAccount(page.request, baseURL, 'Shop Admin', ADMIN_EMAIL);
  await forgetApiSession(page);
  await signIn(page, ADMIN_EMAIL);
}

/** A new customer, signed in. */
export async function signInAsNewCustomer(page: Page, baseURL: string, name = 'Casey Customer') {
  const email = await createAccount(page.request, baseURL, name);
  await forgetApiSession(page);
  await signIn(page, email);
  return email;
}
