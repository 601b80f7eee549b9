import { FIXED_PUBLIC_PAGES, PASSWORD_RESET_PAGE, laptopPage } from '@shop/shared';
import { describe, expect, it } from 'vitest';
import { paths } from './paths';

describe('paths', () => {
  it("has the reset page where the API's reset emails link to", () => {
    expect(paths.resetPassword).toBe(PASSWORD_RESET_PAGE);
  });

  it("has the public pages where the API's sitemap lists them", () => {
    expect(FIXED_PUBLIC_PAGES).toEqual([paths.home, paths.blogs, paths.portfolio]);
    expect(laptopPage('lenovo-thinkpad-t480')).toBe(paths.laptop('lenovo-thinkpad-t480'));
  });

  it('opens the search page for the words typed, trimmed and encoded, or empty', () => {
    expect(paths.searchFor('  t480 battery ')).toBe('/search?q=t480+battery');
    expect(paths.searchFor('01AV431 & co/?#')).toBe('/search?q=01AV431+%26+co%2F%3F%23');
    expect(paths.searchFor('   ')).toBe(paths.search);
    expect(paths.searchFor('')).toBe(paths.search);
  });
});
