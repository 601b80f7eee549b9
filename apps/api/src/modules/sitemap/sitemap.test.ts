import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ROBOTS_DISALLOWED, partSlug } from '@shop/shared';
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { type Kysely, sql } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Database } from '../../db/schema';
import { describeEachDatabase } from '../../test/databases';
import { type TestApp, createTestApp } from '../../test/test-app';
import { SITEMAP_URLS_MAX } from './sitemap.service';

/** Not the test app's own address, nor the request's: every URL must start with this. */
const PUBLIC_URL = 'https://parts.example';

/** The protocol's other limit: 50 MB uncompressed (sitemaps.org). */
const SITEMAP_BYTES_MAX = 50 * 1024 * 1024;

/** Paths no sitemap may list, whatever robots.txt says. */
const PRIVATE = ['/api', '/dashboard', '/cart', '/checkout', '/tools/', '/login', '/search'];

interface Entry {
  loc: string;
  lastmod?: string;
}

const parser = new XMLParser({
  ignoreAttributes: false,
  parseTagValue: false,
  isArray: (name) => name === 'url' || name === 'sitemap',
});

/** The XML read by a real parser: well formed, in the sitemaps namespace, its entries. */
function entriesOf(xml: string, root: 'urlset' | 'sitemapindex'): Entry[] {
  expect(XMLValidator.validate(xml)).toBe(true);
  const document = parser.parse(xml) as Record<string, Record<string, unknown>>;
  expect(document[root]?.['@_xmlns']).toBe('http://www.sitemaps.org/schemas/sitemap/0.9');
  return (document[root]?.[root === 'urlset' ? 'url' : 'sitemap'] ?? []) as Entry[];
}

async function fetchXml(app: TestApp, url: string, root: 'urlset' | 'sitemapindex') {
  expect(url.startsWith(`${PUBLIC_URL}/`), url).toBe(true);
  const response = await app.request(url.slice(PUBLIC_URL.length), {
    // Whatever the request says its host is, the URLs are PUBLIC_URL's.
    headers: { Host: 'evil.example', 'X-Forwarded-Host': 'evil.example' },
  });
  expect(response.status, url).toBe(200);
  expect(response.headers.get('content-type')).toBe('application/xml; charset=utf-8');
  const bytes = new Uint8Array(await response.arrayBuffer());
  const xml = new TextDecoder().decode(bytes);
  return { response, bytes: bytes.length, entries: entriesOf(xml, root) };
}

/** Every URL of every sitemap the index lists, by sitemap; each checked for the rules. */
async function crawl(app: TestApp) {
  const index = await fetchXml(app, `${PUBLIC_URL}/sitemap.xml`, 'sitemapindex');
  const sitemaps = [];
  for (const sitemap of index.entries) {
    const { entries, bytes } = await fetchXml(app, sitemap.loc, 'urlset');
    expect(entries.length, sitemap.loc).toBeGreaterThan(0);
    expect(entries.length, sitemap.loc).toBeLessThanOrEqual(SITEMAP_URLS_MAX);
    expect(bytes, sitemap.loc).toBeLessThanOrEqual(SITEMAP_BYTES_MAX);
    // Collected, then compared once: an expect per URL costs seconds at 120,000.
    const outside = entries.filter(({ loc }) => !loc.startsWith(`${PUBLIC_URL}/`));
    expect(outside.slice(0, 3), sitemap.loc).toEqual([]);
    const kept = [...PRIVATE, ...ROBOTS_DISALLOWED];
    const privatePaths = entries.filter(({ loc }) =>
      kept.some((prefix) => new URL(loc).pathname.startsWith(prefix)),
    );
    expect(privatePaths.slice(0, 3), sitemap.loc).toEqual([]);
    // The index dates each sitemap by its newest URL.
    const dates = entries.flatMap((entry) => (entry.lastmod ? [entry.lastmod] : []));
    expect(sitemap.lastmod, sitemap.loc).toBe(dates.sort().at(-1));
    sitemaps.push({ loc: sitemap.loc, entries });
  }
  return sitemaps;
}

/** How many times each URL is listed, and with which date. */
function tally(sitemaps: { entries: Entry[] }[]) {
  const seen = new Map<string, { times: number; lastmod?: string }>();
  for (const { loc, lastmod } of sitemaps.flatMap((sitemap) => sitemap.entries)) {
    seen.set(loc, { times: (seen.get(loc)?.times ?? 0) + 1, lastmod });
  }
  return seen;
}

/** The parts and models the sitemaps must list, at their URLs, with their dates. */
async function expectedPages(db: Kysely<Database>) {
  const parts = await db
    .selectFrom('tools')
    .select(['name', 'sku', 'created_at', 'retired_at'])
    .execute();
  const models = await db.selectFrom('laptop_models').select(['slug', 'created_at']).execute();
  const url = (path: string, date: Date) => [`${PUBLIC_URL}${path}`, date.toISOString()] as const;
  return {
    onSale: new Map(
      parts
        .filter((part) => !part.retired_at)
        .map((part) => url(`/parts/${partSlug(part.name, part.sku)}`, part.created_at)),
    ),
    retired: parts
      .filter((part) => part.retired_at)
      .map((part) => `${PUBLIC_URL}/parts/${partSlug(part.name, part.sku)}`),
    models: new Map(models.map((model) => url(`/laptops/${model.slug}`, model.created_at))),
  };
}

/** The sitemaps list exactly these, each once, with its date; the fixed pages first. */
async function expectListed(app: TestApp) {
  const sitemaps = await crawl(app);
  const { onSale, retired, models } = await expectedPages(app.database.db);
  const listed = tally(sitemaps);
  expect(sitemaps[0]!.entries).toEqual([
    { loc: `${PUBLIC_URL}/` },
    { loc: `${PUBLIC_URL}/blogs` },
    { loc: `${PUBLIC_URL}/portfolio` },
  ]);
  const wrong = [...onSale, ...models].filter(
    ([loc, lastmod]) => listed.get(loc)?.times !== 1 || listed.get(loc)?.lastmod !== lastmod,
  );
  expect(wrong.slice(0, 3).map(([loc]) => [loc, listed.get(loc)])).toEqual([]);
  expect(retired.filter((loc) => listed.has(loc))).toEqual([]);
  expect(listed.size).toBe(3 + onSale.size + models.size);
  return sitemaps;
}

describeEachDatabase('the sitemap and robots.txt', (kind) => {
  let app: TestApp;
  beforeAll(async () => {
    app = await createTestApp(kind, { env: { PUBLIC_URL } });
  });
  afterAll(() => app.close());

  const firstPart = async () =>
    (
      await sql<{ id: string; name: string; sku: string }>`
        select id, name, sku from tools where retired_at is null
        order by upper(sku) limit 1`.execute(app.database.db)
    ).rows[0]!;

  it('lists the fixed pages, every part on sale and every laptop model, at PUBLIC_URL', async () => {
    const sitemaps = await expectListed(app);
    expect(sitemaps.map((sitemap) => sitemap.loc)).toEqual([
      `${PUBLIC_URL}/sitemap-pages.xml`,
      `${PUBLIC_URL}/sitemap-parts.xml?page=1`,
      `${PUBLIC_URL}/sitemap-laptops.xml?page=1`,
    ]);
  });

  it('drops a retired part, and lists a renamed part at its new slug', async () => {
    const part = await firstPart();
    const sitemap = async () =>
      (await fetchXml(app, `${PUBLIC_URL}/sitemap-parts.xml?page=1`, 'urlset')).entries.map(
        (entry) => entry.loc,
      );
    const at = (name: string) => `${PUBLIC_URL}/parts/${partSlug(name, part.sku)}`;
    expect(await sitemap()).toContain(at(part.name));
    const set = (values: { name?: string; retired_at?: Date | null }) =>
      app.database.db.updateTable('tools').set(values).where('id', '=', part.id).execute();
    try {
      await set({ name: 'Renamed Battery 99Wh' });
      const renamed = await sitemap();
      expect(renamed).toContain(at('Renamed Battery 99Wh'));
      expect(renamed).not.toContain(at(part.name));
      await set({ retired_at: new Date() });
      expect(await sitemap()).not.toContain(at('Renamed Battery 99Wh'));
      await expectListed(app);
    } finally {
      await set({ name: part.name, retired_at: null });
    }
  });

  it.each(['/sitemap.xml', '/sitemap-pages.xml', '/sitemap-parts.xml?page=1', '/robots.txt'])(
    'lets a CDN keep %s an hour and answers its ETag with 304',
    async (path) => {
      const response = await app.request(path);
      expect(response.status).toBe(200);
      expect(response.headers.get('cache-control')).toBe('public, max-age=3600');
      const tag = response.headers.get('etag');
      expect(tag).toMatch(/^W\/".+"$/);
      const again = await app.request(path, { headers: { 'If-None-Match': tag! } });
      expect(again.status).toBe(304);
      expect(again.headers.get('etag')).toBe(tag);
      expect(again.headers.get('cache-control')).toBe('public, max-age=3600');
      expect(await again.text()).toBe('');
    },
  );

  it("changes a sitemap's ETag when a part in it changes", async () => {
    const part = await firstPart();
    const tag = async () =>
      (await app.request('/sitemap-parts.xml?page=1')).headers.get('etag') ?? '';
    const before = await tag();
    const rename = (name: string) =>
      app.database.db.updateTable('tools').set({ name }).where('id', '=', part.id).execute();
    try {
      await rename('Renamed Keyboard UK');
      expect(await tag()).not.toBe(before);
    } finally {
      await rename(part.name);
    }
    expect(await tag()).toBe(before);
  });

  it.each([
    '/sitemap-parts.xml?page=2',
    '/sitemap-parts.xml?page=0',
    '/sitemap-parts.xml?page=01',
    '/sitemap-parts.xml?page=x',
    '/sitemap-parts.xml',
    '/sitemap-laptops.xml?page=2',
    '/sitemap-laptops.xml?page=9999999',
  ])('answers %s, a sitemap the shop does not have, with 404', async (path) => {
    const response = await app.request(path);
    expect(response.status).toBe(404);
    expect(((await response.json()) as { error: { code: string } }).error.code).toBe('NOT_FOUND');
  });

  it('serves robots.txt: the rules, then the sitemap index at PUBLIC_URL', async () => {
    const response = await app.request('/robots.txt', { headers: { Host: 'evil.example' } });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/plain; charset=UTF-8');
    const lines = (await response.text()).split('\n');
    expect(lines).toContain('User-agent: *');
    expect(lines).toContain('Disallow: /dashboard');
    expect(lines.filter((line) => line.startsWith('Sitemap:'))).toEqual([
      `Sitemap: ${PUBLIC_URL}/sitemap.xml`,
    ]);
  });
});

describeEachDatabase('the sitemap and robots.txt beside the web app', (kind) => {
  let app: TestApp;
  let webRoot: string;
  beforeAll(async () => {
    // A build with its missing page, and the robots.txt of a build from before the API served it.
    webRoot = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-web-'));
    fs.mkdirSync(path.join(webRoot, '.vite', 'pages'), { recursive: true });
    fs.writeFileSync(path.join(webRoot, 'index.html'), '<!doctype html><title>shop</title>');
    fs.writeFileSync(path.join(webRoot, '.vite', 'pages', 'not-found.html'), 'Page not found');
    fs.writeFileSync(
      path.join(webRoot, '.vite', 'pages.json'),
      JSON.stringify({ pages: {}, notFound: '.vite/pages/not-found.html', routes: ['/'] }),
    );
    fs.writeFileSync(path.join(webRoot, 'robots.txt'), 'User-agent: *\nDisallow:\n');
    app = await createTestApp(kind, { env: { PUBLIC_URL }, webRoot });
  });
  afterAll(async () => {
    await app.close();
    fs.rmSync(webRoot, { recursive: true, force: true });
  });

  it("answers before the web app's files and its missing page", async () => {
    const robots = await app.request('/robots.txt');
    expect(await robots.text()).toContain(`Sitemap: ${PUBLIC_URL}/sitemap.xml`);
    const index = await app.request('/sitemap.xml');
    expect(index.headers.get('content-type')).toBe('application/xml; charset=utf-8');
    expect(await index.text()).toContain('<sitemapindex');
    const unknown = await app.request('/sitemap-parts.xml?page=99');
    expect(unknown.status).toBe(404);
    expect(((await unknown.json()) as { error: { code: string } }).error.code).toBe('NOT_FOUND');
    // A path of no sitemap is the web app's: its missing page.
    const other = await app.request('/sitemap-other.xml');
    expect(other.status).toBe(404);
    expect(await other.text()).toBe('Not found');
  });
});

/** Part types and machines their names are made of, as a real catalogue's. */
const PART_WORDS =
  "'Battery', 'Screen 14\" FHD', 'Keyboard (UK)', 'Fan', 'Hinge set', 'Charger 65W'";
const MACHINES = "'ThinkPad T480', 'Latitude 5490', 'EliteBook 840 G5', 'ZenBook UX430', 'Écran'";

/** Rows per statement: each must end within the test database's bound on one answer (1.5 s). */
const SEED_BATCH = 5_000;

/**
 * `count` parts, 1 in 24,000 of them retired (from the 7th), and `models` laptop models, by
 * set-based statements. The catalogue's triggers (the search documents, the facet counts, the
 * announcements) are off while they run, and the names' trigram index keeps its new entries in
 * a pending list merged in bulk rather than row by row: PGlite took 150 s for 120,000 parts
 * with both, 9 s without. The sitemap reads none of what the triggers keep.
 */
async function seedCatalogue(db: Kysely<Database>, count: number, models: number) {
  await db.transaction().execute(async (trx) => {
    await sql`set local statement_timeout = 0`.execute(trx);
    await sql`set local session_replication_role = replica`.execute(trx);
    await sql`alter index tools_name_trgm_idx set (fastupdate = on)`.execute(trx);
    for (let from = 1; from <= count; from += SEED_BATCH) {
      const to = Math.min(count, from + SEED_BATCH - 1);
      await sql`
        insert into tools (name, img, description, min_order_quantity, available_quantity,
          price_cents, category_id, sku, created_at, retired_at)
        select (array[${sql.raw(PART_WORDS)}])[1 + i % 6] || ' for '
            || (array[${sql.raw(MACHINES)}])[1 + (i / 6) % 5] || ' ' || (20 + i % 80) || 'Wh',
          '/images/tools/laptop-battery.svg', 'A part for a laptop.', 1, 10, 1999 + i % 5000,
          (select id from categories where slug = 'other'),
          case i % 3 when 0 then 'LPS-' || lpad(i::text, 6, '0') when 1 then '01AV.' || i
            else '5B10W' || i end,
          now() - make_interval(days => 400) + make_interval(secs => i * 60),
          case when i % 24000 = 7 then now() end
        from generate_series(${from}::int, ${to}::int) as i`.execute(trx);
    }
    // As migration 0006 made it, its pending entries merged.
    await sql`alter index tools_name_trgm_idx set (fastupdate = off)`.execute(trx);
    await sql`select gin_clean_pending_list('tools_name_trgm_idx')`.execute(trx);
    await sql`insert into laptop_brands (name, slug) values ('Lenovo', 'lenovo')`.execute(trx);
    await sql`
      insert into laptop_series (brand_id, name, slug)
      select id, 'ThinkPad ' || letter, 'thinkpad-' || lower(letter)
      from laptop_brands, unnest(array['T', 'X']) as letter`.execute(trx);
    await sql`
      insert into laptop_models (series_id, name, slug, created_at)
      select s.id, s.name || ' ' || n, s.slug || '-' || n,
        now() - make_interval(days => 400) + make_interval(hours => n)
      from laptop_series s, generate_series(1, ${models / 2}::int) as n`.execute(trx);
  });
  await sql`analyze tools`.execute(db);
  await sql`analyze laptop_models`.execute(db);
}

/**
 * Takes the last `count` parts on sale (by SKU) off sale: retired, or, for many, deleted, which
 * leaves the names' trigram index as it is (a retired row is a new entry in every index). The
 * catalogue's triggers are off, as above.
 */
async function takeOffSale(db: Kysely<Database>, count: number, how: 'retire' | 'delete') {
  await db.transaction().execute(async (trx) => {
    await sql`set local statement_timeout = 0`.execute(trx);
    await sql`set local session_replication_role = replica`.execute(trx);
    const last = sql`select id from tools where retired_at is null
      order by upper(sku) desc limit ${count}`;
    await (
      how === 'retire'
        ? sql`update tools set retired_at = now() where id in (${last})`
        : sql`delete from tools where id in (${last})`
    ).execute(trx);
  });
}

describeEachDatabase('the sitemap at 120,000 parts', (kind) => {
  let app: TestApp;
  beforeAll(async () => {
    app = await createTestApp(kind, { seed: false, env: { PUBLIC_URL } });
    await seedCatalogue(app.database.db, 120_005, 1_200);
  }, 180_000);
  afterAll(() => app.close());

  it('lists the 120,000 parts on sale in 3 sitemaps of at most 50,000, each once, and no retired one', async () => {
    const started = performance.now();
    const response = await app.request('/sitemap-parts.xml?page=1');
    const bytes = (await response.arrayBuffer()).byteLength;
    console.log(
      `sitemap [${kind}]: 50,000 parts (${bytes} bytes) in ${Math.round(performance.now() - started)} ms`,
    );
    const sitemaps = await expectListed(app);
    expect(sitemaps.map((sitemap) => [sitemap.loc, sitemap.entries.length])).toEqual([
      [`${PUBLIC_URL}/sitemap-pages.xml`, 3],
      [`${PUBLIC_URL}/sitemap-parts.xml?page=1`, 50_000],
      [`${PUBLIC_URL}/sitemap-parts.xml?page=2`, 50_000],
      [`${PUBLIC_URL}/sitemap-parts.xml?page=3`, 20_000],
      [`${PUBLIC_URL}/sitemap-laptops.xml?page=1`, 1_200],
    ]);
  }, 120_000);

  it('has a third sitemap for the 100,001st part on sale, and none for the 100,000th', async () => {
    await takeOffSale(app.database.db, 19_999, 'delete');
    const third = await app.request('/sitemap-parts.xml?page=3');
    expect(third.status).toBe(200);
    expect(entriesOf(await third.text(), 'urlset')).toHaveLength(1);
    await takeOffSale(app.database.db, 1, 'retire');
    expect((await app.request('/sitemap-parts.xml?page=3')).status).toBe(404);
    const sitemaps = await expectListed(app);
    expect(sitemaps.map((sitemap) => sitemap.entries.length)).toEqual([3, 50_000, 50_000, 1_200]);
  }, 120_000);
});
