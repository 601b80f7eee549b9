import type { Tool } from '@shop/shared';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeEachDatabase } from '../../test/databases';
import { send, signUpAdmin, signUpWithToken } from '../../test/identity';
import { type TestApp, createTestApp } from '../../test/test-app';
import { DELIVERY } from '../../test/shop';

const toolInput = {
  name: 'Hinge Set 15.6in',
  description: 'Left and right hinges for 15.6 inch laptops.',
  minOrderQuantity: 1,
  availableQuantity: 40,
  price: 19.95,
  img: 'https://example.com/hinge.png',
};

describeEachDatabase('the catalogue, by admins only', (kind) => {
  let app: TestApp;
  let admin: Awaited<ReturnType<typeof signUpAdmin>>;
  let customer: Awaited<ReturnType<typeof signUpWithToken>>;
  beforeAll(async () => {
    app = await createTestApp(kind, { seed: false });
    admin = await signUpAdmin(app);
    customer = await signUpWithToken(app);
  });
  afterAll(() => app.close());

  it('adds a tool that the shop then lists', async () => {
    const response = await send(app, 'POST', '/api/tools', admin.token, toolInput);
    expect(response.status).toBe(201);
    const created = (await response.json()) as Tool & { message: string };
    expect(created).toMatchObject({ ...toolInput, message: 'Tool Added' });
    const listed = (await (await app.request('/api/tools?search=hinge')).json()) as Tool[];
    expect(listed.map((tool) => tool._id)).toEqual([created._id]);
  });

  it('answers 401 without a token and 403 for a customer on every catalogue write', async () => {
    const tool = (await (
      await send(app, 'POST', '/api/tools', admin.token, toolInput)
    ).json()) as Tool;
    for (const [method, path, body] of [
      ['POST', '/api/tools', toolInput],
      ['PATCH', `/api/tools/${tool._id}`, { price: 1 }],
      ['DELETE', `/api/tools/${tool._id}`, undefined],
    ] as const) {
      expect((await send(app, method, path, undefined, body)).status).toBe(401);
      expect((await send(app, method, path, customer.token, body)).status).toBe(403);
    }
    expect(((await (await app.request(`/api/tools/${tool._id}`)).json()) as Tool).price).toBe(
      19.95,
    );
  });

  it.each([
    ['no name', { name: '' }, 'name', 'Name is required'],
    [
      'a name over 20 characters',
      { name: 'x'.repeat(21) },
      'name',
      'Name must have at most 20 characters',
    ],
    ['no description', { description: '' }, 'description', 'Description is required'],
    [
      'a minimum below 1',
      { minOrderQuantity: 0 },
      'minOrderQuantity',
      'Minimum order quantity must be at least 1',
    ],
    [
      'negative stock',
      { availableQuantity: -1 },
      'availableQuantity',
      'Available quantity must be at least 0',
    ],
    ['a zero price', { price: 0 }, 'price', 'Price must be above 0'],
    ['a price as text', { price: 'ten' }, 'price', 'Price is required'],
    [
      'an image that is not a URL',
      { img: 'picture' },
      'img',
      'Provide a valid image URL (http or https)',
    ],
    ['an id', { _id: 'x' }, '_', 'Unrecognized key: "_id"'],
  ])('refuses a tool with %s', async (_label, change, field, message) => {
    const response = await send(app, 'POST', '/api/tools', admin.token, {
      ...toolInput,
      ...change,
    });
    expect(response.status).toBe(400);
    const body = (await response.json()) as { error: { fields: Record<string, string[]> } };
    expect(body.error.fields[field]).toContain(message);
  });

  it('edits price, stock and description in place', async () => {
    const tool = (await (
      await send(app, 'POST', '/api/tools', admin.token, toolInput)
    ).json()) as Tool;
    const response = await send(app, 'PATCH', `/api/tools/${tool._id}`, admin.token, {
      price: 17.5,
      availableQuantity: 3,
      description: 'Now with screws.',
    });
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({
      price: 17.5,
      availableQuantity: 3,
      description: 'Now with screws.',
    });
  });

  it('erases a tool without orders, and retires one with orders (its orders intact)', async () => {
    const unsold = (await (
      await send(app, 'POST', '/api/tools', admin.token, toolInput)
    ).json()) as Tool;
    expect((await send(app, 'DELETE', `/api/tools/${unsold._id}`, admin.token)).status).toBe(200);
    expect((await app.request(`/api/tools/${unsold._id}`)).status).toBe(404);

    const sold = (await (
      await send(app, 'POST', '/api/tools', admin.token, toolInput)
    ).json()) as Tool;
    const order = await send(app, 'POST', '/api/purchase', customer.token, {
      toolId: sold._id,
      quantity: 1,
      ...DELIVERY,
      address: 'Somewhere 1',
    });
    expect(order.status).toBe(201);
    const removed = await send(app, 'DELETE', `/api/tools/${sold._id}`, admin.token);
    expect(await removed.json()).toEqual({ deletedCount: 1, retired: true });
    expect((await app.request(`/api/tools/${sold._id}`)).status).toBe(404);
    const mine = (await (
      await send(app, 'GET', `/api/purchase?userEmail=${customer.email}`, customer.token)
    ).json()) as { toolId: string }[];
    expect(mine.some((item) => item.toolId === sold._id)).toBe(true);
    expect((await send(app, 'DELETE', `/api/tools/${sold._id}`, admin.token)).status).toBe(404);
  });
});
