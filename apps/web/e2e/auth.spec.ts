import type { Locator, Page } from '@playwright/test';
import { expect, test } from './fixtures';
import {
  createAccount,
  logIn,
  mainNav,
  registerInBrowser,
  signInAsAdmin,
  signInAsNewCustomer,
  signInWithProvider,
  storedToken,
} from './support/accounts';
import { expectAccessible } from './support/orders';

const loginButton = (page: Page) => page.getByRole('button', { name: 'Login', exact: true });

/** The text colour as red, green and blue, whatever colour space the CSS names it in. */
const textRgb = (locator: Locator) =>
  locator.evaluate((element) => {
    const canvas = document.createElement('canvas');
    canvas.width = 1;
    canvas.height = 1;
    const context = canvas.getContext('2d');
    if (!context) throw new Error('no 2d canvas');
    context.fillStyle = getComputedStyle(element).color;
    context.fillRect(0, 0, 1, 1);
    const [red = 0, green = 0, blue = 0] = context.getImageData(0, 0, 1, 1).data;
    return { red, green, blue };
  });

test('register lands on /home signed in, with the name in the navigation bar', async ({ page }) => {
  await registerInBrowser(page, 'Ada Buyer');
  await expect(mainNav(page).getByRole('link', { name: 'Dashboard' })).toBeVisible();
  await expect(mainNav(page).getByRole('link', { name: 'Login' })).toHaveCount(0);
  expect(await storedToken(page)).toMatch(/^[A-Za-z0-9_-]{20,}$/);

  // The dropdown works from the keyboard: the name links to the profile page.
  const account = mainNav(page).getByRole('button', { name: 'Ada Buyer' });
  await account.focus();
  await page.keyboard.press('Enter');
  await expect(account).toHaveAttribute('aria-expanded', 'true');
  await page.keyboard.press('Escape');
  await expect(account).toHaveAttribute('aria-expanded', 'false');
  await expect(account).toBeFocused();
  await account.click();
  await mainNav(page).getByRole('link', { name: 'Ada Buyer' }).click();
  await expect(page).toHaveURL(/\/dashboard\/profile$/);
  // A customer's sidebar.
  const sidebar = page.getByRole('navigation', { name: 'Dashboard' });
  await expect(sidebar.getByRole('link')).toHaveText(['My Orders', 'Add a Review', 'My Profile']);
});

test('a wrong password shows "Invalid email or password" in red above the form', async ({
  page,
  request,
  baseURL,
  consoleErrors,
}) => {
  const email = await createAccount(request, baseURL ?? '', 'Wrong Password');
  await page.goto('/login');
  await logIn(page, email, 'not-the-password');
  const alert = page.getByRole('alert');
  await expect(alert).toHaveText('Invalid email or password');
  const { red, green, blue } = await textRgb(alert);
  expect(red).toBeGreaterThan(120);
  expect(Math.max(green, blue)).toBeLessThan(80);
  // The alert sits above the form.
  const alertBox = await alert.boundingBox();
  const emailBox = await page.getByLabel('Email', { exact: true }).boundingBox();
  expect(alertBox && emailBox && alertBox.y < emailBox.y).toBe(true);
  await expect(page).toHaveURL(/\/login$/);
  expect(await storedToken(page)).toBeNull();
  // The browser reports the refused sign-in (401) we caused; nothing else may appear.
  expect(consoleErrors.every((error) => error.includes('401'))).toBe(true);
  consoleErrors.length = 0;
});

test('a signed-out visit to /dashboard/orders goes to /login and back after sign-in', async ({
  page,
  request,
  baseURL,
}) => {
  const email = await createAccount(request, baseURL ?? '', 'Returning Buyer');
  await page.goto('/dashboard/orders');
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('heading', { name: 'Login', level: 1 })).toBeVisible();
  await logIn(page, email);
  await expect(page).toHaveURL(/\/dashboard\/orders$/);
  await expect(page.getByRole('heading', { name: 'My Orders' })).toBeVisible();
  await expect(mainNav(page).getByRole('button', { name: 'Returning Buyer' })).toBeVisible();
  expect(await storedToken(page)).not.toBeNull();

  // Signed in, /login sends the visitor on, and /dashboard opens My Orders.
  await page.goto('/login');
  await expect(page).toHaveURL(/\/$/);
  await page.goto('/dashboard');
  await expect(page).toHaveURL(/\/dashboard\/orders$/);
});

test('Sign Out ends the session and the token dies on the server too', async ({
  page,
  baseURL,
}) => {
  const email = await signInAsNewCustomer(page, baseURL ?? '', 'Leaving Buyer');
  await page.goto('/home');
  const token = await storedToken(page);
  expect(token).not.toBeNull();
  const admin = await page.request.get(`/api/admin/${email}`, {
    headers: { Authorization: `Bearer ${token}` },
  });
  expect(await admin.json()).toEqual({ admin: false });

  await mainNav(page).getByRole('button', { name: 'Leaving Buyer' }).click();
  await mainNav(page).getByRole('button', { name: 'Sign Out' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(mainNav(page).getByRole('link', { name: 'Login' })).toBeVisible();
  await expect(mainNav(page).getByRole('link', { name: 'Dashboard' })).toHaveCount(0);
  expect(await storedToken(page)).toBeNull();

  const after = await page.request.get(`/api/admin/${email}`, {
    headers: { Authorization: `Bearer ${token}` },
  });
  expect(after.status()).toBe(401);
  const session = await page.request.get('/api/auth/get-session');
  expect(await session.json()).toBeNull();
});

test('social sign-in through a real OpenID provider lands on /home signed in', async ({ page }) => {
  const login = `oidc${Date.now()}`;
  await signInWithProvider(page, login);
  await expect(mainNav(page).getByRole('button', { name: `Tester ${login}` })).toBeVisible();
  const session = await page.request.get('/api/auth/get-session');
  expect((await session.json()).user.email).toBe(`${login}@example.com`);
  // A verified email that is not ADMIN_EMAIL is a customer.
  const check = await page.request.get(`/api/admin/${login}@example.com`, {
    headers: { Authorization: `Bearer ${await storedToken(page)}` },
  });
  expect(await check.json()).toEqual({ admin: false });
});

test('a non-admin opening an admin page is signed out and sent to /login', async ({
  page,
  baseURL,
}) => {
  await signInAsNewCustomer(page, baseURL ?? '', 'Curious Buyer');
  await page.goto('/dashboard/users');
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByText('That page is for admins only')).toBeVisible();
  await expect(mainNav(page).getByRole('link', { name: 'Login' })).toBeVisible();
  expect(await storedToken(page)).toBeNull();
  const session = await page.request.get('/api/auth/get-session');
  expect(await session.json()).toBeNull();
});

test('the admin account, signed in through its verifying provider, sees the admin sidebar and its pages', async ({
  page,
  baseURL,
}) => {
  await signInAsAdmin(page, baseURL ?? '', { throughProvider: true });
  // The admins' dashboard home is the sales figures.
  await page.goto('/dashboard');
  await expect(page).toHaveURL(/\/dashboard\/sales$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Sales' })).toBeVisible();
  const sidebar = page.getByRole('navigation', { name: 'Dashboard' });
  await expect(sidebar.getByRole('link')).toHaveText([
    'My Profile',
    'Sales',
    'All Users',
    'Add A tool',
    'Manage All Orders',
    'Returns',
    'Manage Tools',
    'Import catalogue',
    'Shipping and tax',
  ]);
  await sidebar.getByRole('link', { name: 'Manage Tools' }).click();
  await expect(page.getByRole('heading', { name: 'Manage Tools' })).toBeVisible();
});

test('a provider error sent back to /login is shown in words; a social button not set up is disabled and says why', async ({
  page,
}) => {
  await page.goto('/login?error=access_denied');
  await expect(page.getByRole('alert')).toHaveText(
    'The sign-in was cancelled at the provider. You can try again.',
  );
  const google = page.getByRole('button', { name: 'Continue with Google' });
  await expect(google).toBeDisabled();
  await expect(google).toHaveAccessibleDescription('Google sign-in is not set up on this shop');
  await expect(page.getByText('Google sign-in is not set up on this shop')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Continue with GitHub' })).toBeDisabled();
  await expect(page.getByRole('button', { name: 'Continue with Loopback ID' })).toBeEnabled();
  // The rest of the login screen (docs/product.md).
  await expect(page.getByText('Forget Password?')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Create New Account' })).toHaveAttribute(
    'href',
    '/register',
  );
  await expect(page.getByText('OR', { exact: true })).toBeVisible();
});
test('the forms with their messages, and the open user menu, stay accessible', async ({
  page,
  baseURL,
  consoleErrors,
}) => {
  // The CSP forbids eval; zod must not even try it (lib/zod-config.ts): browsers report a try.
  await page.addInitScript(() => {
    const seen: string[] = [];
    Object.assign(window, { cspViolations: seen });
    document.addEventListener('securitypolicyviolation', (event) => {
      seen.push(`${event.violatedDirective} ${event.sourceFile}`);
    });
  });
  await page.goto('/login?error=access_denied');
  await loginButton(page).click();
  await expect(page.getByText('Password is required')).toBeVisible();
  await page.getByLabel('Email', { exact: true }).fill('buyer@example');
  await expect(page.getByText('Provide a valid Email')).toBeVisible();
  await expectAccessible(page);
  expect(await page.evaluate(() => Reflect.get(window, 'cspViolations'))).toEqual([]);

  await page.goto('/register');
  await page.getByRole('button', { name: 'Sign Up' }).click();
  await expect(page.getByText('Name is required')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Login', exact: true }).last()).toHaveAttribute(
    'href',
    '/login',
  );
  await expectAccessible(page);
  expect(await page.evaluate(() => Reflect.get(window, 'cspViolations'))).toEqual([]);

  await signInAsNewCustomer(page, baseURL ?? '', 'Menu Buyer');
  await page.goto('/home');
  await mainNav(page).getByRole('button', { name: 'Menu Buyer' }).click();
  await expect(mainNav(page).getByRole('button', { name: 'Sign Out' })).toBeVisible();
  await expectAccessible(page);
  expect(consoleErrors).toEqual([]);
});
