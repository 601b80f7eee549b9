import type { Locator, Page } from '@playwright/test';
import { shopToday } from '@shop/shared';
import { expect, test } from './fixtures';

const today = () => new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' }).format(new Date());

/** Brings a lazily loaded home section into view, so its code loads. */
async function scrollToSection(page: Page, title: string) {
  const heading = page.getByRole('heading', { name: title, level: 2 });
  await heading.scrollIntoViewIfNeeded();
  return heading;
}

/** The index (0-based) of the carousel's active slide. */
const activeSlide = (slides: Locator) =>
  slides.evaluateAll((elements) =>
    elements.findIndex((element) => element.classList.contains('swiper-slide-active')),
  );

test.describe('home page', () => {
  test('the hero says what the shop is and "Show Me" scrolls to the tools', async ({ page }) => {
    await page.goto('/');
    await expect(
      page.getByRole('heading', { name: 'Get Your Laptop Parts Here', level: 1 }),
    ).toBeVisible();
    await expect(
      page.getByText(
        'We are supplying laptop parts all over the world. You can buy any types of parts in retail price here.',
      ),
    ).toBeVisible();
    await expect(page.getByTestId('tool-card').first()).toBeVisible();
    const tools = page.locator('#ourTools');
    const top = async () => (await tools.boundingBox())?.y ?? Number.NaN;
    expect(await top()).toBeGreaterThan(300);

    await page.getByRole('link', { name: 'Show Me' }).click();
    await expect(page).toHaveURL(/#ourTools$/);
    // The section's top comes up under the sticky navigation bar.
    await expect.poll(top).toBeLessThan(150);
    await expect(tools).toBeInViewport();
    await expect(page.getByRole('heading', { name: 'Tools We Provide' })).toBeInViewport();
  });

  test('tool cards show every field of a tool and today as the order date', async ({ page }) => {
    await page.goto('/');
    const cards = page.getByTestId('tool-card');
    await expect(cards.first()).toBeVisible();
    expect(await cards.count()).toBeGreaterThanOrEqual(8);

    const first = cards.first();
    await expect(first.getByRole('heading', { name: 'NVMe SSD 1TB M.2' })).toBeVisible();
    await expect(first.getByRole('img', { name: 'NVMe SSD 1TB M.2' })).toBeVisible();
    await expect(first).toContainText('M.2 2280 PCIe 3.0 x4 solid-state drive');
    await expect(first).toContainText(/Minimum order\s*2/);
    await expect(first).toContainText(/Available\s*140/);
    await expect(first).toContainText(/Price per unit\s*\$ 64\.99/);
    await expect(first).toContainText(`Order Date${today()}`);
    for (const card of await cards.all()) {
      await expect(card).toContainText(today());
      await expect(card.getByRole('link', { name: /^Order Now: / })).toBeVisible();
    }
    await expect(page.getByRole('link', { name: 'Order Now: NVMe SSD 1TB M.2' })).toHaveAttribute(
      'href',
      /^\/tools\/[0-9a-f-]{36}$/,
    );
  });

  test('the search finds tools by part of their name on the server, debounced', async ({
    page,
  }) => {
    const searches: string[] = [];
    page.on('request', (request) => {
      const url = new URL(request.url());
      if (url.pathname === '/api/tools' && url.searchParams.has('search'))
        searches.push(url.searchParams.get('search') ?? '');
    });
    await page.goto('/');
    const cards = page.getByTestId('tool-card');
    await expect(cards.first()).toBeVisible();
    const all = await cards.count();

    const search = page.getByRole('search', { name: 'Tools' });
    const box = search.getByRole('searchbox', { name: 'Search tools by name' });
    await box.pressSequentially('1tb m', { delay: 40 });
    await expect(cards).toHaveCount(1);
    await expect(cards.first().getByRole('heading')).toHaveText('NVMe SSD 1TB M.2');
    await expect(page.getByRole('status').filter({ hasText: 'match' })).toHaveText(
      '1 tool matches "1tb m".',
    );
    // One request for the whole word: the typing was debounced.
    expect(searches).toEqual(['1tb m']);

    await box.fill('xyz');
    await expect(page.getByText('No tools match "xyz".')).toBeVisible();
    await expect(cards).toHaveCount(0);

    await page.getByRole('button', { name: 'Show all tools' }).click();
    await expect(box).toHaveValue('');
    await expect(box).toBeFocused();
    await expect(cards).toHaveCount(all);

    // Enter searches at once.
    await box.fill('56Wh');
    await box.press('Enter');
    await expect(cards).toHaveCount(1);
    await expect(cards.first().getByRole('heading')).toHaveText('6-Cell Battery 56Wh');
  });

  test('the business summary shows four figures with images', async ({ page }) => {
    await page.goto('/');
    await scrollToSection(page, 'Circulation of Our Business');
    await expect(page.getByText('Our Business', { exact: true })).toBeVisible();
    const items = page.getByTestId('summary-item');
    await expect(items).toHaveCount(4);
    await expect(items.first()).toContainText('12,500');
    await expect(items.first()).toContainText('Happy customers');
    for (const item of await items.all()) {
      await expect(item.locator('img')).toHaveAttribute('src', /^\/images\/summary\//);
      await expect(item).toContainText(/\d/);
    }
  });

  test('the testimonials show reviews with headline, quote, avatar, name and location', async ({
    page,
  }) => {
    await page.goto('/');
    await scrollToSection(page, 'What Our Clients Says');
    const reviews = page.getByTestId('review');
    await expect(reviews.first()).toBeVisible();
    expect(await reviews.count()).toBeGreaterThanOrEqual(4);
    const amelia = reviews.filter({ hasText: 'Amelia Hart' });
    await expect(amelia).toContainText('Austin, USA');
    await expect(amelia.getByRole('heading', { name: 'NVMe SSD 1TB M.2' })).toBeVisible();
    await expect(amelia.locator('blockquote')).toHaveText(/^“My five-year-old laptop.*”$/);
    for (const review of await reviews.all()) {
      await expect(review.locator('img')).toHaveAttribute('src', /^\/images\/avatars\//);
      await expect(review.locator('figcaption p')).toHaveCount(2);
    }
  });

  test('the warehouse carousel loads when it nears the viewport', async ({ page }) => {
    const chunks: string[] = [];
    page.on('request', (request) => chunks.push(request.url()));
    await page.goto('/');
    await expect(page.getByTestId('tool-card').first()).toBeVisible();
    await page.waitForLoadState('networkidle');
    expect(chunks.filter((url) => /warehouse-carousel|moto-calendar/.test(url))).toEqual([]);

    await scrollToSection(page, 'Our Warehouse');
    await expect(page.getByTestId('warehouse-slide')).toHaveCount(9);
    expect(chunks.some((url) => url.includes('warehouse-carousel'))).toBe(true);
  });

  test('the warehouse carousel: nine slides, three in view, arrows, bullets, autoplay', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto('/');
    await scrollToSection(page, 'Our Warehouse');
    const slides = page.getByTestId('warehouse-slide');
    await expect(slides).toHaveCount(9);
    for (const [index, place] of ['California', 'Dhaka', 'Canada'].entries()) {
      await expect(slides.nth(index).getByRole('img')).toHaveAttribute(
        'alt',
        `Our warehouse in ${place}`,
      );
    }
    await expect(page.getByRole('img', { name: 'Our warehouse in Dhaka' })).toHaveCount(3);

    // Autoplay moves on by itself.
    await expect.poll(() => activeSlide(slides), { timeout: 10_000 }).toBeGreaterThan(0);

    // Pause, so the rest is deterministic.
    await page.getByRole('button', { name: 'Pause the slideshow' }).click();
    await expect(page.getByRole('button', { name: 'Play the slideshow' })).toBeVisible();

    await page.getByRole('button', { name: 'Go to slide 1', exact: true }).click();
    await expect.poll(() => activeSlide(slides)).toBe(0);
    const carousel = page.locator('.warehouse-carousel .swiper');
    const fullyVisible = () =>
      carousel.evaluate((root) => {
        const box = root.getBoundingClientRect();
        return [...root.querySelectorAll('.swiper-slide')].filter((slide) => {
          const rect = slide.getBoundingClientRect();
          return rect.left >= box.left - 1 && rect.right <= box.right + 1;
        }).length;
      });
    await expect.poll(fullyVisible).toBe(3);

    await page.getByRole('button', { name: 'Next warehouse' }).click();
    await expect.poll(() => activeSlide(slides)).toBe(1);
    await page.getByRole('button', { name: 'Next warehouse' }).click();
    await expect.poll(() => activeSlide(slides)).toBe(2);
    await page.getByRole('button', { name: 'Previous warehouse' }).click();
    await expect.poll(() => activeSlide(slides)).toBe(1);

    await page.getByRole('button', { name: 'Go to slide 5', exact: true }).click();
    await expect.poll(() => activeSlide(slides)).toBe(4);
    await expect(page.getByRole('button', { name: 'Go to slide 5', exact: true })).toHaveAttribute(
      'aria-current',
      'true',
    );
    await expect.poll(fullyVisible).toBe(3);
  });

  test('a date picked in Our Moto travels with "Order Now"; past days are disabled', async ({
    page,
  }) => {
    await page.goto('/');
    await scrollToSection(page, 'Our Moto');
    await expect(page.getByText('We believe in service.')).toBeVisible();
    await expect(page.getByText(/within 7 days/)).toBeVisible();

    const calendar = page.getByRole('grid');
    await expect(calendar).toBeVisible();
    await expect(page.getByRole('button', { name: 'Go to the Previous Month' })).toBeDisabled();
    const now = new Date();
    const isoDay = (date: Date) =>
      `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}-${String(date.getDate()).padStart(2, '0')}`;
    // The calendar starts at the shop's today (UTC), whatever this machine's time zone.
    const firstDay = shopToday(now);
    await expect(calendar.locator(`[data-day="${firstDay}"] button`)).toBeEnabled();
    const dayBefore = shopToday(new Date(now.getTime() - 24 * 60 * 60 * 1000));
    if (dayBefore.slice(0, 7) === firstDay.slice(0, 7)) {
      await expect(calendar.locator(`[data-day="${dayBefore}"] button`)).toBeDisabled();
    }

    const orderNow = page.getByRole('link', { name: 'Order Now: NVMe SSD 1TB M.2' });
    await expect(orderNow).not.toHaveAttribute('href', /neededBy/);

    await page.getByRole('button', { name: 'Go to the Next Month' }).click();
    const next = new Date(now.getFullYear(), now.getMonth() + 1, 15);
    await page.getByRole('grid').getByRole('button', { name: /15th/ }).click();
    const param = isoDay(next);
    await expect(page.getByRole('status').filter({ hasText: 'Needed by' })).toContainText(
      new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' }).format(next),
    );
    await expect(orderNow).toHaveAttribute(
      'href',
      new RegExp(`^/tools/[0-9a-f-]{36}\\?neededBy=${param}$`),
    );

    await page.getByRole('button', { name: 'Clear the date' }).click();
    await expect(orderNow).not.toHaveAttribute('href', /neededBy/);
  });
});

test('the footer has its three columns, social icons and this year', async ({ page }) => {
  await page.goto('/');
  const footer = page.getByRole('contentinfo');
  const columns = {
    Services: ['Branding', 'Design', 'Marketing', 'Advertisement'],
    Company: ['About us', 'Contact', 'Jobs', 'Press kit'],
    Legal: ['Terms of use', 'Privacy policy', 'Cookie policy'],
  };
  for (const [title, items] of Object.entries(columns)) {
    const column = footer.getByRole('region', { name: title });
    await expect(column.getByRole('heading', { name: title })).toBeVisible();
    await expect(column.getByRole('listitem')).toHaveText(items);
  }
  for (const name of ['X (Twitter)', 'YouTube', 'Facebook'])
    await expect(footer.getByRole('img', { name })).toBeVisible();
  // docs/product.md: the footer's items have no targets, so none is a dead link or button.
  await expect(footer.getByRole('link')).toHaveCount(0);
  await expect(footer.getByRole('button')).toHaveCount(0);
  await expect(footer).toContainText(`Copyright © ${new Date().getFullYear()}`);
});

test('the blogs page has six questions, the first open', async ({ page }) => {
  await page.goto('/blogs');
  await expect(page.getByRole('heading', { name: 'Blogs', level: 1 })).toBeVisible();
  const questions = page.getByTestId('blog-question');
  await expect(questions).toHaveCount(6);
  const expected = [
    /performance of a React application/,
    /manage a state/,
    /prototypal inheritance/,
    /unit test/,
    /setProducts/,
    /search to find products by name/,
  ];
  for (const [index, pattern] of expected.entries())
    await expect(questions.nth(index).locator('summary')).toHaveText(pattern);

  await expect(questions.nth(0)).toHaveAttribute('open', '');
  await expect(questions.nth(0)).toContainText('React DevTools Profiler');
  for (let index = 1; index < 6; index += 1)
    await expect(questions.nth(index)).not.toHaveAttribute('open');
  await expect(questions.nth(5).getByText(/ILIKE/)).toBeHidden();

  await questions.nth(5).locator('summary').click();
  await expect(questions.nth(5)).toHaveAttribute('open', '');
  await expect(questions.nth(5).getByText(/ILIKE/)).toBeVisible();

  // Keyboard: a summary is a button that Enter toggles.
  await questions.nth(2).locator('summary').focus();
  await page.keyboard.press('Enter');
  await expect(questions.nth(2)).toHaveAttribute('open', '');
});

test('the portfolio page has a bio, qualifications, skills and three sites', async ({ page }) => {
  await page.goto('/portfolio');
  await expect(page.getByRole('heading', { name: 'Portfolio', level: 1 })).toBeVisible();
  const table = page.getByRole('table');
  await expect(table.getByRole('columnheader')).toHaveText(['Degree', 'Institution', 'Year']);
  expect(await table.getByRole('row').count()).toBeGreaterThan(1);
  await expect(page.getByRole('region', { name: 'Skills' }).getByRole('listitem')).not.toHaveCount(
    0,
  );
  const sites = page.getByRole('region', { name: 'Other sites I built' }).getByRole('link');
  await expect(sites).toHaveCount(3);
  for (const site of await sites.all()) {
    await expect(site).toHaveAttribute('rel', 'noreferrer');
    await expect(site).toHaveAttribute('href', /^https:\/\//);
  }
});
