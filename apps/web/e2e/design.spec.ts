import type { Locator, Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { signInAsNewCustomer } from './support/accounts';
import { watchLayoutShifts } from './support/layout-shifts';

/** docs/design.md, as a visitor sees it: the grid, the testimonials, the hero and the typeface. */

const boxes = async (items: Locator) =>
  Promise.all((await items.all()).map(async (item) => (await item.boundingBox())!));

/** How many items share each row, top to bottom (items whose tops are within 2 px). */
async function rowLengths(items: Locator) {
  const rows = new Map<number, number>();
  for (const box of await boxes(items)) {
    const top = [...rows.keys()].find((y) => Math.abs(y - box.y) <= 2) ?? box.y;
    rows.set(top, (rows.get(top) ?? 0) + 1);
  }
  return [...rows.entries()].sort(([a], [b]) => a - b).map(([, count]) => count);
}

async function openHome(page: Page, width: number) {
  await page.setViewportSize({ width, height: 900 });
  await page.goto('/');
  await expect(page.getByTestId('tool-card').first()).toBeVisible();
}

for (const [width, perRow] of [
  [360, 2],
  [768, 3],
  [1280, 4],
] as const) {
  test(`at ${width} px the tools are ${perRow} to a row, with square pictures and aligned buttons`, async ({
    page,
  }) => {
    await openHome(page, width);
    const cards = page.getByTestId('tool-card');
    const rows = await rowLengths(cards);
    expect(rows[0]).toBe(perRow);
    expect(rows.slice(0, -1).every((length) => length === perRow)).toBe(true);
    for (const box of await boxes(cards.locator('figure'))) {
      expect(Math.abs(box.width - box.height)).toBeLessThanOrEqual(1);
    }
    // "Order Now" of a row's cards on one line, whatever the length of their names.
    const buttons = await boxes(page.getByRole('link', { name: /^Order Now:/ }));
    expect(new Set(buttons.slice(0, perRow).map((box) => Math.round(box.y))).size).toBe(1);
  });
}

for (const width of [768, 1280]) {
  test(`at ${width} px no testimonial is left alone on the last row`, async ({ page }) => {
    await openHome(page, width);
    const reviews = page.getByTestId('review');
    await reviews.first().scrollIntoViewIfNeeded();
    await expect(reviews.first()).toBeVisible();
    const rows = await rowLengths(reviews);
    const list = (await page.getByTestId('review').first().locator('..').boundingBox())!;
    const last = (await reviews.last().boundingBox())!;
    // Alone only when it spans the whole row.
    expect(rows.at(-1)! > 1 || Math.abs(last.width - list.width) <= 1, `rows ${rows}`).toBe(true);
  });
}

test("a signed-in customer's navbar keeps the shop's name whole at 360 px and stays inside the page at 1024 and 1280 px", async ({
  page,
  baseURL,
}) => {
  await page.setViewportSize({ width: 360, height: 800 });
  await signInAsNewCustomer(page, baseURL!, 'Alexandra Montgomery-Smith');
  await page.goto('/');
  const account = page.getByRole('button', { name: /Alexandra Montgomery-Smith/ });
  await expect(account).toBeVisible();
  const name = page.getByRole('link', { name: 'Laptop Parts Shop' }).locator('span');
  // Whole (not cut short with an ellipsis), and clear of the cart's button.
  expect(await name.evaluate((span) => span.scrollWidth <= span.clientWidth)).toBe(true);
  const cart = (await page.getByRole('link', { name: /^Cart/ }).boundingBox())!;
  const title = (await name.boundingBox())!;
  expect(cart.x - (title.x + title.width)).toBeGreaterThanOrEqual(4);
  for (const width of [1024, 1280]) {
    await page.setViewportSize({ width, height: 800 });
    const box = (await account.boundingBox())!;
    expect(box.x + box.width, `${width} px`).toBeLessThanOrEqual(width - 16);
  }
});

test('the hero lines up with the content', async ({ page }) => {
  await openHome(page, 1280);
  const heading = (await page.getByRole('heading', { level: 1 }).boundingBox())!;
  const logo = (await page.getByRole('link', { name: 'Laptop Parts Shop' }).boundingBox())!;
  const firstCard = (await page.getByTestId('tool-card').first().boundingBox())!;
  expect(Math.abs(heading.x - logo.x)).toBeLessThanOrEqual(1);
  expect(Math.abs(heading.x - firstCard.x)).toBeLessThanOrEqual(1);
});

for (const [path, loaded] of [
  ['/', 'tool-card'],
  ['/blogs', null],
  ['/login', null],
] as const) {
  for (const width of [412, 1280]) {
    test(`nothing on ${path} shifts while it loads and hydrates (${width} px)`, async ({
      page,
    }) => {
      await page.setViewportSize({ width, height: 900 });
      const shifts = await watchLayoutShifts(page);
      // As busy as a CI machine: slow enough that a browser would paint a half-parsed page.
      const cdp = await page.context().newCDPSession(page);
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: 6 });
      await page.goto(path);
      if (loaded) await expect(page.getByTestId(loaded).first()).toBeVisible();
      // Hydrated: the sign-in buttons (on /login) and the lists come from the API.
      await page.waitForLoadState('networkidle');
      if (path === '/login')
        await expect(page.getByRole('button', { name: 'Continue with Google' })).toBeVisible();
      expect(await shifts()).toBe(0);
    });
  }
}

test('a prerendered page is painted only once all of it is parsed', async ({ request }) => {
  for (const path of ['/', '/blogs', '/login']) {
    const html = await (await request.get(path)).text();
    const head = html.slice(0, html.indexOf('</head>'));
    expect(head, path).toContain('<link rel="expect" href="#root-end" blocking="render" />');
    // The mark comes after the rendered screen, right before the body ends.
    expect(html.indexOf('<div id="root-end" hidden></div>'), path).toBeGreaterThan(
      html.lastIndexOf('</footer>'),
    );
  }
});

test('the shop speaks in its own typeface, preloaded with the page', async ({ page }) => {
  const response = await page.request.get('/');
  const html = await response.text();
  const preload =
    /<link rel="preload" href="(\/assets\/plus-jakarta-sans-[^"]+\.woff2)" as="font"/.exec(html);
  expect(preload, 'the font preload in the page').not.toBeNull();
  expect((await page.request.get(preload![1]!)).status()).toBe(200);

  await page.goto('/');
  await page.reload(); // cached now, so `font-display: optional` uses it at once
  await expect(page.getByTestId('tool-card').first()).toBeVisible();
  const used = await page.evaluate(async () => {
    await document.fonts.ready;
    return [...document.fonts].some(
      (font) => font.family.includes('Plus Jakarta Sans') && font.status === 'loaded',
    );
  });
  expect(used).toBe(true);
  expect(await page.locator('body').evaluate((body) => getComputedStyle(body).fontFamily)).toMatch(
    /^"Plus Jakarta Sans Variable"/,
  );
});
