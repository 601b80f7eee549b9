import {
  type ApiErrorBody,
  type LaptopRef,
  messages,
  type PartPage,
  partSlug,
  type SearchResult,
} from '@shop/shared';
import { sql } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeEachDatabase } from '../../test/databases';
import { send, signUpWithToken } from '../../test/identity';
import { type TestApp, createTestApp } from '../../test/test-app';

describeEachDatabase('GET /api/parts/{slug}', (kind) => {
  let app: TestApp;
  /** The demo part that fits the most laptops. */
  let part: { id: string; name: string; sku: string; fits: number };
  beforeAll(async () => {
    app = await createTestApp(kind);
    part = (
      await sql<{ id: string; name: string; sku: string; fits: number }>`
        select t.id, t.name, t.sku, count(*)::int as fits from tools t
        join fitment f on f.tool_id = t.id
        group by t.id order by count(*) desc, t.name limit 1`.execute(app.database.db)
    ).rows[0]!;
  });
  afterAll(() => app.close());

  const get = (slug: string) => app.request(`/api/parts/${encodeURIComponent(slug)}`);
  const rename = (name: string) =>
    app.database.db.updateTable('tools').set({ name }).where('id', '=', part.id).execute();

  it('answers a part on sale at its slug: the part as search shows it, and every laptop it fits', async () => {
    expect(part.fits).toBeGreaterThan(3);
    const slug = partSlug(part.name, part.sku);
    const response = await get(slug);
    expect(response.status).toBe(200);
    const page = (await response.json()) as PartPage;
    expect(page.slug).toBe(slug);
    const found = (await (
      await app.request(`/api/search?q=${encodeURIComponent(part.sku)}`)
    ).json()) as SearchResult;
    expect(page.part).toEqual(found.items[0]);
    // Every model, by brand, then name: the summary's first three lead the list.
    const models = (
      await sql<LaptopRef>`select m.slug, m.name, b.name as brand from fitment f
        join laptop_models m on m.id = f.model_id
        join laptop_series s on s.id = m.series_id
        join laptop_brands b on b.id = s.brand_id
        where f.tool_id = ${part.id} order by b.name, m.name, m.slug`.execute(app.database.db)
    ).rows;
    expect(page.fits).toEqual(models);
    expect(page.fits).toHaveLength(page.part.fits.count);
    expect(page.fits.slice(0, 3)).toEqual(page.part.fits.models);
  });

  it('shows the reviews that name the part, whatever the case or spaces, the newest six', async () => {
    const slug = partSlug(part.name, part.sku);
    const customer = await signUpWithToken(app);
    const review = (headline: string, n: number) =>
      send(app, 'POST', '/api/reviews', customer.token, {
        name: 'Ines',
        review: headline,
        location: 'Porto, Portugal',
        description: `Review number ${n}`,
        img: 'https://images.example.com/ines.png',
      });
    const headlines = [part.name, `  ${part.name.toUpperCase()} `, part.name.toLowerCase()];
    for (let n = 1; n <= 7; n++) {
      expect((await review(headlines[n % 3]!, n)).status).toBe(201);
    }
    expect((await review(`${part.name} 2`, 8)).status).toBe(201);
    const page = (await (await get(slug)).json()) as PartPage;
    expect(page.reviews.map((shown) => shown.description)).toEqual(
      [7, 6, 5, 4, 3, 2].map((n) => `Review number ${n}`),
    );
    expect(page.reviews[0]).toMatchObject({ name: 'Ines', location: 'Porto, Portugal' });
  });

  it('still finds a renamed part by the slug it had, and names the one it has now', async () => {
    const before = partSlug(part.name, part.sku);
    await rename('Spare Part 2000');
    try {
      const now = partSlug('Spare Part 2000', part.sku);
      expect(now).toBe(`spare-part-2000-${part.sku.replace(/[^A-Za-z0-9]/g, '').toLowerCase()}`);
      for (const slug of [before, now]) {
        const response = await get(slug);
        expect(response.status).toBe(200);
        expect(((await response.json()) as PartPage).slug).toBe(now);
      }
    } finally {
      await rename(part.name);
    }
  });

  it('answers a retired part with 410 and a slug that names no part with 404', async () => {
    const slug = partSlug(part.name, part.sku);
    await app.database.db
      .updateTable('tools')
      .set({ retired_at: new Date() })
      .where('id', '=', part.id)
      .execute();
    try {
      const gone = await get(slug);
      expect(gone.status).toBe(410);
      expect(((await gone.json()) as ApiErrorBody).error).toMatchObject({
        code: 'GONE',
        message: messages.failure.partRetired,
      });
    } finally {
      await app.database.db
        .updateTable('tools')
        .set({ retired_at: null })
        .where('id', '=', part.id)
        .execute();
    }
    expect((await get(slug)).status).toBe(200);
    for (const unknown of [
      'no-such-part-zz999999',
      slug.toUpperCase(),
      `${slug}-`,
      slug.replace(/-/g, '--'),
      '..',
      'a'.repeat(201),
      'é',
    ]) {
      const response = await get(unknown);
      expect(response.status, unknown).toBe(404);
      expect(((await response.json()) as ApiErrorBody).error.code).toBe('NOT_FOUND');
    }
  });

  it('tells apart parts whose SKUs differ only by punctuation by their names', async () => {
    const ids: Record<string, string> = {};
    for (const [name, sku] of [
      ['Alpha Fan', 'AB.17'],
      ['Beta Fan', 'AB-17'],
    ] as const) {
      ids[name] = (
        await app.database.db
          .insertInto('tools')
          .values({
            name,
            sku,
            img: '/images/tools/laptop-fan.svg',
            description: 'A cooling fan.',
            min_order_quantity: 1,
            available_quantity: 4,
            price_cents: 1500,
          })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id;
    }
    for (const name of ['Alpha Fan', 'Beta Fan']) {
      const page = (await (await get(partSlug(name, 'AB17'))).json()) as PartPage;
      expect(page.part._id).toBe(ids[name]);
    }
  });
});
