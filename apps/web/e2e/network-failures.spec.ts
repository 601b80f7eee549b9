import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { mainNav, signInAsNewCustomer } from './support/accounts';
import { expectAccessible, expectOnlyStatusErrors, fillDelivery, OREGON } from './support/orders';

/**
 * Issue 16: calm when the network fails. Code that does not arrive (a lazy screen, a home
 * section, the toaster) and a request that gets no answer leave the page standing, say so in
 * plain words, and recover on Retry.
 */

/** The code of a lazy screen or piece: its script and, for some, its stylesheet. */
const chunk = (name: string) => `**/assets/${name}-*.{js,css}`;
/** Sonner's chunk (built from sonner/dist), shared by the toaster and the screens that toast. */
const SONNER = '**/assets/dist-*.js';

const footer = (page: Page) => page.locator('footer');
const pageFailure = (page: Page) =>
  page.getByRole('alert').filter({ has: page.getByRole('heading', { level: 1 }) });

/** The browser reports each request the test aborted; nothing else may reach the console. */
function expectOnlyAbortedLoads(consoleErrors: string[]) {
  expect(consoleErrors.filter((error) => !error.includes('net::ERR_FAILED'))).toEqual([]);
  consoleErrors.length = 0;
}

/** Nothing technical on screen: the words of the failure are for the console. */
async function expectNoTechnicalLine(page: Page) {
  for (const technical of [/dynamically imported module/i, /preload CSS/i, /\.js\b/, /Error:/]) {
    await expect(page.getByText(technical)).toHaveCount(0);
  }
}

async function openBlogsWithItsCodeBlocked(page: Page) {
  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'Get Your Laptop Parts Here' })).toBeVisible();
  await page.route(chunk('blogs'), (route) => route.abort());
  // On a phone the links are in the menu.
  const menu = mainNav(page).getByRole('button', { name: 'Open menu' });
  if (await menu.isVisible()) await menu.click();
  await mainNav(page).getByRole('link', { name: 'Blogs' }).click();
  await expect(pageFailure(page)).toBeVisible();
}

test('a screen whose code cannot be fetched keeps the layout, says so plainly, and Retry shows it', async ({
  page,
  consoleErrors,
}) => {
  await openBlogsWithItsCodeBlocked(page);
  await expect(page).toHaveURL(/\/blogs$/);
  const failure = pageFailure(page);
  await expect(
    failure.getByRole('heading', { level: 1, name: 'This page could not be loaded' }),
  ).toBeVisible();
  await expect(failure).toContainText(
    'Could not reach the shop. Check your connection and try again.',
  );
  await expect(mainNav(page)).toBeVisible();
  await expect(footer(page)).toBeVisible();
  await expectNoTechnicalLine(page);

  await page.unroute(chunk('blogs'));
  await failure.getByRole('button', { name: 'Retry' }).click();
  await expect(page.getByRole('heading', { name: 'Blogs', level: 1 })).toBeVisible();
  await expect(pageFailure(page)).toHaveCount(0);
  expectOnlyAbortedLoads(consoleErrors);
});

test('a deep link whose screen code cannot be fetched keeps the layout too', async ({
  page,
  consoleErrors,
}) => {
  await page.route(chunk('portfolio'), (route) => route.abort());
  await page.goto('/portfolio');
  await expect(
    pageFailure(page).getByRole('heading', { name: 'This page could not be loaded' }),
  ).toBeVisible();
  await expect(mainNav(page)).toBeVisible();
  await expect(footer(page)).toBeVisible();
  await page.unroute(chunk('portfolio'));
  await page.getByRole('button', { name: 'Retry' }).click();
  await expect(page.getByRole('heading', { name: 'Portfolio', level: 1 })).toBeVisible();
  expectOnlyAbortedLoads(consoleErrors);
});

test('a home section whose code cannot be fetched fails alone, with Retry', async ({
  page,
  consoleErrors,
}) => {
  await page.route(chunk('warehouse-carousel'), (route) => route.abort());
  await page.goto('/');
  await page.getByRole('heading', { name: 'Our Warehouse' }).scrollIntoViewIfNeeded();
  const failure = page
    .getByRole('alert')
    .filter({ hasText: 'The photos of our warehouses could not be loaded' });
  await expect(failure).toBeVisible();
  await expect(failure).toContainText('Could not reach the shop.');
  await expectNoTechnicalLine(page);
  // The rest of the page stands.
  await expect(mainNav(page)).toBeVisible();
  await expect(footer(page)).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Get Your Laptop Parts Here' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Our Moto' })).toBeVisible();

  await page.unroute(chunk('warehouse-carousel'));
  await failure.getByRole('button', { name: 'Retry' }).click();
  await expect(page.getByTestId('warehouse-slide')).toHaveCount(9);
  // Its stylesheet came too, though the first attempt's link had failed.
  await expect
    .poll(() =>
      page.evaluate(() =>
        [...document.styleSheets].some((sheet) => sheet.href?.includes('warehouse-carousel')),
      ),
    )
    .toBe(true);
  expectOnlyAbortedLoads(consoleErrors);
});

test('a toaster that cannot be fetched takes nothing down, and loads on a later input', async ({
  page,
  consoleErrors,
}) => {
  await page.goto('/');
  await expect(page.getByTestId('tool-card').first()).toBeVisible();
  await page.route(SONNER, (route) => route.abort());
  let sonnerFailures = 0;
  page.on('requestfailed', (request) => {
    if (/\/assets\/dist-.*\.js$/.test(request.url())) sonnerFailures += 1;
  });
  // The first input asks for the toaster: it fails, is tried once more, and fails again.
  await page.getByRole('searchbox', { name: 'Search tools by name' }).click();
  await expect.poll(() => sonnerFailures).toBe(2);
  await page.getByRole('searchbox', { name: 'Search tools by name' }).fill('SSD');
  await expect(page.getByTestId('tool-card').first()).toContainText('SSD');
  await expect(mainNav(page)).toBeVisible();
  await expect(footer(page)).toBeVisible();
  await expect(page.getByRole('alert')).toHaveCount(0);

  await page.unroute(SONNER);
  await page.getByRole('heading', { name: 'Get Your Laptop Parts Here' }).click();
  await expect(page.getByRole('region', { name: /Notifications/ })).toBeAttached();
  expectOnlyAbortedLoads(consoleErrors);
});

test('a purchase that gets no answer keeps the form and what was typed, and says so', async ({
  page,
  baseURL,
  consoleErrors,
}) => {
  await signInAsNewCustomer(page, baseURL ?? '');
  await page.goto('/');
  await page.getByRole('link', { name: 'Order Now: NVMe SSD 1TB M.2' }).click();
  await expect(page.getByRole('heading', { name: 'NVMe SSD 1TB M.2', level: 1 })).toBeVisible();
  const address = '7 Quay Street\nSuite 10';
  await page.waitForLoadState('networkidle');
  await fillDelivery(page, { address });

  // The server is away: the order gets no answer, nor does the tool's reload after it.
  let failedToolLoads = 0;
  page.on('requestfailed', (request) => {
    // The tool itself, not the models it fits (`/api/tools/{id}/fits`, its own query).
    if (/\/api\/tools\/[^/?]+$/.test(new URL(request.url()).pathname)) failedToolLoads += 1;
  });
  await page.route('**/api/**', (route) => route.abort());
  await page.getByRole('button', { name: 'Purchase' }).click();

  const form = page.getByRole('form', { name: 'Purchase' });
  await expect(form.getByRole('alert')).toHaveText(
    'Could not reach the shop. Check your connection and try again.',
  );
  // Told at once, not after the tool's reload has given up.
  expect(failedToolLoads).toBeLessThan(3);
  // The tool's reload gives up after its retries; the form stays all along.
  await expect.poll(() => failedToolLoads, { timeout: 15_000 }).toBe(3);
  await expect(form).toBeVisible();
  await expect(page.getByLabel('Address')).toHaveValue(address);
  await expect(page.getByLabel('Phone number')).toHaveValue(OREGON.phone);
  await expect(page.getByText('This tool could not be loaded')).toHaveCount(0);
  await expect(page).toHaveURL(/\/tools\//);
  expectOnlyAbortedLoads(consoleErrors);
});

test('an unknown path says so, with a way back to the tools', async ({ page, consoleErrors }) => {
  await page.goto('/no-such-page');
  // The missing page comes with its status, which the browser reports.
  expectOnlyStatusErrors(consoleErrors, [404]);
  await expect(page.getByRole('heading', { name: 'Page not found', level: 1 })).toBeVisible();
  await expect(page.getByText('The page you are looking for does not exist')).toBeVisible();
  await page.getByRole('link', { name: 'See our tools' }).click();
  await expect(page).toHaveURL(/\/#ourTools$/);
  await expect(page.getByRole('heading', { name: 'Tools We Provide' })).toBeInViewport();
});

test('a tool that is not there says so, with no Try again and a way back to the tools', async ({
  page,
  baseURL,
  consoleErrors,
}) => {
  await signInAsNewCustomer(page, baseURL ?? '');
  await page.goto('/tools/00000000-0000-4000-8000-000000000000');
  const failure = page.getByRole('alert');
  await expect(
    failure.getByRole('heading', { name: 'This tool could not be loaded', level: 1 }),
  ).toBeVisible();
  await expect(failure.getByRole('button')).toHaveCount(0);
  await failure.getByRole('link', { name: 'Back to the tools' }).click();
  await expect(page).toHaveURL(/\/#ourTools$/);
  expect(consoleErrors.every((error) => error.includes('404'))).toBe(true);
  consoleErrors.length = 0;
});

for (const width of [360, 1280]) {
  test(`the failed-screen and not-found pages (${width} px) have no axe violation of any impact`, async ({
    page,
    consoleErrors,
  }) => {
    await page.setViewportSize({ width, height: 800 });
    await openBlogsWithItsCodeBlocked(page);
    await expectAccessible(page, 'any');
    expectOnlyAbortedLoads(consoleErrors);

    await page.goto('/no-such-page');
    await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
    await page.waitForLoadState('networkidle');
    await expectAccessible(page, 'any');
    expectOnlyStatusErrors(consoleErrors, [404]);
  });
}
