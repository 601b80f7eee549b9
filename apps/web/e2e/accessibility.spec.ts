import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { expectOnlyStatusErrors } from './support/orders';

/** axe-core's rules at the WCAG 2.x A and AA levels, plus its best practices. */
const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'];

/** Scans the page as it is now and fails on serious or critical violations. */
async function expectNoSeriousViolations(page: Page) {
  const results = await new AxeBuilder({ page }).withTags(TAGS).analyze();
  const serious = results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => ({
      rule: violation.id,
      impact: violation.impact,
      help: violation.help,
      targets: violation.nodes.map((node) => node.target.join(' ')),
    }));
  expect(serious, `axe-core violations on ${page.url()}`).toEqual([]);
}

/** The home page with everything loaded: lists from the API, and the lazy carousel and calendar. */
async function loadWholeHomePage(page: Page) {
  await page.goto('/');
  await expect(page.getByTestId('tool-card').first()).toBeVisible();
  await page.getByRole('heading', { name: 'Our Warehouse' }).scrollIntoViewIfNeeded();
  await expect(page.getByTestId('warehouse-slide')).toHaveCount(9);
  await page.getByRole('heading', { name: 'Our Moto' }).scrollIntoViewIfNeeded();
  await expect(page.getByRole('grid')).toBeVisible();
  await expect(page.getByTestId('summary-item').first()).toBeVisible();
  await expect(page.getByTestId('review').first()).toBeVisible();
  // A still carousel: a scan in the middle of a slide change would be about a moving target.
  await page.getByRole('button', { name: 'Pause the slideshow' }).click();
}

for (const width of [1280, 375]) {
  test(`home page (${width} px wide) has no serious or critical axe violations`, async ({
    page,
  }) => {
    await page.setViewportSize({ width, height: 900 });
    await loadWholeHomePage(page);
    await expectNoSeriousViolations(page);
  });
}

test('home page with a search that finds nothing, and a chosen date, stays accessible', async ({
  page,
}) => {
  await loadWholeHomePage(page);
  await page.getByRole('button', { name: 'Go to the Next Month' }).click();
  await page.getByRole('grid').getByRole('button', { name: /15th/ }).click();
  await expect(page.getByText('Needed by')).toBeVisible();
  await page.getByRole('searchbox', { name: 'Search tools by name' }).fill('xyz');
  await expect(page.getByText('No tools match "xyz".')).toBeVisible();
  await expectNoSeriousViolations(page);
});

/** Each page is scanned once its title (h1) shows, i.e. once its lazy screen has loaded. */
for (const path of ['/blogs', '/portfolio', '/login', '/register', '/no-such-page']) {
  test(`${path} has no serious or critical axe violations`, async ({ page, consoleErrors }) => {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
    await page.waitForLoadState('networkidle');
    await expectNoSeriousViolations(page);
    // The missing page comes with its status, which the browser reports.
    if (path === '/no-such-page') expectOnlyStatusErrors(consoleErrors, [404]);
  });
}
