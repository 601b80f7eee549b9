import type { Browser, Page, Response } from '@playwright/test';
import { type LaptopPage, type PartPage, partSlug, type SearchResult } from '@shop/shared';
import { expect, test } from './fixtures';
import { signInAsAdmin } from './support/accounts';
import { watchLayoutShifts } from './support/layout-shifts';
import { callApi, expectAccessible, expectOnlyStatusErrors } from './support/orders';

// A part's and a laptop model's pages, as a search engine and a visitor without JavaScript get
// them: rendered by the server with the API's data (issue 34, decision 036).

test.describe.configure({ timeout: 90_000 });

async function getApi<T>(page: Page, path: string) {
  const { status, body } = await callApi<T>(page, 'GET', path);
  expect(status, path).toBe(200);
  return body;
}

/** A battery in stock, with the laptops it fits, and its page's address. */
async function partInStock(page: Page) {
  await page.goto('/search?q=battery');
  const found = await getApi<SearchResult>(page, '/api/search?q=battery&inStock=true');
  const part = found.items.find((item) => item.fits.count > 0);
  if (!part) throw new Error('no battery in stock fits a laptop');
  const slug = partSlug(part.name, part.sku);
  return { part, slug, api: await getApi<PartPage>(page, `/api/parts/${slug}`) };
}

/** The JSON-LD the pages carry, as the tests read it. */
interface StructuredData {
  Product: Record<string, unknown> & {
    mpn?: string;
    offers: { availability: string; itemCondition: string };
    isAccessoryOrSparePartFor: unknown[];
  };
  BreadcrumbList: { itemListElement: { name: string; item: string }[] };
}

/** The page's structured data, by type, as a search engine parses it. */
const structuredData = async (page: Page) =>
  (await page.locator('script[type="application/ld+json"]').evaluateAll((scripts) =>
    Object.fromEntries(
      scripts.map((script) => {
        const data = JSON.parse(script.textContent ?? '') as { '@type': string };
        return [data['@type'], data];
      }),
    ),
  )) as unknown as StructuredData;

/** A visitor whose browser runs no script: what the server sent is all there is. */
async function withoutJavaScript(browser: Browser, baseURL: string) {
  const context = await browser.newContext({ baseURL, javaScriptEnabled: false });
  return context.newPage();
}

test("with JavaScript off, a part's page shows its title, price and stock, and its Product data is the API's", async ({
  page,
  browser,
  baseURL,
}) => {
  const { slug, api } = await partInStock(page);
  const plain = await withoutJavaScript(browser, baseURL!);
  try {
    const response = await plain.goto(`/parts/${slug}`);
    expect(response?.status()).toBe(200);
    expect(response?.headers()['cache-control']).toBe('public, no-cache');
    expect(response?.headers()['etag']).toMatch(/^".+"$/);
    // The page, its head and its data name the part by its full title (issue 49).
    await expect(plain.getByRole('heading', { level: 1 })).toHaveText(api.part.title);
    await expect(plain.getByTestId('price')).toHaveText(`$ ${api.part.price.toFixed(2)}`);
    await expect(plain.getByTestId('stock')).toHaveText('In stock');
    await expect(plain).toHaveTitle(`${api.part.title} | Laptop Parts Shop`);
    const url = `${baseURL}/parts/${slug}`;
    await expect(plain.locator('link[rel="canonical"]')).toHaveAttribute('href', url);
    await expect(plain.locator('meta[property="og:image"]')).toHaveAttribute(
      'content',
      new URL(api.part.img, baseURL).href,
    );
    // Every laptop it fits is a link to its page.
    for (const model of api.fits) {
      await expect(
        plain.getByRole('link', { name: `${model.brand} ${model.name}`, exact: true }),
      ).toHaveAttribute('href', `/laptops/${model.slug}`);
    }

    const { Product: product, BreadcrumbList: breadcrumbs } = await structuredData(plain);
    const mpn = api.part.partNumbers.find((number) => number.kind === 'mpn');
    expect(product).toMatchObject({
      name: api.part.title,
      description: api.part.description,
      image: [new URL(api.part.img, baseURL).href],
      sku: api.part.sku,
      brand: { '@type': 'Brand', name: api.part.brand },
      offers: {
        '@type': 'Offer',
        url,
        price: api.part.price.toFixed(2),
        priceCurrency: 'USD',
        availability: 'https://schema.org/InStock',
      },
    });
    expect(product.mpn).toBe(mpn?.number);
    expect(product.offers.itemCondition).toMatch(/^https:\/\/schema\.org\/\w+Condition$/);
    expect(product.isAccessoryOrSparePartFor).toEqual(
      api.fits.map((model) => ({
        '@type': 'Product',
        name: `${model.brand} ${model.name}`,
        url: `${baseURL}/laptops/${model.slug}`,
      })),
    );
    expect(breadcrumbs.itemListElement.at(-1)).toMatchObject({ name: api.part.title, item: url });
  } finally {
    await plain.context().close();
  }
});

test("with JavaScript off, a part's page shows the reviews that name it", async ({
  page,
  browser,
  baseURL,
}) => {
  await page.goto('/');
  // The demo catalogue's battery, which a demo review names.
  const found = await getApi<SearchResult>(page, '/api/search?q=6-Cell%20Battery%2056Wh');
  const part = found.items.find((item) => item.name === '6-Cell Battery 56Wh');
  if (!part) throw new Error('no demo battery');
  const api = await getApi<PartPage>(page, `/api/parts/${partSlug(part.name, part.sku)}`);
  expect(api.reviews.length).toBeGreaterThan(0);
  const plain = await withoutJavaScript(browser, baseURL!);
  try {
    await plain.goto(`/parts/${api.slug}`);
    const reviews = plain.getByRole('region', { name: 'Reviews' }).getByTestId('part-review');
    await expect(reviews).toHaveCount(api.reviews.length);
    for (const [index, review] of api.reviews.entries()) {
      await expect(reviews.nth(index)).toContainText(review.description);
      await expect(reviews.nth(index)).toContainText(review.name);
    }
  } finally {
    await plain.context().close();
  }
});

test("a part's page says Out of stock on the next request after an admin sets its stock to 0", async ({
  page,
  browser,
  baseURL,
}) => {
  const { part, slug } = await partInStock(page);
  const admin = await (await browser.newContext({ baseURL })).newPage();
  await signInAsAdmin(admin, baseURL!);
  const plain = await withoutJavaScript(browser, baseURL!);
  try {
    await plain.goto(`/parts/${slug}`);
    await expect(plain.getByTestId('stock')).toHaveText('In stock');
    // Asked for as a crawler or a CDN asks (not conditionally): the shop keeps a copy of it.
    const asked = async () => (await plain.request.get(`/parts/${slug}`)).text();
    for (let time = 0; time < 2; time++) expect(await asked()).toContain('>In stock<');
    const emptied = await callApi(admin, 'PATCH', `/api/tools/${part._id}`, {
      availableQuantity: 0,
    });
    expect(emptied.status, JSON.stringify(emptied.body)).toBe(200);
    expect(await asked()).toContain('>Out of stock<');
    await plain.reload();
    await expect(plain.getByTestId('stock')).toHaveText('Out of stock');
    expect((await structuredData(plain)).Product.offers.availability).toBe(
      'https://schema.org/OutOfStock',
    );
  } finally {
    await callApi(admin, 'PATCH', `/api/tools/${part._id}`, {
      availableQuantity: part.availableQuantity,
    });
    await plain.context().close();
    await admin.context().close();
  }
});

test("with JavaScript off, a laptop model's page lists its parts with their prices, and names the model", async ({
  page,
  browser,
  baseURL,
}) => {
  await page.goto('/');
  const laptop = await getApi<LaptopPage>(page, '/api/laptops/lenovo-thinkpad-t480');
  const plain = await withoutJavaScript(browser, baseURL!);
  try {
    const response = await plain.goto('/laptops/lenovo-thinkpad-t480');
    expect(response?.status()).toBe(200);
    await expect(plain.getByRole('heading', { level: 1 })).toHaveText(
      'Parts for Lenovo ThinkPad T480',
    );
    await expect(plain).toHaveTitle('Parts for Lenovo ThinkPad T480 | Laptop Parts Shop');
    const parts = laptop.groups.flatMap((group) => group.items);
    await expect(plain.getByTestId('part-card')).toHaveCount(parts.length);
    const first = plain.getByTestId('part-card').first();
    await expect(first.getByTestId('price')).toHaveText(`$ ${parts[0]!.price.toFixed(2)}`);
    // The card names the part by its full title (the name when it has none).
    await expect(first.getByRole('link', { name: parts[0]!.title, exact: true })).toHaveAttribute(
      'href',
      `/parts/${partSlug(parts[0]!.name, parts[0]!.sku)}`,
    );
    await expect(plain.locator('link[rel="canonical"]')).toHaveAttribute(
      'href',
      `${baseURL}/laptops/lenovo-thinkpad-t480`,
    );
    const { BreadcrumbList: breadcrumbs } = await structuredData(plain);
    expect(breadcrumbs.itemListElement.map((step) => step.name)).toEqual([
      'Home',
      'Lenovo',
      'ThinkPad T-series',
      'ThinkPad T480',
    ]);
  } finally {
    await plain.context().close();
  }
});

test("a part's and a model's page hydrate without a layout shift, and their buttons work", async ({
  page,
  consoleErrors,
}) => {
  const { slug, api } = await partInStock(page);
  await page.setViewportSize({ width: 412, height: 915 });
  const shifts = await watchLayoutShifts(page);
  for (const path of [`/parts/${slug}`, '/laptops/lenovo-thinkpad-t480']) {
    for (const width of [412, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      // No request for the page's data: it came with the page.
      const asked: string[] = [];
      const listen = (request: { url: () => string }) => {
        if (/\/api\/(parts|laptops)\//.test(request.url())) asked.push(request.url());
      };
      page.on('request', listen);
      await page.goto(path, { waitUntil: 'networkidle' });
      await page.waitForTimeout(500);
      page.off('request', listen);
      expect(asked, path).toEqual([]);
      expect(await shifts(), `${path} at ${width} px`).toBe(0);
    }
  }
  await page.goto(`/parts/${slug}`, { waitUntil: 'networkidle' });
  await expectAccessible(page);
  await page.getByRole('button', { name: 'Add to cart' }).click();
  await expect(page.getByRole('link', { name: 'View cart' })).toBeVisible();
  await page.getByRole('link', { name: `Order Now: ${api.part.name}` }).click();
  await expect(page).toHaveURL(/\/login/);
  expect(consoleErrors).toEqual([]);
});

test("a part's and a model's page load no schema library: they show, they take no input", async ({
  page,
}) => {
  const { slug } = await partInStock(page);
  for (const path of [`/parts/${slug}`, '/laptops/lenovo-thinkpad-t480']) {
    const scripts: string[] = [];
    const listen = (response: Response) => {
      if (response.request().resourceType() === 'script') scripts.push(response.url());
    };
    page.on('response', listen);
    await page.goto(path, { waitUntil: 'networkidle' });
    page.off('response', listen);
    expect(scripts.length, path).toBeGreaterThan(4);
    // Read again by URL: the browser may drop a response's body once the page has used it
    // ("No resource with given identifier found"), which failed this test on a loaded machine.
    const withZod = await Promise.all(
      scripts.map(async (url) =>
        (await (await page.request.get(url)).text()).includes('ZodError') ? url : '',
      ),
    );
    // zod (about 22 KB compressed) is for the forms; evaluated here, it is main-thread time
    // before the page answers (Lighthouse's total blocking time).
    expect(withZod.filter(Boolean), path).toEqual([]);
  }
});

test('an old address of a part moves to its page for good; an unknown one is missing and kept out of the index', async ({
  page,
  consoleErrors,
}) => {
  const { slug, api } = await partInStock(page);
  const sku = slug.split('-').at(-1)!;
  const moved = await page.request.get(`/parts/an-old-name-${sku}`, { maxRedirects: 0 });
  expect(moved.status()).toBe(301);
  expect(moved.headers()['location']).toBe(`/parts/${slug}`);

  const missing = await page.goto('/parts/no-such-part-zz0000000');
  expect(missing?.status()).toBe(404);
  expect(missing?.headers()['x-robots-tag']).toBe('noindex');
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex');
  await expect(page.getByRole('heading', { level: 1, name: 'Part not found' })).toBeVisible();
  await page.getByRole('link', { name: 'Search the parts' }).click();
  await expect(page).toHaveURL('/search');
  expect(api.slug).toBe(slug);
  expectOnlyStatusErrors(consoleErrors, [404]);
});

test('a page the server sends whole opens at its top, wherever the last page was left', async ({
  page,
}) => {
  await page.setViewportSize({ width: 360, height: 800 });
  await page.goto('/', { waitUntil: 'networkidle' });
  await page.evaluate(() => window.scrollTo(0, 600));
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(500);
  await page.goto('/laptops/lenovo-thinkpad-t480', { waitUntil: 'networkidle' });
  expect(await page.evaluate(() => window.scrollY)).toBe(0);
});

test('every address the sitemap lists answers 200 with a canonical address equal to itself', async ({
  request,
  baseURL,
}) => {
  const locs = async (path: string) => {
    const response = await request.get(path);
    expect(response.status(), path).toBe(200);
    return [...(await response.text()).matchAll(/<loc>([^<]+)<\/loc>/g)].map(([, loc]) =>
      loc!.replace(/&amp;/g, '&'),
    );
  };
  const sitemaps = await locs('/sitemap.xml');
  expect(sitemaps.length).toBeGreaterThanOrEqual(3);
  const pages = (await Promise.all(sitemaps.map(locs))).flat();
  expect(pages.some((url) => url.includes('/parts/'))).toBe(true);
  expect(pages.some((url) => url.includes('/laptops/'))).toBe(true);
  for (const url of pages) {
    expect(url.startsWith(`${baseURL}/`), url).toBe(true);
    const response = await request.get(url, { maxRedirects: 0 });
    expect(response.status(), url).toBe(200);
    const canonical = /<link rel="canonical" href="([^"]+)"/.exec(await response.text())?.[1];
    // The fixed pages (home, blogs, portfolio), made before the shop knows its address, name it
    // relative to themselves.
    expect(canonical && new URL(canonical, url).href, url).toBe(url);
  }
  const robots = await request.get('/robots.txt');
  expect(await robots.text()).toContain(`Sitemap: ${baseURL}/sitemap.xml`);
});
