import { SummaryItemSchema, type SummaryItem } from '@shop/shared';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeEachDatabase } from '../../test/databases';
import { type TestApp, createTestApp } from '../../test/test-app';

describeEachDatabase('GET /api/summary', (kind) => {
  let app: TestApp;
  beforeAll(async () => {
    app = await createTestApp(kind);
  });
  afterAll(() => app.close());

  it('returns the four business figures in order', async () => {
    const response = await app.request('/api/summary');
    expect(response.status).toBe(200);
    const items = (await response.json()) as SummaryItem[];
    expect(items).toHaveLength(4);
    for (const item of items) expect(SummaryItemSchema.strict().parse(item)).toEqual(item);
    expect(items[0]?.description).toBe('Happy customers');
  });
});
