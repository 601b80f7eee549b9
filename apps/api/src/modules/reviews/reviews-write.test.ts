import type { Review } from '@shop/shared';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeEachDatabase } from '../../test/databases';
import { send, signUpWithToken } from '../../test/identity';
import { type TestApp, createTestApp } from '../../test/test-app';

const reviewInput = {
  name: 'Nadia Rahman',
  review: 'DDR4 SO-DIMM 16GB',
  location: 'Sylhet, Bangladesh',
  description: 'Doubled my memory in five minutes.',
  img: 'https://example.com/nadia.png',
};

describeEachDatabase('POST /api/reviews', (kind) => {
  let app: TestApp;
  beforeAll(async () => {
    app = await createTestApp(kind, { seed: false });
  });
  afterAll(() => app.close());

  it('adds a signed-in customer review that the testimonials then show', async () => {
    const me = await signUpWithToken(app);
    const response = await send(app, 'POST', '/api/reviews', me.token, reviewInput);
    expect(response.status).toBe(201);
    expect(((await response.json()) as { message: string }).message).toBe('Review Added');
    const reviews = (await (await app.request('/api/reviews')).json()) as Review[];
    expect(reviews[0]).toMatchObject(reviewInput);
  });

  it('needs a sign-in', async () => {
    expect((await send(app, 'POST', '/api/reviews', undefined, reviewInput)).status).toBe(401);
  });

  it.each([
    ['no name', { name: '' }, 'name', 'Name is required'],
    [
      'a name over 20 characters',
      { name: 'x'.repeat(21) },
      'name',
      'Name must have at most 20 characters',
    ],
    ['no tool name', { review: '' }, 'review', 'Tool name is required'],
    ['no location', { location: '' }, 'location', 'Location is required'],
    ['no description', { description: '' }, 'description', 'Description is required'],
    [
      'an image that is not a URL',
      { img: 'javascript:alert(1)' },
      'img',
      'Provide a valid image URL (http or https)',
    ],
    ['a role', { role: 'admin' }, '_', 'Unrecognized key: "role"'],
    ['a user id', { userId: 'x' }, '_', 'Unrecognized key: "userId"'],
  ])('refuses %s with 400', async (_label, change, field, message) => {
    const me = await signUpWithToken(app);
    const before = ((await (await app.request('/api/reviews')).json()) as Review[]).length;
    const response = await send(app, 'POST', '/api/reviews', me.token, {
      ...reviewInput,
      ...change,
    });
    expect(response.status).toBe(400);
    const body = (await response.json()) as { error: { fields: Record<string, string[]> } };
    expect(body.error.fields[field]).toContain(message);
    expect(((await (await app.request('/api/reviews')).json()) as Review[]).length).toBe(before);
  });
});
