import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';

/** The public pages the build renders ahead of time, with a heading and a text of each. */
const PAGES = [
  {
    path: '/',
    heading: 'Get Your Laptop Parts Here',
    text: 'We are supplying laptop parts all over the world. You can buy any types of parts in retail price here.',
  },
  {
    path: '/blogs',
    heading: 'Blogs',
    text: 'How will you improve the performance of a React application?',
  },
  { path: '/login', heading: 'Login', text: 'New to the shop?' },
];

test.describe('with JavaScript off', () => {
  test.use({ javaScriptEnabled: false });

  for (const { path, heading, text } of PAGES) {
    test(`${path} shows its heading and text`, async ({ page }) => {
      await page.goto(path);
      await expect(page.getByRole('heading', { name: heading, level: 1 })).toBeVisible();
      await expect(page.getByText(text)).toBeVisible();
      await expect(page.getByRole('navigation').first()).toBeVisible();
      await expect(page.getByRole('contentinfo')).toBeVisible();
    });
  }
});

/** Chromium's first contentful paint of the page now open, in milliseconds. */
const firstContentfulPaint = (page: Page) =>
  page.evaluate(
    () =>
      new Promise<number>((resolve) => {
        new PerformanceObserver((list) => {
          const entry = list.getEntriesByName('first-contentful-paint')[0];
          if (entry) resolve(entry.startTime);
        }).observe({ type: 'paint', buffered: true });
      }),
  );

test.describe('on slow 3G (400 kbps, 400 ms round trip)', () => {
  for (const { path, heading } of PAGES) {
    test(`${path} paints its content within 3 s`, async ({ page }) => {
      const network = await page.context().newCDPSession(page);
      await network.send('Network.enable');
      await network.send('Network.setCacheDisabled', { cacheDisabled: true });
      await network.send('Network.emulateNetworkConditions', {
        offline: false,
        latency: 400,
        downloadThroughput: (400 * 1000) / 8,
        uploadThroughput: (400 * 1000) / 8,
      });
      await page.goto(path, { waitUntil: 'commit' });
      const paintedAt = await firstContentfulPaint(page);
      await expect(page.getByRole('heading', { name: heading, level: 1 })).toBeVisible();
      expect(paintedAt).toBeLessThanOrEqual(3000);
    });
  }
});

test('the public pages arrive rendered and hydrate without a mismatch', async ({ page }) => {
  // The heading is in the HTML itself, before any script runs.
  const response = await page.request.get('/login');
  expect(await response.text()).toMatch(/<h1[^>]*>Login<\/h1>/);
  // React takes each page over; a mismatch is a console error, which fails the test.
  for (const path of ['/', '/home', '/blogs', '/portfolio', '/register', '/login']) {
    await page.goto(path, { waitUntil: 'networkidle' });
  }
  // And the page works: the form validates.
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await expect(page.getByText('Email is required')).toBeVisible();
});

test('boot.js starts the entry and every screen chunk the page lists, a few per task', async ({
  page,
}) => {
  await page.goto('/login', { waitUntil: 'networkidle' });
  const { listed, preloaded, entry, started } = await page.evaluate(() => {
    const boot = document.querySelector<HTMLScriptElement>('script[data-entry]');
    return {
      listed: (boot?.dataset.preload ?? '').split(' ').filter(Boolean),
      preloaded: [...document.querySelectorAll<HTMLLinkElement>('link[rel=modulepreload]')].map(
        (link) => new URL(link.href).pathname,
      ),
      entry: boot?.dataset.entry,
      started: [...document.querySelectorAll<HTMLScriptElement>('script[type=module]')].map(
        (script) => new URL(script.src).pathname,
      ),
    };
  });
  expect(listed.length).toBeGreaterThan(4);
  expect(preloaded).toEqual(listed);
  expect(started).toContain(entry);
});
