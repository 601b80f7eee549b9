import { LAPTOP_MODEL_MAX, type LaptopList, type LaptopModel, type Tool } from '@shop/shared';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeEachDatabase } from '../../test/databases';
import { send, signUpAdmin, signUpWithToken } from '../../test/identity';
import { type TestApp, createTestApp } from '../../test/test-app';

type Account = Awaited<ReturnType<typeof signUpWithToken>>;
type ErrorAnswer = { error: { code: string; message: string; fields?: Record<string, string[]> } };

/*
 * `POST /api/laptops` (the route is the catalogue's; the model is written by createModelsCsv,
 * by the models file's rules).
 */
describeEachDatabase('adding one laptop model (POST /api/laptops)', (kind) => {
  let app: TestApp;
  let admin: Account;
  let customer: Account;
  beforeAll(async () => {
    app = await createTestApp(kind, { seed: false });
    admin = await signUpAdmin(app);
    customer = await signUpWithToken(app);
  });
  afterAll(() => app.close());

  const addModel = (body: unknown, token = admin.token) =>
    send(app, 'POST', '/api/laptops', token, body);
  const newRow = {
    brand: 'Framework',
    series: 'Laptop 13',
    model: 'Laptop 13 (Intel Core Ultra)',
    aliases: ['FRANMACP', 'FW13 Ultra'],
  };

  it('creates the model with its new brand and series; a part can then fit it', async () => {
    const response = await addModel(newRow);
    expect(response.status, await response.clone().text()).toBe(201);
    const created = (await response.json()) as LaptopModel;
    expect(created).toEqual({
      slug: 'framework-laptop-13-intel-core-ultra',
      name: 'Laptop 13 (Intel Core Ultra)',
      brand: { slug: 'framework', name: 'Framework' },
      series: { slug: 'laptop-13', name: 'Laptop 13' },
      aliases: ['FRANMACP', 'FW13 Ultra'],
    });
    const found = (await (await app.request('/api/laptops?q=fw13%20ultra')).json()) as LaptopList;
    expect(found.models).toEqual([created]);

    const imported = await send(app, 'POST', '/api/tools', admin.token, {
      name: 'Framework battery',
      description: 'A battery',
      price: 59,
      minOrderQuantity: 1,
      availableQuantity: 3,
      img: '/images/tools/laptop-battery.svg',
      sku: 'FW-BAT-1',
      category: 'battery',
      brand: 'Framework',
      condition: 'new',
      weightGrams: 200,
      partNumbers: [],
    });
    expect(imported.status, await imported.clone().text()).toBe(201);
    const tool = (await imported.json()) as Tool;
    const saved = await send(app, 'PATCH', `/api/tools/${tool._id}`, admin.token, {
      fits: [created.slug],
    });
    expect(saved.status, await saved.clone().text()).toBe(200);
    const fits = (await (await app.request(`/api/tools/${tool._id}/fits`)).json()) as LaptopList;
    expect(fits.models.map((model) => model.slug)).toEqual([created.slug]);
  });

  it('adds a model to a brand and series the shop has, matched by slug', async () => {
    const response = await addModel({
      ...newRow,
      brand: 'framework',
      model: 'Laptop 13 (AMD)',
      aliases: [],
    });
    expect(response.status).toBe(201);
    const created = (await response.json()) as LaptopModel;
    expect(created.brand).toEqual({ slug: 'framework', name: 'Framework' });
    expect(created.series).toEqual({ slug: 'laptop-13', name: 'Laptop 13' });
  });

  it('refuses a model the shop has (409, under model), and leaves it as it was', async () => {
    const again = await addModel({ ...newRow, brand: 'FRAMEWORK', aliases: ['Other'] });
    expect(again.status).toBe(409);
    const { error } = (await again.json()) as ErrorAnswer;
    expect(error.code).toBe('CONFLICT');
    expect(error.fields).toEqual({
      model: ['Framework Laptop 13 (Intel Core Ultra) is already in the catalogue'],
    });
    const found = (await (await app.request('/api/laptops?q=FRANMACP')).json()) as LaptopList;
    expect(found.models[0]!.aliases).toEqual(['FRANMACP', 'FW13 Ultra']);
  });

  it("refuses a model whose link would be another model's (409, under model)", async () => {
    // Brand "Framework Laptop" and model "13 (Intel Core Ultra)" make the first model's link.
    const response = await addModel({
      brand: 'Framework Laptop',
      series: 'Thirteen',
      model: '13 (Intel Core Ultra)',
      aliases: [],
    });
    expect(response.status).toBe(409);
    const { error } = (await response.json()) as ErrorAnswer;
    expect(error.fields?.model).toEqual([
      'Framework Laptop 13 (Intel Core Ultra) would have the link of another model',
    ]);
  });

  it('is for admins only: anonymous 401, a customer 403', async () => {
    const row = { ...newRow, model: 'Laptop 16' };
    expect((await send(app, 'POST', '/api/laptops', undefined, row)).status).toBe(401);
    const refused = await addModel(row, customer.token);
    expect(refused.status).toBe(403);
    expect(((await refused.json()) as ErrorAnswer).error.code).toBe('NOT_ADMIN');
  });

  it('checks the row as the models file does: a name at the limit, not one past it', async () => {
    const atLimit = 'M'.repeat(LAPTOP_MODEL_MAX);
    const empty = await addModel({ ...newRow, model: '  ' });
    expect(empty.status).toBe(400);
    expect(((await empty.json()) as ErrorAnswer).error.fields?.model).toEqual([
      'Model is required',
    ]);
    const tooLong = await addModel({ ...newRow, model: `${atLimit}M` });
    expect(tooLong.status).toBe(400);
    expect(((await tooLong.json()) as ErrorAnswer).error.fields?.model).toEqual([
      `Model must have at most ${LAPTOP_MODEL_MAX} characters`,
    ]);
    const longest = await addModel({ ...newRow, model: atLimit, aliases: [] });
    expect(longest.status).toBe(201);
  });
});
