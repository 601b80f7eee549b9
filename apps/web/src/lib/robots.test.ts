import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { paths } from './paths';

/** The rules of `public/robots.txt` for every crawler: what each `Disallow` line starts. */
function disallowed(): string[] {
  const text = fs.readFileSync(path.join(__dirname, '../../public/robots.txt'), 'utf8');
  const lines = text.split('\n').map((line) => line.replace(/#.*/, '').trim());
  expect(lines).toContain('User-agent: *');
  return lines.filter((line) => line.startsWith('Disallow:')).map((line) => line.slice(9).trim());
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
    '/images/tools/laptop-battery.svg',
    '/assets/index-abc123.js',
  ])('lets crawlers read %s', (urlPath) => {
    expect(keptOut(urlPath)).toBe(false);
  });
});
