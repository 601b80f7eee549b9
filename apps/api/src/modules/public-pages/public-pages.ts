import { partPage, type RenderedPageData } from '@shop/shared';
import { AppError } from '../../lib/errors';
import type { LaptopsService } from '../laptops';
import type { PartsService } from '../catalogue';
import { laptopHead, missingHead, partHead } from './page-head';

/**
 * What the server sends for a public page it renders at each request (decision 036): the page,
 * with its head and the data its screen shows; a move to the address it now lives at; or a
 * missing page (an unknown slug 404, a retired part 410), not to be indexed.
 */
export type PublicPageAnswer =
  | { kind: 'page'; head: string; data: RenderedPageData }
  | { kind: 'moved'; location: string }
  | { kind: 'missing'; status: 404 | 410; head: string };

/** The API's "not found" and "gone" as a page's; any other failure stays one. */
async function orMissing(read: () => Promise<PublicPageAnswer>): Promise<PublicPageAnswer> {
  try {
    return await read();
  } catch (error) {
    if (error instanceof AppError && (error.code === 'NOT_FOUND' || error.code === 'GONE')) {
      return { kind: 'missing', status: error.code === 'GONE' ? 410 : 404, head: missingHead() };
    }
    throw error;
  }
}

/** The web app's routes of the pages the server renders with their data. */
export const PUBLIC_PAGE_ROUTES = ['/parts/:slug', '/laptops/:slug'] as const;

/**
 * The public pages the server renders with their data, by the web app's route pattern: a part's
 * and a laptop model's. Each reads what its API route answers (the same services), so the page
 * and `GET /api/...` never disagree.
 */
export function createPublicPages(
  services: { parts: PartsService; laptops: LaptopsService },
  publicUrl: string,
) {
  return {
    '/parts/:slug': (slug: string) =>
      orMissing(async () => {
        const page = await services.parts.page(slug);
        // An old slug (the part was renamed), or one written by hand: one address per part.
        if (page.slug !== slug) return { kind: 'moved', location: partPage(page.slug) };
        return { kind: 'page', head: partHead(page, publicUrl), data: { part: { slug, page } } };
      }),
    '/laptops/:slug': (slug: string) =>
      orMissing(async () => {
        const page = await services.laptops.page(slug);
        return {
          kind: 'page',
          head: laptopHead(page, publicUrl),
          data: { laptop: { slug, page } },
        };
      }),
  } satisfies Record<
    (typeof PUBLIC_PAGE_ROUTES)[number],
    (slug: string) => Promise<PublicPageAnswer>
  >;
}

export type PublicPages = ReturnType<typeof createPublicPages>;
