import { ReviewSchema, type Review } from '@shop/shared';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeEachDatabase } from '../../test/databases';
import { type TestApp, createTestApp } from '../../test/test-app';

describeEachDatabase('GET /api/reviews', (kind) => {
  let app: TestApp;
  beforeAll(async () => {
    app = await createTestApp(kind);
  });
  afterAll(() => app.close());

  it('returns the reviews with every field of docs/product.md', async () => {
    const response = await app.request('/api/reviews');
    expect(response.status).toBe(200);
    const reviews = (await response.json()) as Review[];
    expect(reviews.length).toBeGreaterThanOrEqual(4);
    for (const review of reviews) expect(ReviewSchema.strict().parse(review)).toEqual(review);
  });

  it('is empty, not an error, on a shop without demo data', async () => {
    const empty = await createTestApp(kind, { seed: false });
    try {
      const response = await empty.request('/api/reviews');
      expect(response.status).toBe(200);
      expect(await response.json()).toEqual([]);
    } finally {
      await empty.close();
    }
  });
});
