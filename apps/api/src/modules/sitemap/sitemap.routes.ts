import { SITEMAP_PATH, robotsTxt } from '@shop/shared';
import { type Context, Hono } from 'hono';
import { etag } from 'hono/etag';
import { notFound } from '../../lib/errors';
import { sitemapIndexXml, sitemapXml, smallSitemapXml } from './sitemap-xml';
import { SITEMAP_FILES, type SitemapService } from './sitemap.service';

export const ROBOTS_PATH = '/robots.txt';

const XML = 'application/xml; charset=utf-8';

/** A CDN and crawlers may keep them an hour, then ask again with the ETag. */
const CACHE_CONTROL = 'public, max-age=3600';

/** A sitemap's number as `?page=` gives it: far more than any catalogue has, and no zero. */
const PAGE = /^[1-9][0-9]{0,5}$/;

const cached = (c: Context) => c.header('Cache-Control', CACHE_CONTROL);

/**
 * The sitemap index, its sitemaps and robots.txt (issue 34): pages of the web app's site, so
 * outside `/api` and its published contract, as the web app's pages are. Every URL they give
 * starts with `PUBLIC_URL`, never with the request's Host, which anyone can send. Each answer has
 * an ETag (weak: a CDN may compress it), computed from the small answers' bytes by Hono's etag,
 * and for a sitemap of parts or laptops from its rows before it is written, so a 304 costs one
 * query and no XML.
 */
export function sitemapRoutes(sitemaps: SitemapService, publicUrl: string) {
  const revalidated = etag({ weak: true });
  const listed =
    (name: 'parts' | 'laptops') =>
    async (c: Context): Promise<Response> => {
      const page = c.req.query('page');
      const sitemap = page && PAGE.test(page) ? await sitemaps.sitemap(name, Number(page)) : null;
      if (!sitemap) throw notFound('Sitemap');
      cached(c);
      c.header('ETag', `W/"${sitemap.version}"`);
      return c.body(sitemapXml(sitemap.urls), 200, { 'Content-Type': XML });
    };
  return new Hono()
    .get(ROBOTS_PATH, revalidated, (c) => {
      cached(c);
      return c.text(robotsTxt(publicUrl));
    })
    .get(SITEMAP_PATH, revalidated, async (c) => {
      cached(c);
      return c.body(await sitemapIndexXml(await sitemaps.index()), 200, { 'Content-Type': XML });
    })
    .get(SITEMAP_FILES.pages, revalidated, async (c) => {
      cached(c);
      return c.body(await smallSitemapXml(sitemaps.fixedPages()), 200, { 'Content-Type': XML });
    })
    .get(SITEMAP_FILES.parts, revalidated, listed('parts'))
    .get(SITEMAP_FILES.laptops, revalidated, listed('laptops'));
}
