import { expect, test } from './fixtures';
import { expectOnlyStatusErrors } from './support/orders';

test('the home page shows the tool cards with their images loaded', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'Get Your Laptop Parts Here' })).toBeVisible();
  const cards = page.getByTestId('tool-card');
  await expect(cards.first()).toBeVisible();
  expect(await cards.count()).toBeGreaterThanOrEqual(8);

  const first = cards.first();
  await expect(first.getByRole('heading', { name: 'NVMe SSD 1TB M.2' })).toBeVisible();
  await expect(first).toContainText('Price per unit');
  await expect(first).toContainText('$ 64.99');
  await expect(first).toContainText('Minimum order');
  await expect(first).toContainText('Available');
  const today = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' }).format(new Date());
  await expect(first).toContainText(today);

  // Every card image is loaded from the shop itself and decoded (not broken).
  const images = cards.locator('img');
  for (const image of await images.all()) {
    await image.scrollIntoViewIfNeeded();
    await expect
      .poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0))
      .toBe(true);
    expect(await image.getAttribute('src')).toMatch(/^\/images\//);
  }
});

test('"Order Now" leads to the tool page, which asks a signed-out visitor to log in', async ({
  page,
}) => {
  await page.goto('/');
  await page.getByRole('link', { name: 'Order Now: NVMe SSD 1TB M.2' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('heading', { name: 'Login' })).toBeVisible();
});

test('an unknown path shows the not-found screen with a way home', async ({
  page,
  consoleErrors,
}) => {
  // The page comes already rendered, with the status a missing page has.
  const response = await page.goto('/no-such-page');
  expect(response?.status()).toBe(404);
  expectOnlyStatusErrors(consoleErrors, [404]);
  await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
  await expect(page.getByRole('img', { name: /not found/i })).toBeVisible();
  await page.getByRole('link', { name: 'Back to the shop' }).click();
  await expect(page).toHaveURL(/\/$/);
});

test('deep links load the app', async ({ page }) => {
  for (const [path, heading] of [
    ['/blogs', 'Blogs'],
    ['/portfolio', 'Portfolio'],
    ['/register', 'Sign Up'],
    ['/home', 'Get Your Laptop Parts Here'],
  ] as const) {
    await page.goto(path);
    await expect(page.getByRole('heading', { name: heading, level: 1 })).toBeVisible();
  }
});

test('a failed load shows an error with a retry that works', async ({ page, consoleErrors }) => {
  let failures = 0;
  await page.route('**/api/tools?*', async (route) => {
    if (failures < 3) {
      failures += 1;
      await route.fulfill({
        status: 503,
        contentType: 'application/json',
        body: JSON.stringify({ error: { code: 'INTERNAL', message: 'The shop is resting' } }),
      });
    } else {
      await route.continue();
    }
  });
  await page.goto('/');
  await expect(page.getByRole('alert')).toContainText('The tools could not be loaded');
  await page.getByRole('button', { name: 'Try again' }).click();
  await expect(page.getByTestId('tool-card').first()).toBeVisible();
  // The browser reports the refused loads we caused; nothing else may appear.
  expect(consoleErrors.every((error) => error.includes('503'))).toBe(true);
  consoleErrors.length = 0;
});
