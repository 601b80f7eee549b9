import { robotsTxt } from '@shop/shared';
import { describe, expect, it } from 'vitest';
import { paths } from './paths';

/** robots.txt as the API serves it (shared `robotsTxt`, with the shop's PUBLIC_URL). */
const served = robotsTxt('https://shop.example')
  .split('\n')
  .map((line) => line.replace(/#.*/, '').trim());

/** The rules for every crawler: what each `Disallow` line starts. */
function disallowed(): string[] {
  expect(served).toContain('User-agent: *');
  return served.filter((line) => line.startsWith('Disallow:')).map((line) => line.slice(9).trim());
}

/** How a crawler reads the rules: a path is kept out when a rule is a prefix of it. */
const keptOut = (urlPath: string) => disallowed().some((rule) => urlPath.startsWith(rule));

describe('robots.txt', () => {
  it.each([
    paths.dashboard.root,
    paths.dashboard.orders,
    paths.dashboard.order('3f1c'),
    paths.dashboard.manageTools,
    paths.cart,
    paths.checkout,
    paths.purchase('3f1c', '2026-12-01'),
    paths.login,
    paths.register,
    paths.forgotPassword,
    `${paths.resetPassword}?token=abc`,
    paths.devOutbox,
    paths.searchFor('t480 battery'),
    '/api/tools',
    '/api/openapi.json',
  ])('keeps crawlers out of %s', (urlPath) => {
    expect(keptOut(urlPath)).toBe(true);
  });

  it.each([
    paths.home,
    paths.blogs,
    paths.portfolio,
    paths.laptop('lenovo-thinkpad-t480'),
    '/parts/t480-battery-24wh-lps100011',
    '/sitemap.xml',
    '/sitemap-parts.xml?page=2',
    '/images/tools/laptop-battery.svg',
    '/assets/index-abc123.js',
  ])('lets crawlers read %s', (urlPath) => {
    expect(keptOut(urlPath)).toBe(false);
  });

  it('names the sitemap index by its absolute address, once', () => {
    expect(served.filter((line) => line.startsWith('Sitemap:'))).toEqual([
      'Sitemap: https://shop.example/sitemap.xml',
    ]);
  });
});
