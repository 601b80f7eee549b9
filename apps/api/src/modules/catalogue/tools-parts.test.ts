import type { Tool } from '@shop/shared';
import { sql } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeEachDatabase } from '../../test/databases';
import { send, signUpAdmin, signUpWithToken } from '../../test/identity';
import { type TestApp, createTestApp } from '../../test/test-app';

/**
 * The parts catalogue's fields on Add Tool and Manage Tools (issue 33): SKU, part type, brand,
 * condition, weight, part numbers and fitment, written in one transaction with the tool.
 */

let counter = 0;
/** A valid `POST /api/tools` body with a name of its own; the spec's fields only. */
const specTool = () => ({
  name: `Hinge ${(counter += 1)}`,
  description: 'Left and right hinges.',
  minOrderQuantity: 1,
  availableQuantity: 40,
  price: 19.95,
  img: 'https://example.com/hinge.png',
});

const T480 = 'lenovo-thinkpad-t480';
const T490 = 'lenovo-thinkpad-t490';
const T580 = 'lenovo-thinkpad-t580';

interface ErrorAnswer {
  error: { code: string; message: string; fields?: Record<string, string[]> };
}

describeEachDatabase('the parts fields of a tool, by admins', (kind) => {
  let app: TestApp;
  let admin: Awaited<ReturnType<typeof signUpAdmin>>;
  let customer: Awaited<ReturnType<typeof signUpWithToken>>;
  /** 510 models in all: three ThinkPads by name, and "Bulk 1" to "Bulk 507" for the limits. */
  const bulkSlugs = Array.from({ length: 507 }, (_, index) => `bulk-${index + 1}`);

  beforeAll(async () => {
    app = await createTestApp(kind, { seed: false });
    admin = await signUpAdmin(app);
    customer = await signUpWithToken(app);
    const db = app.database.db;
    const brand = await db
      .insertInto('laptop_brands')
      .values({ name: 'Lenovo', slug: 'lenovo' })
      .returning('id')
      .executeTakeFirstOrThrow();
    const series = await db
      .insertInto('laptop_series')
      .values({ brand_id: brand.id, name: 'ThinkPad T', slug: 'thinkpad-t' })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db
      .insertInto('laptop_models')
      .values([
        { series_id: series.id, name: 'ThinkPad T480', slug: T480 },
        { series_id: series.id, name: 'ThinkPad T490', slug: T490 },
        { series_id: series.id, name: 'ThinkPad T580', slug: T580 },
        ...bulkSlugs.map((slug, index) => ({
          series_id: series.id,
          name: `Bulk ${index + 1}`,
          slug,
        })),
      ])
      .execute();
  });
  afterAll(() => app.close());

  const create = (body: Record<string, unknown>) =>
    send(app, 'POST', '/api/tools', admin.token, body);
  const patch = (id: string, body: Record<string, unknown>) =>
    send(app, 'PATCH', `/api/tools/${id}`, admin.token, body);
  const created = async (body: Record<string, unknown> = {}) => {
    const response = await create({ ...specTool(), ...body });
    expect(response.status, await response.clone().text()).toBe(201);
    return (await response.json()) as Tool;
  };
  const shown = async (id: string) =>
    (await (await app.request(`/api/tools/${id}`)).json()) as Tool;
  /** The slugs of the models a tool fits, by slug (the fitment table as it is). */
  const fitsOf = async (id: string) =>
    (
      await app.database.db
        .selectFrom('fitment')
        .innerJoin('laptop_models', 'laptop_models.id', 'fitment.model_id')
        .select('laptop_models.slug')
        .where('fitment.tool_id', '=', id)
        .orderBy('laptop_models.slug')
        .execute()
    ).map((row) => row.slug);
  /** Rows of every table a tool write touches, to prove that a refusal wrote nothing. */
  const counts = async () => {
    const { rows } = await sql<{ tools: number; part_numbers: number; fitment: number }>`
      select (select count(*)::int from tools) as tools,
        (select count(*)::int from part_numbers) as part_numbers,
        (select count(*)::int from fitment) as fitment`.execute(app.database.db);
    return rows[0]!;
  };
  const refusal = async (response: Response, status: number) => {
    expect(response.status, await response.clone().text()).toBe(status);
    return ((await response.json()) as ErrorAnswer).error;
  };

  /** Every part field; its SKU (`T480-HINGE-L/R_2.N`) a new one each time. */
  const everyField = () => ({
    sku: `T480-HINGE-L/R_2.${(counter += 1)}`,
    category: 'hinge',
    brand: 'Lenovo',
    condition: 'refurbished',
    weightGrams: 85,
    partNumbers: [
      { kind: 'fru', maker: 'Lenovo', number: '01YR466' },
      { kind: 'mpn', maker: 'Amphenol', number: 'am-16-a' },
      // The same number under another kind is another entry.
      { kind: 'cross-reference', maker: 'Lenovo', number: '01-yr-466' },
    ],
    fits: [T490, T480],
  });

  it('adds a tool with every part field, and shows them after', async () => {
    const fields = everyField();
    const tool = await created(fields);
    const expected = {
      sku: fields.sku,
      category: { slug: 'hinge', name: 'Hinges' },
      brand: 'Lenovo',
      condition: 'refurbished',
      weightGrams: 85,
      // By kind, then number.
      partNumbers: [
        { kind: 'cross-reference', maker: 'Lenovo', number: '01-yr-466' },
        { kind: 'fru', maker: 'Lenovo', number: '01YR466' },
        { kind: 'mpn', maker: 'Amphenol', number: 'am-16-a' },
      ],
    };
    expect(tool).toMatchObject(expected);
    expect(await shown(tool._id)).toMatchObject(expected);
    expect(await fitsOf(tool._id)).toEqual([T480, T490]);
  });

  it('adds a tool from the spec fields alone as before: the defaults of the catalogue', async () => {
    const tool = await created();
    expect(tool).toMatchObject({
      category: { slug: 'other', name: 'Other parts' },
      brand: 'Generic',
      condition: 'new',
      weightGrams: 0,
      partNumbers: [],
    });
    expect(tool.sku).toMatch(/^LPS-\d{6}$/);
    expect(await fitsOf(tool._id)).toEqual([]);
  });

  it('trims what is typed: the SKU, brand, maker and number as stored', async () => {
    const tool = await created({
      sku: ' TRIM-1 ',
      brand: ' Dell ',
      partNumbers: [{ kind: 'oem', maker: ' Dell ', number: ' 0X1Y2 ' }],
    });
    expect(tool).toMatchObject({
      sku: 'TRIM-1',
      brand: 'Dell',
      partNumbers: [{ kind: 'oem', maker: 'Dell', number: '0X1Y2' }],
    });
  });

  it('replaces the part numbers and the models a part fits, and keeps what is not sent', async () => {
    const tool = await created(everyField());
    let response = await patch(tool._id, {
      partNumbers: [{ kind: 'oem', maker: 'Foxconn', number: 'FX-1' }],
      fits: [T580],
    });
    expect(response.status).toBe(200);
    expect(await shown(tool._id)).toMatchObject({
      sku: tool.sku,
      brand: 'Lenovo',
      weightGrams: 85,
      partNumbers: [{ kind: 'oem', maker: 'Foxconn', number: 'FX-1' }],
    });
    expect(await fitsOf(tool._id)).toEqual([T580]);

    // The spec's fields alone change nothing of the part's.
    response = await patch(tool._id, { price: 9.5 });
    expect(await response.json()).toMatchObject({
      price: 9.5,
      partNumbers: [{ kind: 'oem', maker: 'Foxconn', number: 'FX-1' }],
    });
    expect(await fitsOf(tool._id)).toEqual([T580]);

    // Empty sets clear them.
    response = await patch(tool._id, { partNumbers: [], fits: [] });
    expect(((await response.json()) as Tool).partNumbers).toEqual([]);
    expect(await fitsOf(tool._id)).toEqual([]);
  });

  it('changes the SKU, part type, brand, condition and weight in place', async () => {
    const tool = await created();
    const response = await patch(tool._id, {
      sku: 'NEW-SKU-1',
      category: 'battery',
      brand: 'Panasonic',
      condition: 'compatible',
      weightGrams: 100_000,
    });
    expect(response.status).toBe(200);
    const expected = {
      sku: 'NEW-SKU-1',
      category: { slug: 'battery', name: 'Batteries' },
      brand: 'Panasonic',
      condition: 'compatible',
      weightGrams: 100_000,
    };
    expect(await response.json()).toMatchObject(expected);
    expect(await shown(tool._id)).toMatchObject(expected);
  });

  it('answers the catalogue list with the change at once (the cache forgets)', async () => {
    const tool = await created();
    const listed = async () =>
      ((await (await app.request('/api/tools?limit=100')).json()) as Tool[]).find(
        (item) => item._id === tool._id,
      );
    expect((await listed())?.brand).toBe('Generic');
    expect((await patch(tool._id, { brand: 'Cached-not' })).status).toBe(200);
    expect((await listed())?.brand).toBe('Cached-not');
  });

  it('lists each tool with how many models it fits: on sale, searched and retired', async () => {
    const tool = await created({ fits: [T490, T480] });
    const fitsCountIn = async (path: string) => {
      const response = await send(app, 'GET', path, admin.token);
      expect(response.status, path).toBe(200);
      const page = (await response.json()) as (Tool & { fitsCount: number })[];
      return page.find((item) => item._id === tool._id)?.fitsCount;
    };
    const search = encodeURIComponent(tool.name);
    expect(await fitsCountIn('/api/tools?limit=100')).toBe(2);
    expect(await fitsCountIn(`/api/tools?search=${search}`)).toBe(2);
    // A change of its models shows at once (the cache forgets), none included.
    expect((await patch(tool._id, { fits: [T580] })).status).toBe(200);
    expect(await fitsCountIn('/api/tools?limit=100')).toBe(1);
    expect((await patch(tool._id, { fits: [] })).status).toBe(200);
    expect(await fitsCountIn(`/api/tools?search=${search}`)).toBe(0);
    // The one field more is the list's: one tool answers as before.
    expect(await shown(tool._id)).not.toHaveProperty('fitsCount');

    expect((await patch(tool._id, { fits: [T480] })).status).toBe(200);
    await app.database.db
      .updateTable('tools')
      .set({ retired_at: sql<Date>`now()` })
      .where('id', '=', tool._id)
      .execute();
    expect(await fitsCountIn(`/api/tools?retired=true&search=${search}`)).toBe(1);
  });

  it('answers 404 for a tool that is not there, whatever it is sent', async () => {
    const missing = '00000000-0000-4000-8000-000000000000';
    expect((await patch(missing, { fits: [T480] })).status).toBe(404);
    expect((await patch(missing, { brand: 'X' })).status).toBe(404);
  });

  it('refuses an unknown part type by name, and writes nothing', async () => {
    const before = await counts();
    const error = await refusal(
      await create({ ...specTool(), ...everyField(), sku: undefined, category: 'flux-capacitor' }),
      400,
    );
    expect(error).toMatchObject({
      code: 'VALIDATION_FAILED',
      message: 'Unknown category: flux-capacitor',
      fields: { category: ['Unknown category: flux-capacitor'] },
    });
    expect(await counts()).toEqual(before);
  });

  it('refuses unknown laptop models by name, and writes nothing', async () => {
    const before = await counts();
    const error = await refusal(
      await create({
        ...specTool(),
        ...everyField(),
        sku: undefined,
        fits: [T480, 'lenovo-thinkpad-t999'],
      }),
      400,
    );
    expect(error).toMatchObject({
      code: 'VALIDATION_FAILED',
      message: 'Unknown laptop model: lenovo-thinkpad-t999',
      fields: { fits: ['Unknown laptop model: lenovo-thinkpad-t999'] },
    });
    expect(await counts()).toEqual(before);
  });

  it('changes nothing of a tool when one part of its change is refused', async () => {
    const tool = await created(everyField());
    const before = await counts();
    const refusals: [Record<string, unknown>, string][] = [
      [{ fits: ['nope-1', T480, 'nope-2'] }, 'Unknown laptop models: nope-1, nope-2'],
      [{ category: 'nope' }, 'Unknown category: nope'],
    ];
    for (const [change, message] of refusals) {
      const error = await refusal(
        await patch(tool._id, {
          brand: 'Changed',
          weightGrams: 1,
          partNumbers: [{ kind: 'mpn', maker: 'X', number: 'CHANGED' }],
          fits: [T580],
          ...change,
        }),
        400,
      );
      expect(error.message).toBe(message);
    }
    expect(await shown(tool._id)).toMatchObject({
      brand: 'Lenovo',
      weightGrams: 85,
      partNumbers: [
        { kind: 'cross-reference', maker: 'Lenovo', number: '01-yr-466' },
        { kind: 'fru', maker: 'Lenovo', number: '01YR466' },
        { kind: 'mpn', maker: 'Amphenol', number: 'am-16-a' },
      ],
    });
    expect(await fitsOf(tool._id)).toEqual([T480, T490]);
    expect(await counts()).toEqual(before);
  });

  it('refuses a SKU another tool has, whatever its case, with 409 and nothing written', async () => {
    const first = await created({ sku: 'Dup-Sku-1' });
    const before = await counts();
    const error = await refusal(
      await create({ ...specTool(), sku: 'DUP-SKU-1', partNumbers: [everyField().partNumbers[0]] }),
      409,
    );
    expect(error).toMatchObject({
      code: 'CONFLICT',
      message: 'SKU DUP-SKU-1 is already used by another part',
      fields: { sku: ['SKU DUP-SKU-1 is already used by another part'] },
    });
    expect(await counts()).toEqual(before);

    const second = await created();
    const changed = await refusal(
      await patch(second._id, { sku: 'dup-sku-1', brand: 'Not kept', fits: [T480] }),
      409,
    );
    expect(changed.code).toBe('CONFLICT');
    expect(await shown(second._id)).toMatchObject({ sku: second.sku, brand: 'Generic' });
    expect(await fitsOf(second._id)).toEqual([]);

    // A tool may change the case of its own SKU.
    expect((await patch(first._id, { sku: 'DUP-SKU-1' })).status).toBe(200);
  });

  it("gives a new tool the next free SKU when an admin took the sequence's next one", async () => {
    const { rows } = await sql<{ next: string }>`
      select 'lps-' || lpad((last_value + 1)::text, 6, '0') as next from tool_sku_seq`.execute(
      app.database.db,
    );
    const taken = await created({ sku: rows[0]!.next });
    const next = await created();
    expect(next.sku).toMatch(/^LPS-\d{6}$/);
    expect(next.sku.toUpperCase()).not.toBe(taken.sku.toUpperCase());
  });

  it.each([
    ['sku', 'S'.repeat(40), 'S'.repeat(41), 'SKU must have at most 40 characters'],
    ['brand', 'B'.repeat(40), 'B'.repeat(41), 'Brand must have at most 40 characters'],
    ['weightGrams', 100_000, 100_001, 'Weight must be at most 100000 grams'],
    ['weightGrams', 0, -1, 'Weight must be at least 0 grams'],
  ] as const)(
    'takes %s at its limit and refuses one past it',
    async (field, atLimit, past, message) => {
      const tool = await created({ [field]: atLimit });
      expect(tool[field]).toBe(atLimit);
      for (const response of [
        await create({ ...specTool(), [field]: past }),
        await patch(tool._id, { [field]: past }),
      ]) {
        expect((await refusal(response, 400)).fields?.[field]).toEqual([message]);
      }
      expect((await shown(tool._id))[field]).toBe(atLimit);
    },
  );

  it('takes 20 part numbers and refuses 21', async () => {
    const numbers = (count: number) =>
      Array.from({ length: count }, (_, index) => ({
        kind: 'mpn',
        maker: 'M'.repeat(40),
        number: `${index}`.padStart(40, 'N'),
      }));
    const tool = await created({ partNumbers: numbers(20) });
    expect(tool.partNumbers).toHaveLength(20);
    for (const response of [
      await create({ ...specTool(), partNumbers: numbers(21) }),
      await patch(tool._id, { partNumbers: numbers(21) }),
    ]) {
      expect((await refusal(response, 400)).fields?.partNumbers).toEqual([
        'A part can have at most 20 part numbers',
      ]);
    }
    expect((await shown(tool._id)).partNumbers).toHaveLength(20);
  });

  it('takes 500 fitting models and refuses 501', async () => {
    const tool = await created({ fits: bulkSlugs.slice(0, 500) });
    expect(await fitsOf(tool._id)).toHaveLength(500);
    for (const response of [
      await create({ ...specTool(), fits: bulkSlugs.slice(0, 501) }),
      await patch(tool._id, { fits: bulkSlugs.slice(1, 502) }),
    ]) {
      expect((await refusal(response, 400)).fields?.fits).toEqual([
        'A part can fit at most 500 laptop models',
      ]);
    }
    expect((await fitsOf(tool._id))[0]).toBe('bulk-1');
  });

  it.each([
    [
      'a SKU with a space',
      { sku: 'AB 12' },
      'sku',
      'SKU can have letters, digits and . _ / - only',
    ],
    [
      'a SKU with an accent',
      { sku: 'CAFÉ-1' },
      'sku',
      'SKU can have letters, digits and . _ / - only',
    ],
    [
      'a SKU starting with a dash',
      { sku: '-AB' },
      'sku',
      'SKU must start with a letter or a digit',
    ],
    ['an empty SKU', { sku: '  ' }, 'sku', 'SKU cannot be empty'],
    ['an empty brand', { brand: '' }, 'brand', 'Brand cannot be empty'],
    [
      'an unknown condition',
      { condition: 'broken' },
      'condition',
      'Condition must be new, refurbished, used or compatible',
    ],
    [
      'a weight in part grams',
      { weightGrams: 1.5 },
      'weightGrams',
      'Weight must be a whole number of grams',
    ],
    ['a weight as text', { weightGrams: '85' }, 'weightGrams', 'Weight must be a number of grams'],
    [
      'an unknown part number kind',
      { partNumbers: [{ kind: 'ean', maker: 'A', number: '1' }] },
      'partNumbers.0.kind',
      'Kind must be mpn, fru, oem or cross-reference',
    ],
    [
      'a part number without a maker',
      { partNumbers: [{ kind: 'mpn', maker: ' ', number: '1' }] },
      'partNumbers.0.maker',
      'Maker cannot be empty',
    ],
    [
      'a part number of 41 characters',
      { partNumbers: [{ kind: 'mpn', maker: 'A', number: '1'.repeat(41) }] },
      'partNumbers.0.number',
      'Part number must have at most 40 characters',
    ],
    [
      'a part number with no letter or digit',
      { partNumbers: [{ kind: 'mpn', maker: 'A', number: '--' }] },
      'partNumbers.0.number',
      'Part number must have a letter or a digit',
    ],
    [
      'the same part number twice for one kind, as the catalogue compares them',
      {
        partNumbers: [
          { kind: 'fru', maker: 'Lenovo', number: '01AV431' },
          { kind: 'fru', maker: 'Other', number: '01-av-431' },
        ],
      },
      'partNumbers.1.number',
      'Part number 01-av-431 is listed twice as fru',
    ],
    [
      'a part number with an unknown field',
      { partNumbers: [{ kind: 'mpn', maker: 'A', number: '1', toolId: 'x' }] },
      'partNumbers.0',
      'Unrecognized key: "toolId"',
    ],
    [
      'the same model twice',
      { fits: [T480, T490, T480] },
      'fits.2',
      'Laptop model lenovo-thinkpad-t480 is listed twice',
    ],
    ['an empty model', { fits: [''] }, 'fits.0', 'Laptop model cannot be empty'],
    ['fits that are not a list', { fits: T480 }, 'fits', 'Fits must be a list of laptop models'],
  ])('refuses %s, on that field, in both writes', async (_label, change, field, message) => {
    const tool = await created();
    const before = await counts();
    for (const response of [
      await create({ ...specTool(), ...change }),
      await patch(tool._id, change),
    ]) {
      const error = await refusal(response, 400);
      expect(error.code).toBe('VALIDATION_FAILED');
      expect(error.fields?.[field]).toEqual([message]);
    }
    expect(await counts()).toEqual(before);
  });

  it('refuses the part fields to a customer (403) and to an anonymous caller (401)', async () => {
    const tool = await created();
    const before = await counts();
    for (const [method, path] of [
      ['POST', '/api/tools'],
      ['PATCH', `/api/tools/${tool._id}`],
    ] as const) {
      const body = { ...(method === 'POST' ? specTool() : {}), ...everyField(), sku: 'NOT-MINE' };
      expect((await send(app, method, path, undefined, body)).status).toBe(401);
      expect((await send(app, method, path, customer.token, body)).status).toBe(403);
    }
    expect(await counts()).toEqual(before);
    expect(await shown(tool._id)).toMatchObject({ sku: tool.sku, brand: 'Generic' });
  });
});
