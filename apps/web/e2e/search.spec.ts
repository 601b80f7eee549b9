import type { Locator, Page } from '@playwright/test';
import { SEARCH_PAGE_SIZE_DEFAULT, type SearchResult } from '@shop/shared';
import { expect, test } from './fixtures';
import { mainNav } from './support/accounts';
import { callApi, expectAccessible, expectOnlyStatusErrors } from './support/orders';

// The demo catalogue grows (issue 33): the tests read what they expect from the API as it is
// now, and name only the first demo tools, which stay as they are. A card is headed by its
// part's full title (issue 49), and its "Order Now" by the short name.

/** What `GET /api/search` answers for the query, asked from the page. */
async function searchApi(page: Page, query: Record<string, string> = {}) {
  const { status, body } = await callApi<SearchResult>(
    page,
    'GET',
    `/api/search?${new URLSearchParams(query)}`,
  );
  expect(status).toBe(200);
  return body;
}

/** The count the page gives as its results' heading: "37 parts for “fan”". */
const partsFound = (total: number, q = '') => {
  const parts = `${total.toLocaleString('en-US')} ${total === 1 ? 'part' : 'parts'}`;
  return q ? `${parts} for “${q}”` : parts;
};

const resultsHeading = (page: Page) =>
  page.getByRole('heading', { level: 2, name: /^[\d,]+ parts?( for “.*”)?$/ });
const cards = (page: Page) => page.getByTestId('part-card');
const onePage = (total: number) => Math.min(total, SEARCH_PAGE_SIZE_DEFAULT);

/** "$ 1,250.00" as 1250. */
const dollars = async (prices: Locator) =>
  (await prices.allTextContents()).map((text) => Number(text.replace(/[^\d.]/g, '')));

/** The searches the page asks the API for, as they are sent. */
function recordSearches(page: Page) {
  const searches: URLSearchParams[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.pathname === '/api/search') searches.push(url.searchParams);
  });
  return searches;
}

/** Words of one of the first demo tools that find more than one part. */
const QUERY = 'ssd';

test.describe('the search page', () => {
  test('a query typed in the navbar lands on /search; a part type filter lives in the URL', async ({
    page,
  }) => {
    await page.goto('/');
    const navbarBox = mainNav(page).getByRole('searchbox', { name: 'Search parts' });
    await expect(navbarBox).toHaveAttribute('placeholder', 'Part number, model or part');
    await navbarBox.fill(QUERY);
    await navbarBox.press('Enter');
    await expect(page).toHaveURL(`/search?q=${QUERY}`);

    const all = await searchApi(page, { q: QUERY });
    expect(all.total).toBeGreaterThan(1);
    await expect(resultsHeading(page)).toHaveText(partsFound(all.total, QUERY));
    await expect(cards(page)).toHaveCount(onePage(all.total));
    await expect(page.getByRole('searchbox', { name: 'Search parts' })).toHaveValue(QUERY);
    await expect(page.getByRole('radio', { name: 'All part types' })).toBeChecked();

    // The part type with the fewest parts, so choosing it changes the count when it can.
    const [facet] = [...all.facets.category].sort((a, b) => a.count - b.count);
    if (!facet) throw new Error(`"${QUERY}" finds no part type`);
    const choice = page.getByRole('radio', { name: `${facet.label} (${facet.count})` });
    // The radio follows the address: it shows as chosen once the URL has the filter.
    await choice.click();
    await expect(choice).toBeChecked();
    await expect(page).toHaveURL(`/search?q=${QUERY}&category=${facet.value}`);
    await expect(resultsHeading(page)).toHaveText(partsFound(facet.count, QUERY));
    await expect(cards(page)).toHaveCount(onePage(facet.count));
    for (const card of await cards(page).all()) await expect(card).toContainText(facet.label);
    await expect(page.getByRole('button', { name: 'Clear filters' })).toBeVisible();

    await page.reload();
    await expect(resultsHeading(page)).toHaveText(partsFound(facet.count, QUERY));
    await expect(
      page.getByRole('radio', { name: `${facet.label} (${facet.count})` }),
    ).toBeChecked();

    await page.goBack();
    await expect(page).toHaveURL(`/search?q=${QUERY}`);
    await expect(resultsHeading(page)).toHaveText(partsFound(all.total, QUERY));
    await expect(page.getByRole('radio', { name: 'All part types' })).toBeChecked();
    await expect(page.getByRole('button', { name: 'Clear filters' })).toHaveCount(0);
  });

  test('the box asks on Enter, not at each keystroke, and keeps the filters', async ({ page }) => {
    await page.goto(`/search?q=${QUERY}&inStock=true`);
    await expect(resultsHeading(page)).toBeVisible();
    const searches = recordSearches(page);
    const box = page.getByRole('searchbox', { name: 'Search parts' });
    await box.fill('');
    await box.pressSequentially('thermal', { delay: 20 });
    await page.waitForTimeout(500);
    expect(searches).toHaveLength(0);

    await box.press('Enter');
    await expect(page).toHaveURL('/search?q=thermal&inStock=true');
    await expect.poll(() => searches.map((search) => search.get('q'))).toEqual(['thermal']);
    const found = await searchApi(page, { q: 'thermal', inStock: 'true' });
    await expect(resultsHeading(page)).toHaveText(partsFound(found.total, 'thermal'));
    await expect(page.getByRole('switch', { name: 'In stock only' })).toBeChecked();
  });

  test('sorts by price, low to high, and starts again on page 1', async ({ page }) => {
    await page.goto('/search?page=2');
    const all = await searchApi(page);
    expect(all.total).toBeGreaterThan(SEARCH_PAGE_SIZE_DEFAULT);
    await expect(page.getByRole('link', { name: 'Page 2' })).toHaveAttribute(
      'aria-current',
      'page',
    );

    await page.getByLabel('Sort by').selectOption({ label: 'Price: low to high' });
    await expect(page).toHaveURL('/search?sort=price-asc');
    await expect(page.getByRole('link', { name: 'Page 1' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    const cheapest = await searchApi(page, { sort: 'price-asc' });
    await expect(cards(page).first().getByRole('heading')).toHaveText(cheapest.items[0]!.title);
    const prices = await dollars(page.getByTestId('price'));
    expect(prices).toHaveLength(SEARCH_PAGE_SIZE_DEFAULT);
    expect(prices).toEqual([...prices].sort((a, b) => a - b));

    // Next keeps the order.
    await page.getByRole('link', { name: 'Next page' }).click();
    await expect(page).toHaveURL('/search?sort=price-asc&page=2');
    await expect(resultsHeading(page)).toBeFocused();
    const secondPage = await searchApi(page, { sort: 'price-asc', page: '2' });
    await expect(cards(page).first().getByRole('heading')).toHaveText(secondPage.items[0]!.title);
    await expect(cards(page)).toHaveCount(onePage(all.total - SEARCH_PAGE_SIZE_DEFAULT));
    const next = await dollars(page.getByTestId('price'));
    expect(next[0]).toBeGreaterThanOrEqual(prices.at(-1)!);
  });

  test('nonsense finds nothing and says what to try; Clear filters drops the filters', async ({
    page,
  }) => {
    await page.goto('/search?q=qqzxv%20wwkjh&inStock=true&condition=used');
    await expect(resultsHeading(page)).toHaveText(partsFound(0, 'qqzxv wwkjh'));
    await expect(
      page.getByText(
        'No parts match “qqzxv wwkjh”. Check the part number, try your laptop model (for example T480) or fewer words.',
      ),
    ).toBeVisible();
    await expect(cards(page)).toHaveCount(0);
    // The empty state's and the filter column's.
    await page.getByRole('main').getByRole('button', { name: 'Clear filters' }).last().click();
    await expect(page).toHaveURL('/search?q=qqzxv+wwkjh');
    await expect(page.getByRole('button', { name: 'Clear filters' })).toHaveCount(0);
  });

  test('a laptop named in the words shows its banner, linking to its page', async ({ page }) => {
    await page.goto('/search');
    const all = await searchApi(page);
    const model = all.items.find((part) => part.fits.count > 0)?.fits.models[0];
    if (!model) throw new Error('no part fits a laptop model');
    const found = await searchApi(page, { q: model.name });
    expect(found.model?.slug).toBe(model.slug);

    await page.getByRole('searchbox', { name: 'Search parts' }).fill(model.name);
    await page.getByRole('searchbox', { name: 'Search parts' }).press('Enter');
    await expect(page.getByText(`Showing parts for ${model.brand} ${model.name}`)).toBeVisible();
    await expect(
      page.getByRole('link', { name: `${model.brand} ${model.name}`, exact: true }),
    ).toHaveAttribute('href', `/laptops/${model.slug}`);
  });

  test('"and N more" lists every laptop a part fits, asked for once opened', async ({ page }) => {
    await page.goto('/search');
    const all = await searchApi(page, { limit: '100' });
    const part = all.items.find((item) => item.fits.count > item.fits.models.length);
    if (!part) throw new Error('no part fits more laptops than a card names');
    const more = part.fits.count - part.fits.models.length;

    const fitsAsked = recordRequests(page, `/api/tools/${part._id}/fits`);
    await page.goto(`/search?q=${encodeURIComponent(part.sku)}`);
    const card = cards(page).filter({ has: page.getByRole('heading', { name: part.title }) });
    await expect(card).toContainText(`Fits ${part.fits.models[0]!.name}`);
    const button = card.getByRole('button', { name: `${more} more` });
    await expect(button).toHaveAttribute('aria-expanded', 'false');
    expect(fitsAsked).toHaveLength(0);

    await button.click();
    await expect(button).toHaveAttribute('aria-expanded', 'true');
    await expect(card.getByRole('listitem')).toHaveCount(part.fits.count);
    expect(fitsAsked).toHaveLength(1);
    await expect(
      card.getByRole('link', {
        name: `${part.fits.models[0]!.brand} ${part.fits.models[0]!.name}`,
      }),
    ).toHaveAttribute('href', `/laptops/${part.fits.models[0]!.slug}`);
  });

  test('a failed search says so, and Try again asks again', async ({ page, consoleErrors }) => {
    await page.route('**/api/search?*', (route) =>
      route.fulfill({
        status: 503,
        json: { error: { code: 'UNAVAILABLE', message: 'Service unavailable', requestId: 'x' } },
      }),
    );
    await page.goto(`/search?q=${QUERY}`);
    await expect(
      page.getByRole('heading', { name: 'The parts could not be loaded' }),
    ).toBeVisible();
    await page.unrouteAll();
    await page.getByRole('button', { name: 'Try again' }).click();
    await expect(resultsHeading(page)).toBeVisible();
    await expect(cards(page).first()).toBeVisible();
    expectOnlyStatusErrors(consoleErrors, [503]);
  });
});

/** The requests the page makes to one path. */
function recordRequests(page: Page, path: string) {
  const seen: string[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname === path) seen.push(request.url());
  });
  return seen;
}

test.describe('on a phone (360 px)', () => {
  test.use({ viewport: { width: 360, height: 800 } });

  test('the navbar menu holds the search box', async ({ page }) => {
    await page.goto('/');
    await mainNav(page).getByRole('button', { name: 'Open menu' }).click();
    const box = mainNav(page).getByRole('searchbox', { name: 'Search parts' });
    await box.fill(QUERY);
    await box.press('Enter');
    await expect(page).toHaveURL(`/search?q=${QUERY}`);
    await expect(resultsHeading(page)).toBeVisible();
  });

  test('the filters open in a dialog that keeps focus and closes on Escape', async ({ page }) => {
    await page.goto(`/search?q=${QUERY}`);
    const all = await searchApi(page, { q: QUERY });
    await expect(resultsHeading(page)).toHaveText(partsFound(all.total, QUERY));
    // The filter column is not shown beside the results on a phone.
    await expect(page.getByRole('radio', { name: 'All part types' })).toHaveCount(0);

    const opener = page.getByRole('button', { name: 'Filters' });
    await opener.click();
    const dialog = page.getByRole('dialog', { name: 'Filters' });
    await expect(dialog).toBeVisible();
    const [facet] = [...all.facets.category].sort((a, b) => a.count - b.count);
    if (!facet) throw new Error(`"${QUERY}" finds no part type`);
    const choice = dialog.getByRole('radio', { name: `${facet.label} (${facet.count})` });
    await choice.click();
    await expect(choice).toBeChecked();
    await expect(page).toHaveURL(`/search?q=${QUERY}&category=${facet.value}`);
    await expect(
      dialog.getByRole('button', { name: `Show ${partsFound(facet.count)}` }),
    ).toBeVisible();

    // Tab never reaches the page behind the dialog (it is inert while the dialog is open).
    for (let stop = 0; stop < 12; stop += 1) {
      await page.keyboard.press('Tab');
      const outside = await dialog.evaluate(
        (element) =>
          document.activeElement !== document.body && !element.contains(document.activeElement),
      );
      expect(outside, 'focus left the dialog for the page behind it').toBe(false);
    }
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(page.getByRole('button', { name: /^Filters/ })).toBeFocused();
    await expect(page.getByRole('button', { name: /^Filters/ })).toContainText('1');
    await expect(resultsHeading(page)).toHaveText(partsFound(facet.count, QUERY));
  });
});

for (const width of [360, 1280] as const) {
  test.describe(`axe at ${width} px`, () => {
    // Four scans, on a machine that may be busy.
    test.describe.configure({ timeout: 120_000 });
    test.use({ viewport: { width, height: 900 } });

    test('results, open lists, the filters, and nothing found', async ({ page }) => {
      await page.goto('/search');
      const all = await searchApi(page, { limit: '100' });
      const part = all.items.find((item) => item.fits.count > item.fits.models.length);
      const model = all.items.find((item) => item.fits.count > 0)?.fits.models[0];
      if (!part || !model) throw new Error('the demo parts fit no laptop');

      await page.goto(`/search?q=${encodeURIComponent(model.name)}`);
      await expect(page.getByText(/^Showing parts for/)).toBeVisible();
      await expect(cards(page).first()).toBeVisible();
      await page.waitForLoadState('networkidle');
      await expectAccessible(page, 'any');

      await page.goto(`/search?q=${encodeURIComponent(part.sku)}`);
      await cards(page).first().getByRole('button', { name: /more/ }).click();
      // The opened list's links (the card's name is a link too: its part's page).
      await expect(
        cards(page).first().getByRole('listitem').getByRole('link').first(),
      ).toBeVisible();
      await expectAccessible(page, 'any');

      if (width === 360) {
        await page.getByRole('button', { name: 'Filters' }).click();
        const dialog = page.getByRole('dialog', { name: 'Filters' });
        await expect(dialog).toBeVisible();
        await expectAccessible(page, 'any');
        await page.keyboard.press('Escape');
      }

      await page.goto('/search?q=qqzxv&inStock=true');
      await expect(page.getByText(/^No parts match/)).toBeVisible();
      await expectAccessible(page, 'any');
    });
  });
}
