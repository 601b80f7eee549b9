/**
 * A part's full title beside the spec's short name (issue 49, point 10): Add A Tool keeps its
 * 20-character name; a part may also have a title of up to 150 characters, which its page, the
 * search's cards and the cart show. Where the spec shows the name (My Orders, the slug, Manage
 * Tools' list) the name stays.
 */
import {
  type Cart,
  type Order,
  type PartPage,
  partSlug,
  type SearchResult,
  type Tool,
  TOOL_TITLE_MAX,
} from '@shop/shared';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeEachDatabase } from '../../test/databases';
import { send, signUpAdmin, signUpWithToken } from '../../test/identity';
import { type Account, errorOf, purchaseBody } from '../../test/shop';
import { type TestApp, createTestApp } from '../../test/test-app';

const TITLE = 'Lenovo ThinkPad T480 Rear Battery 24Wh 3-cell';

const toolInput = (fields: Record<string, unknown>) => ({
  name: 'T480 Rear Battery',
  description: 'Genuine Lenovo 3-cell rear battery.',
  minOrderQuantity: 1,
  availableQuantity: 40,
  price: 54.5,
  img: '/images/tools/laptop-battery.svg',
  ...fields,
});

describeEachDatabase("a part's full title beside its short name", (kind) => {
  let app: TestApp;
  let admin: Account;
  let customer: Account;
  beforeAll(async () => {
    app = await createTestApp(kind, { seed: false });
    admin = await signUpAdmin(app);
    customer = await signUpWithToken(app);
  });
  afterAll(() => app.close());

  const addTool = async (fields: Record<string, unknown>) => {
    const response = await send(app, 'POST', '/api/tools', admin.token, toolInput(fields));
    expect(response.status).toBe(201);
    return (await response.json()) as Tool;
  };
  const toolById = async (id: string) =>
    (await (await app.request(`/api/tools/${id}`)).json()) as Tool;
  const toolsNamed = (name: string) =>
    app.database.db.selectFrom('tools').select('id').where('name', '=', name).execute();

  it(`takes a title of ${TOOL_TITLE_MAX} characters beside the name, and refuses one more`, async () => {
    const longest = `${TITLE} ${'x'.repeat(TOOL_TITLE_MAX - TITLE.length - 1)}`;
    expect(longest).toHaveLength(150);
    const added = await addTool({ name: 'Longest Title', title: `  ${longest}  ` });
    expect(added).toMatchObject({ name: 'Longest Title', title: longest });
    expect(await toolById(added._id)).toMatchObject({ name: 'Longest Title', title: longest });

    const refused = await send(
      app,
      'POST',
      '/api/tools',
      admin.token,
      toolInput({ name: 'Too Long Title', title: `${longest}x` }),
    );
    expect(refused.status).toBe(400);
    expect(await errorOf(refused)).toMatchObject({
      code: 'VALIDATION_FAILED',
      fields: { title: ['Title must have at most 150 characters'] },
    });
    expect(await toolsNamed('Too Long Title')).toEqual([]);

    // The name keeps the spec's 20 characters, whatever the title.
    const longName = await send(
      app,
      'POST',
      '/api/tools',
      admin.token,
      toolInput({ name: 'n'.repeat(21), title: TITLE }),
    );
    expect(longName.status).toBe(400);
    expect((await errorOf(longName)).fields).toEqual({
      name: ['Name must have at most 20 characters'],
    });
  });

  it('answers the name as the title of a part that has none', async () => {
    const untitled = await addTool({ name: 'Untitled Fan' });
    expect(untitled.title).toBe('Untitled Fan');
    const blank = await addTool({ name: 'Blank Title Fan', title: '   ' });
    expect(blank.title).toBe('Blank Title Fan');
  });

  it('changes the title in place, back to the name when emptied, and refuses 151', async () => {
    const tool = await addTool({ name: 'Editable Part' });
    const patch = (body: Record<string, unknown>) =>
      send(app, 'PATCH', `/api/tools/${tool._id}`, admin.token, body);

    const titled = await patch({ title: TITLE });
    expect(titled.status).toBe(200);
    expect(await titled.json()).toMatchObject({ name: 'Editable Part', title: TITLE });
    // Another change leaves the title as it is.
    expect((await (await patch({ price: 60 })).json()) as Tool).toMatchObject({
      title: TITLE,
      price: 60,
    });

    const refused = await patch({ title: 'x'.repeat(TOOL_TITLE_MAX + 1) });
    expect(refused.status).toBe(400);
    expect((await errorOf(refused)).fields).toEqual({
      title: ['Title must have at most 150 characters'],
    });
    expect((await toolById(tool._id)).title).toBe(TITLE);

    expect(((await (await patch({ title: '' })).json()) as Tool).title).toBe('Editable Part');
    // A customer cannot set it.
    expect(
      (await send(app, 'PATCH', `/api/tools/${tool._id}`, customer.token, { title: 'Mine' }))
        .status,
    ).toBe(403);
  });

  it("shows the title on the part's page and the search's cards; the slug stays the name's", async () => {
    const tool = await addTool({ name: 'T480 Titled Battery', title: TITLE, sku: 'TITLE-480' });
    const slug = partSlug('T480 Titled Battery', 'TITLE-480');
    const page = await app.request(`/api/parts/${slug}`);
    expect(page.status).toBe(200);
    const { part } = (await page.json()) as PartPage;
    expect(part).toMatchObject({ _id: tool._id, name: 'T480 Titled Battery', title: TITLE });

    const found = (await (
      await app.request(`/api/search?q=${encodeURIComponent('TITLE-480')}`)
    ).json()) as SearchResult;
    expect(found.items.map((item) => [item.name, item.title])).toEqual([
      ['T480 Titled Battery', TITLE],
    ]);
    const listed = (await (
      await app.request(`/api/tools?search=${encodeURIComponent('T480 Titled')}`)
    ).json()) as Tool[];
    expect(listed.map((item) => [item.name, item.title])).toEqual([['T480 Titled Battery', TITLE]]);
  });

  it('names the cart line by its title; the order keeps the short name the spec shows', async () => {
    const tool = await addTool({ name: 'Cart Titled Part', title: TITLE });
    const added = await send(app, 'POST', '/api/cart/lines', customer.token, {
      toolId: tool._id,
      quantity: 1,
    });
    expect(added.status).toBe(200);
    const cart = (await added.json()) as Cart;
    expect(cart.lines.map((line) => [line.name, line.title])).toEqual([
      ['Cart Titled Part', TITLE],
    ]);
    const read = (await (await send(app, 'GET', '/api/cart', customer.token)).json()) as Cart;
    expect(read.lines[0]?.title).toBe(TITLE);

    const placed = await send(
      app,
      'POST',
      '/api/purchase',
      customer.token,
      purchaseBody(tool._id, { quantity: 1 }),
    );
    expect(placed.status).toBe(201);
    const order = (await placed.json()) as Order;
    expect(order.tool).toBe('Cart Titled Part');
    expect(order.lines.map((line) => line.tool)).toEqual(['Cart Titled Part']);
    // The line keeps the title it was bought under, for its invoice.
    const line = await app.database.db
      .selectFrom('order_lines')
      .select(['tool_name', 'tool_title'])
      .where('order_id', '=', order._id)
      .executeTakeFirstOrThrow();
    expect(line).toEqual({ tool_name: 'Cart Titled Part', tool_title: TITLE });
  });
});
