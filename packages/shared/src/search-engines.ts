/**
 * What search engines are told (issue 34): the public pages' paths the API lists in the sitemap,
 * and robots.txt. Here because both apps read them: the API serves them with the shop's
 * `PUBLIC_URL`, known only at run time, and the web app's tests check them against its
 * `lib/paths.ts` (which imports nothing, so it cannot import these).
 */

/** The public pages with a path of their own: home, blogs, portfolio (web `lib/paths.ts`). */
export const FIXED_PUBLIC_PAGES = ['/', '/blogs', '/portfolio'] as const;

/** A part's public page; its slug is `partSlug(name, sku)`. */
export const partPage = (slug: string) => `/parts/${encodeURIComponent(slug)}`;

/** A laptop model's public page (web `paths.laptop`). */
export const laptopPage = (slug: string) => `/laptops/${encodeURIComponent(slug)}`;

/** The sitemap index (sitemaps.org), which robots.txt names. */
export const SITEMAP_PATH = '/sitemap.xml';

/**
 * What every crawler is kept out of, each a prefix of the paths it covers: the API, the
 * dashboard, the cart, checkout, the signed-in purchase form (`/tools/...`), the account pages,
 * the development outbox and search results, whose queries make an endless number of pages.
 */
export const ROBOTS_DISALLOWED = [
  '/api/',
  '/dashboard',
  '/cart',
  '/checkout',
  '/tools/',
  '/login',
  '/register',
  '/forgot-password',
  '/reset-password',
  '/dev/',
  '/search',
] as const;

/** robots.txt for the shop at `publicUrl` (no trailing slash): the rules, then the sitemap. */
export const robotsTxt = (publicUrl: string) =>
  [
    'User-agent: *',
    ...ROBOTS_DISALLOWED.map((prefix) => `Disallow: ${prefix}`),
    '',
    `Sitemap: ${publicUrl}${SITEMAP_PATH}`,
    '',
  ].join('\n');
