import { FIXED_PUBLIC_PAGES, laptopPage, partPage, partSlug } from '@shop/shared';
import { type Kysely, type RawBuilder, sql } from 'kysely';
import type { Database } from '../../db/schema';

/** The sitemaps protocol's limit of URLs in one sitemap (sitemaps.org); its 50 MB are far off. */
export const SITEMAP_URLS_MAX = 50_000;

/** Rows read per query while a sitemap is written: only these are in memory at a time. */
const ROWS_PER_READ = 5_000;

/** A URL a sitemap lists: absolute, and the date of its last change when one is known. */
export interface SitemapUrl {
  loc: string;
  lastmod?: Date;
}

/** The lists of pages, each in sitemaps of at most `SITEMAP_URLS_MAX` URLs. */
export type SitemapList = 'pages' | 'parts' | 'laptops';

/**
 * Where each list's sitemaps are served, at the root as the URLs they list are (a sitemap may
 * list only what is under its own folder); `?page=` numbers a list's sitemaps from 1.
 */
export const SITEMAP_FILES = {
  pages: '/sitemap-pages.xml',
  parts: '/sitemap-parts.xml',
  laptops: '/sitemap-laptops.xml',
} as const satisfies Record<SitemapList, string>;

/** One sitemap of parts or laptops, ready to be written. */
export interface ListedSitemap {
  /** Differs whenever what the sitemap holds does: its URLs, their order, their dates. */
  version: string;
  /** Its URLs, `ROWS_PER_READ` at a time, read only as they are asked for. */
  urls: AsyncGenerator<SitemapUrl[]>;
}

/** A row of a list: its key in the list's order, and what its page's path is made of. */
interface ListedRow {
  key: string;
  lastmod: Date;
  /** A part's; a model's page needs only its key, the slug, and these are empty. */
  name: string;
  sku: string;
}

/**
 * A list of pages with a row each: which rows have a page, the unique key of an index whose order
 * the list is read in (keyset paging, never the whole table), and the page's path. `lastmod` is
 * the row's `created_at`: neither parts (`tools`) nor models have a column that says when they
 * last changed, so a renamed part's new URL carries the day the part was added.
 */
interface PageList {
  table: 'tools' | 'laptop_models';
  listed: RawBuilder<boolean>;
  key: RawBuilder<string>;
  /** The row's `name` and `sku`. */
  columns: RawBuilder<unknown>;
  path: (row: ListedRow) => string;
}

const lists: Record<Exclude<SitemapList, 'pages'>, PageList> = {
  // The parts on sale, by SKU: the unique index on upper(sku) (migration 0021). Every part has a
  // SKU that starts with a letter or a digit (its check), so every part on sale has a page.
  parts: {
    table: 'tools',
    listed: sql`retired_at is null`,
    key: sql`upper(sku)`,
    columns: sql`name, sku`,
    path: (row) => partPage(partSlug(row.name, row.sku)),
  },
  // Every model has a public page; the slug is unique (migration 0021).
  laptops: {
    table: 'laptop_models',
    listed: sql`true`,
    key: sql`slug`,
    columns: sql`'' as name, '' as sku`,
    path: (row) => laptopPage(row.key),
  },
};

/** The list's rows from the `offset`-th on, or from after the key `after`, in key order. */
const rowsOf = (
  list: PageList,
  from: { offset: number } | { after: string },
  limit: number,
): RawBuilder<ListedRow> => sql<ListedRow>`
  select ${list.key} as key, created_at as lastmod, ${list.columns}
  from ${sql.table(list.table)}
  where ${list.listed} ${'after' in from ? sql`and ${list.key} > ${from.after}` : sql``}
  order by ${list.key}
  offset ${'offset' in from ? from.offset : 0} limit ${limit}`;

export function createSitemapService(db: Kysely<Database>, options: { publicUrl: string }) {
  const absolute = (path: string) => `${options.publicUrl}${path}`;

  /** The list's sitemaps, each with its newest URL's date. */
  async function sitemapsOf(name: Exclude<SitemapList, 'pages'>): Promise<SitemapUrl[]> {
    const list = lists[name];
    const { rows } = await sql<{ lastmod: Date }>`
      select max(lastmod) as lastmod from (
        select created_at as lastmod,
          (row_number() over (order by ${list.key}) - 1) / ${SITEMAP_URLS_MAX} as sitemap
        from ${sql.table(list.table)} where ${list.listed}) as numbered
      group by sitemap order by sitemap`.execute(db);
    return rows.map((row, index) => ({
      loc: absolute(`${SITEMAP_FILES[name]}?page=${index + 1}`),
      lastmod: row.lastmod,
    }));
  }

  async function* urlsOf(list: PageList, page: number): AsyncGenerator<SitemapUrl[]> {
    let left = SITEMAP_URLS_MAX;
    let from: { offset: number } | { after: string } = { offset: (page - 1) * SITEMAP_URLS_MAX };
    while (left > 0) {
      const { rows } = await rowsOf(list, from, Math.min(ROWS_PER_READ, left)).execute(db);
      if (rows.length === 0) return;
      yield rows.map((row) => ({ loc: absolute(list.path(row)), lastmod: row.lastmod }));
      left -= rows.length;
      from = { after: rows.at(-1)!.key };
    }
  }

  return {
    /** The sitemap index: the fixed pages' sitemap, then the parts', then the laptops'. */
    async index(): Promise<SitemapUrl[]> {
      return [
        { loc: absolute(SITEMAP_FILES.pages) },
        ...(await sitemapsOf('parts')),
        ...(await sitemapsOf('laptops')),
      ];
    },

    /** Home, blogs and portfolio: no date is kept for them. */
    fixedPages(): SitemapUrl[] {
      return FIXED_PUBLIC_PAGES.map((path) => ({ loc: absolute(path) }));
    },

    /**
     * The `page`-th sitemap of parts or of laptops, or undefined when the list has no such
     * sitemap. Its version is a digest of its rows, which the database reads from the index
     * without sending them: a crawler or a CDN that holds the same version is answered 304
     * without the sitemap being written.
     */
    async sitemap(
      name: Exclude<SitemapList, 'pages'>,
      page: number,
    ): Promise<ListedSitemap | undefined> {
      const list = lists[name];
      const offset = (page - 1) * SITEMAP_URLS_MAX;
      const { rows } = await sql<{ urls: number; digest: string | null }>`
        select count(*)::int as urls,
          md5(string_agg(listed::text, ',' order by listed.key)) as digest
        from (${rowsOf(list, { offset }, SITEMAP_URLS_MAX)}) as listed`.execute(db);
      const { urls, digest } = rows[0] ?? { urls: 0, digest: null };
      if (urls === 0 || !digest) return undefined;
      return { version: `${name}-${page}-${urls}-${digest}`, urls: urlsOf(list, page) };
    },
  };
}

export type SitemapService = ReturnType<typeof createSitemapService>;
