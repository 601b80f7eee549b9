import {
  CATALOGUE_COLUMNS,
  CATALOGUE_KINDS,
  type CatalogueImportReport,
  catalogueTemplate,
  catalogueErrorsOf,
  type Tool,
} from '@shop/shared';
import { stringify } from 'csv-stringify/sync';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describeEachDatabase, testDatabaseKinds } from '../../../test/databases';
import { bearer, send, signUpAdmin, signUpWithToken } from '../../../test/identity';
import { type TestApp, createTestApp, testEnv } from '../../../test/test-app';

type Account = Awaited<ReturnType<typeof signUpWithToken>>;
type ErrorAnswer = { error: { code: string; message: string; fields?: Record<string, string[]> } };

const PARTS_HEADER = CATALOGUE_COLUMNS.parts.join(',');
const MODELS_HEADER = CATALOGUE_COLUMNS.models.join(',');

/** A file from its rows (header first), as a spreadsheet saves it. */
const csv = (rows: (string | number)[][]) => stringify(rows, { record_delimiter: '\r\n' });

/** A valid parts row; `fields` replaces cells by column name. */
function partRow(sku: string, fields: Partial<Record<string, string | number>> = {}) {
  const row: Record<string, string | number> = {
    sku,
    name: `Part ${sku}`.slice(0, 20),
    title: '',
    category: 'battery',
    brand: 'Acme',
    condition: 'new',
    price: 19.99,
    minOrderQuantity: 1,
    availableQuantity: 10,
    weightGrams: 120,
    shippingClass: '',
    description: `The part ${sku}`,
    img: '/images/tools/laptop-battery.svg',
    partNumbers: `mpn:${sku}-M`,
    fits: '',
    ...fields,
  };
  return CATALOGUE_COLUMNS.parts.map((column) => row[column]!);
}

const partsFile = (rows: (string | number)[][]) => csv([[...CATALOGUE_COLUMNS.parts], ...rows]);
const modelsFile = (rows: string[][]) => csv([[...CATALOGUE_COLUMNS.models], ...rows]);

describeEachDatabase('catalogue import and export', (kind) => {
  let app: TestApp;
  let admin: Account;
  let customer: Account;
  beforeAll(async () => {
    app = await createTestApp(kind, { seed: false });
    admin = await signUpAdmin(app);
    customer = await signUpWithToken(app);
  });
  afterAll(() => app.close());

  const importCsv = (
    catalogueKind: 'models' | 'parts',
    body: string,
    dryRun: boolean,
    token = admin.token,
  ) =>
    app.request(`/api/catalogue/import?kind=${catalogueKind}&dryRun=${dryRun}`, {
      method: 'POST',
      headers: bearer(token, { 'Content-Type': 'text/csv' }),
      body,
    });
  const imported = async (catalogueKind: 'models' | 'parts', body: string, dryRun = false) => {
    const response = await importCsv(catalogueKind, body, dryRun);
    const text = await response.text();
    expect(response.status, text).toBe(200);
    return JSON.parse(text) as CatalogueImportReport;
  };
  const refused = async (catalogueKind: 'models' | 'parts', body: string, dryRun = false) => {
    const response = await importCsv(catalogueKind, body, dryRun);
    expect(response.status).toBe(400);
    const { error } = (await response.json()) as ErrorAnswer;
    expect(error.code).toBe('VALIDATION_FAILED');
    return catalogueErrorsOf(error.fields ?? {});
  };
  const exported = async (catalogueKind: 'models' | 'parts') => {
    const response = await app.request(`/api/catalogue/export?kind=${catalogueKind}`, {
      headers: bearer(admin.token),
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(response.headers.get('content-disposition')).toMatch(
      new RegExp(`^attachment; filename="catalogue-${catalogueKind}-\\d{4}-\\d{2}-\\d{2}\\.csv"$`),
    );
    return response.text();
  };
  const toolCount = async () =>
    Number(
      (await sql<{ count: string }>`select count(*) as count from tools`.execute(app.database.db))
        .rows[0]!.count,
    );
  const toolBySku = async (sku: string) => {
    const row = await app.database.db
      .selectFrom('tools')
      .select('id')
      .where(sql<string>`upper(sku)`, '=', sku.toUpperCase())
      .executeTakeFirstOrThrow();
    return (await (await app.request(`/api/tools/${row.id}`)).json()) as Tool;
  };

  it('refuses anonymous callers (401) and customers (403) on both routes, in the one shape', async () => {
    const file = partsFile([partRow('AUTH-1')]);
    for (const [token, status, code] of [
      [undefined, 401, 'UNAUTHENTICATED'],
      [customer.token, 403, 'NOT_ADMIN'],
    ] as const) {
      const headers = token ? bearer(token) : {};
      const importing = await app.request('/api/catalogue/import?kind=parts&dryRun=false', {
        method: 'POST',
        headers: { ...headers, 'Content-Type': 'text/csv' },
        body: file,
      });
      const exporting = await app.request('/api/catalogue/export?kind=parts', { headers });
      for (const response of [importing, exporting]) {
        expect(response.status).toBe(status);
        expect(((await response.json()) as ErrorAnswer).error.code).toBe(code);
      }
    }
    expect(await toolCount()).toBe(0);
  });

  it('creates models with their brands, series and aliases, slugged as the shop slugs them', async () => {
    const report = await imported(
      'models',
      modelsFile([
        ['Lenovo', 'ThinkPad T-series', 'ThinkPad T480', 'T480;20L5;20L6'],
        ['Lenovo', 'ThinkPad T-series', 'ThinkPad T470', 'T470'],
        ['Dell', 'Latitude', 'Latitude 5490', ''],
      ]),
    );
    expect(report).toMatchObject({ kind: 'models', dryRun: false, created: 3, updated: 0 });
    expect(report.keys.created).toEqual([
      'Lenovo ThinkPad T480',
      'Lenovo ThinkPad T470',
      'Dell Latitude 5490',
    ]);
    const page = (await (await app.request('/api/laptops/lenovo-thinkpad-t480')).json()) as {
      model: { brand: { slug: string }; series: { slug: string }; aliases: string[] };
    };
    expect(page.model.brand.slug).toBe('lenovo');
    expect(page.model.series.slug).toBe('thinkpad-t-series');
    expect(page.model.aliases).toEqual(['20L5', '20L6', 'T480']);

    // Same brand (any case) and model name: updated, its aliases replaced, moved to a new series.
    const again = await imported(
      'models',
      modelsFile([
        ['lenovo', 'ThinkPad Classic', 'ThinkPad T470', 'T470;20HD'],
        ['Lenovo', 'ThinkPad T-series', 'ThinkPad T480', '20L6;T480;20L5'],
      ]),
    );
    expect(again).toMatchObject({ created: 0, updated: 1, unchanged: 1 });
    expect(again.keys.updated).toEqual(['Lenovo ThinkPad T470']);
    const moved = (await (await app.request('/api/laptops/lenovo-thinkpad-t470')).json()) as {
      model: { series: { slug: string; name: string }; aliases: string[] };
    };
    expect(moved.model.series).toEqual({ slug: 'thinkpad-classic', name: 'ThinkPad Classic' });
    expect(moved.model.aliases).toEqual(['20HD', 'T470']);
  });

  it('refuses a models file with any bad row, naming each row and column', async () => {
    const errors = await refused(
      'models',
      modelsFile([
        ['Lenovo', 'ThinkPad T-series', 'ThinkPad X1', 'X1;x-1'],
        ['', 'Series', 'Model', ''],
        ['Lenovo', 'ThinkPad T-series', 'ThinkPad X1', ''],
        ['Acer', 'Aspire', 'A'.repeat(61), ''],
      ]),
    );
    expect(errors).toEqual([
      { row: 2, column: 'aliases', message: 'Alias x-1 is listed twice' },
      { row: 3, column: 'brand', message: 'Brand is required' },
      { row: 5, column: 'model', message: 'Model must have at most 60 characters' },
    ]);
    const duplicate = await refused(
      'models',
      modelsFile([
        ['Acer', 'Aspire', 'Aspire 5', ''],
        ['ACER', 'Aspire', 'Aspire 5', ''],
      ]),
    );
    // Text with a control character is refused as in every other input.
    expect(await refused('models', modelsFile([['Len\u0001ovo', 'Series', 'Model', '']]))).toEqual([
      { row: 2, column: 'brand', message: 'Brand cannot contain control characters' },
    ]);
    expect(duplicate).toEqual([
      { row: 3, column: 'model', message: 'ACER Aspire 5 is also on row 2' },
    ]);
    expect(
      await app.database.db
        .selectFrom('laptop_brands')
        .select('name')
        .where('name', '=', 'Acer')
        .execute(),
    ).toEqual([]);
  });

  it('imports parts: numbers keep their maker or take the brand, fits by brand and model', async () => {
    const report = await imported(
      'parts',
      partsFile([
        partRow('RT-1', {
          partNumbers: 'fru:01AV431;mpn:SB10K97578',
          fits: 'Lenovo ThinkPad T480;lenovo  thinkpad t470',
        }),
        partRow('RT-2', { category: '', brand: '', condition: '', weightGrams: '' }),
      ]),
    );
    expect(report).toMatchObject({ created: 2, updated: 0, unchanged: 0 });
    const first = await toolBySku('RT-1');
    expect(first.partNumbers).toEqual([
      { kind: 'fru', maker: 'Acme', number: '01AV431' },
      { kind: 'mpn', maker: 'Acme', number: 'SB10K97578' },
    ]);
    const fits = (await (await app.request(`/api/tools/${first._id}/fits`)).json()) as {
      models: { slug: string }[];
    };
    expect(fits.models.map((model) => model.slug).sort()).toEqual([
      'lenovo-thinkpad-t470',
      'lenovo-thinkpad-t480',
    ]);
    // Empty part cells: the shop's defaults for a new part.
    expect(await toolBySku('RT-2')).toMatchObject({
      category: { slug: 'other' },
      brand: 'Generic',
      condition: 'new',
      weightGrams: 0,
    });

    // The maker is kept for a number the part has; a new number takes the (new) brand.
    await app.database.db
      .updateTable('part_numbers')
      .set({ maker: 'Lenovo' })
      .where('tool_id', '=', first._id)
      .where('kind', '=', 'fru')
      .execute();
    const changed = await imported(
      'parts',
      partsFile([
        partRow('rt-1', {
          brand: 'Other Maker',
          price: 25,
          partNumbers: 'fru:01-av-431;oem:L123',
          fits: 'Lenovo ThinkPad T480',
        }),
      ]),
    );
    expect(changed).toMatchObject({ created: 0, updated: 1, keys: { updated: ['rt-1'] } });
    const after = await toolBySku('RT-1');
    expect(after).toMatchObject({ _id: first._id, sku: 'rt-1', price: 25, brand: 'Other Maker' });
    expect(after.partNumbers).toEqual([
      { kind: 'fru', maker: 'Lenovo', number: '01-av-431' },
      { kind: 'oem', maker: 'Other Maker', number: 'L123' },
    ]);
  });

  it("reads a part's shipping class, keeps it when the cell is empty, and names an unknown one", async () => {
    await imported(
      'parts',
      partsFile([
        partRow('SHIP-1', { category: 'screen', shippingClass: 'oversized' }),
        partRow('SHIP-2', { category: 'battery' }),
        partRow('SHIP-3', { category: 'battery', shippingClass: 'oversized' }),
        partRow('SHIP-4', { category: 'screen' }),
      ]),
    );
    const classOf = async (sku: string) => (await toolBySku(sku)).shippingClass;
    expect(await classOf('SHIP-1')).toBe('oversized');
    // A battery is a lithium battery unless said to be oversized; any other part is standard.
    expect(await classOf('SHIP-2')).toBe('lithium_battery');
    expect(await classOf('SHIP-3')).toBe('oversized');
    expect(await classOf('SHIP-4')).toBe('standard');

    // Empty keeps the part's; a battery said to be standard stays a lithium battery, unchanged.
    const again = await imported(
      'parts',
      partsFile([
        partRow('SHIP-1', { category: 'screen' }),
        partRow('SHIP-2', { category: 'battery', shippingClass: 'standard' }),
        partRow('SHIP-4', { category: 'screen', shippingClass: 'oversized' }),
      ]),
    );
    expect(again.keys).toEqual({
      created: [],
      updated: ['SHIP-4'],
      unchanged: ['SHIP-1', 'SHIP-2'],
    });
    expect(await classOf('SHIP-1')).toBe('oversized');
    expect(await classOf('SHIP-2')).toBe('lithium_battery');
    expect(await classOf('SHIP-4')).toBe('oversized');

    // The file's words, not the form's label.
    expect(
      await refused('parts', partsFile([partRow('SHIP-5', { shippingClass: 'lithium battery' })])),
    ).toEqual([
      {
        row: 2,
        column: 'shippingClass',
        message: 'Shipping class must be standard, lithium_battery or oversized',
      },
    ]);
  });

  it('exports what it imports: import, export, import again changes nothing', async () => {
    await imported(
      'parts',
      partsFile([
        partRow('TRIP-1', {
          name: 'Quoted, "name"',
          description: 'Two lines:\nsecond, with "quotes"',
          fits: 'Dell Latitude 5490;Lenovo ThinkPad T480',
          partNumbers: 'cross-reference:X-1;mpn:A:B',
        }),
        partRow('TRIP-2', { price: 1234.5, availableQuantity: 0 }),
      ]),
    );
    for (const catalogueKind of ['models', 'parts'] as const) {
      const first = await exported(catalogueKind);
      const again = await imported(catalogueKind, first);
      expect(again.created, catalogueKind).toBe(0);
      expect(again.updated, catalogueKind).toBe(0);
      expect(again.unchanged, catalogueKind).toBe(again.rows);
      expect(again.rows, catalogueKind).toBeGreaterThan(1);
      expect(await exported(catalogueKind), catalogueKind).toBe(first);
    }
    const parts = await exported('parts');
    expect(parts.split('\r\n')[0]).toBe(PARTS_HEADER);
    expect(parts).toContain(
      'TRIP-2,Part TRIP-2,,battery,Acme,new,1234.5,1,0,120,lithium_battery,The part TRIP-2,/images/tools/laptop-battery.svg,mpn:TRIP-2-M,\r\n',
    );
    expect(parts).toContain('cross-reference:X-1;mpn:A:B,Dell Latitude 5490;Lenovo ThinkPad T480');
    expect((await exported('models')).split('\r\n')[0]).toBe(MODELS_HEADER);
  });

  it("carries a part's full title both ways: exported, imported back unchanged, changed, emptied", async () => {
    const title = 'Lenovo ThinkPad T480 Rear Battery 24Wh 3-cell, "genuine"';
    const longest = `Lenovo ThinkPad T480 ${'t'.repeat(150 - 21)}`;
    expect(longest).toHaveLength(150);
    await imported(
      'parts',
      partsFile([
        partRow('TITLE-1', { name: 'T480 Rear Battery', title }),
        partRow('TITLE-2', { name: 'T480 Fan', title: longest }),
        partRow('TITLE-3', { name: 'T480 Hinges', title: '' }),
      ]),
    );
    expect(await toolBySku('TITLE-1')).toMatchObject({ name: 'T480 Rear Battery', title });
    expect((await toolBySku('TITLE-2')).title).toBe(longest);
    // No title: the short name stands in where a title is shown.
    expect(await toolBySku('TITLE-3')).toMatchObject({ name: 'T480 Hinges', title: 'T480 Hinges' });

    const text = await exported('parts');
    const line = (sku: string) => text.split('\r\n').find((one) => one.startsWith(`${sku},`))!;
    expect(line('TITLE-1')).toContain(
      'TITLE-1,T480 Rear Battery,"Lenovo ThinkPad T480 Rear Battery 24Wh 3-cell, ""genuine""",battery,',
    );
    expect(line('TITLE-2')).toContain(`,T480 Fan,${longest},battery,`);
    // Exported empty, not as the name: imported back, it stays untitled.
    expect(line('TITLE-3')).toContain(',T480 Hinges,,battery,');
    const again = await imported('parts', text);
    expect(again.updated).toBe(0);
    expect(again.keys.unchanged).toEqual(expect.arrayContaining(['TITLE-1', 'TITLE-2', 'TITLE-3']));

    // A title changed alone updates the part; emptied, the name stands in again.
    const changed = await imported(
      'parts',
      partsFile([
        partRow('TITLE-1', { name: 'T480 Rear Battery', title: '' }),
        partRow('TITLE-3', { name: 'T480 Hinges', title: '  Lenovo ThinkPad T480 Hinges  ' }),
      ]),
    );
    expect(changed).toMatchObject({ created: 0, updated: 2 });
    expect((await toolBySku('TITLE-1')).title).toBe('T480 Rear Battery');
    expect((await toolBySku('TITLE-3')).title).toBe('Lenovo ThinkPad T480 Hinges');

    // One character past 150 is refused by row and column, and nothing is written.
    expect(
      await refused(
        'parts',
        partsFile([partRow('TITLE-4', { name: 'T480 Fan 2', title: `${longest}x` })]),
      ),
    ).toEqual([{ row: 2, column: 'title', message: 'Title must have at most 150 characters' }]);
    expect(
      await app.database.db.selectFrom('tools').select('id').where('sku', '=', 'TITLE-4').execute(),
    ).toEqual([]);
  });

  it('escapes text cells a spreadsheet would run as formulas, and reads them back as they were', async () => {
    await imported(
      'parts',
      partsFile([
        partRow('FORMULA-1', {
          name: '=1+2',
          brand: '+Brand',
          description: '-minus first',
          partNumbers: '',
        }),
        partRow('FORMULA-2', { name: '@SUM(A1)', description: " \t=HYPERLINK('x')" }),
        // A leading ' before a formula is an escape, read as the cell without it; '' keeps one.
        partRow('FORMULA-3', { name: "'=was escaped" }),
        partRow('FORMULA-4', { name: "''=quote kept" }),
      ]),
    );
    expect((await toolBySku('FORMULA-1')).name).toBe('=1+2');
    const text = await exported('parts');
    const line = (sku: string) => text.split('\r\n').find((one) => one.startsWith(sku))!;
    expect(line('FORMULA-1')).toBe(
      "FORMULA-1,'=1+2,,battery,'+Brand,new,19.99,1,10,120,lithium_battery,'-minus first,/images/tools/laptop-battery.svg,,",
    );
    expect(line('FORMULA-2')).toContain(",'@SUM(A1),");
    // Trimmed when stored: the formula is first, and escaped.
    expect(line('FORMULA-2')).toContain(",'=HYPERLINK('x'),");
    expect(line('FORMULA-3')).toContain(",'=was escaped,");
    expect(line('FORMULA-4')).toContain(",''=quote kept,");
    // Numbers are not text: a negative one would not be escaped (none is allowed here).
    expect(line('FORMULA-1')).toContain(',19.99,1,10,120,lithium_battery,');
    const again = await imported('parts', text);
    expect(again.created + again.updated).toBe(0);
    expect((await toolBySku('FORMULA-3')).name).toBe('=was escaped');
    expect((await toolBySku('FORMULA-4')).name).toBe("'=quote kept");
  });

  it('a dry run reports what would change and writes nothing', async () => {
    const before = await exported('parts');
    const count = await toolCount();
    const report = await imported(
      'parts',
      partsFile([partRow('DRY-1'), partRow('TRIP-2', { price: 99 }), partRow('TRIP-1', {})]),
      true,
    );
    expect(report).toMatchObject({
      dryRun: true,
      rows: 3,
      created: 1,
      updated: 2,
      keys: { created: ['DRY-1'], updated: ['TRIP-2', 'TRIP-1'] },
    });
    expect(await toolCount()).toBe(count);
    expect(await exported('parts')).toBe(before);
  });

  it('refuses a file of 10,000 parts with one bad row: every error named, nothing written', async () => {
    const before = await exported('parts');
    const count = await toolCount();
    const rows = Array.from({ length: 10_000 }, (_, index) => partRow(`BULK-${index}`));
    rows[7_500] = partRow('BULK-7500', { price: 'twelve' });
    const errors = await refused('parts', partsFile(rows));
    expect(errors).toEqual([{ row: 7_502, column: 'price', message: 'Price must be a number' }]);
    expect(await toolCount()).toBe(count);
    expect(await exported('parts')).toBe(before);
  });

  it('lists every error of a parts file by row and column', async () => {
    const errors = await refused(
      'parts',
      partsFile([
        partRow('BAD-1', { name: 'A name that is far too long', category: 'spaceship' }),
        partRow('BAD-2', { fits: 'Lenovo ThinkPad T480;Apple MacBook Neo', condition: 'broken' }),
        partRow('bad-1'),
        partRow('BAD-4', { partNumbers: 'nokind;zzz:1', minOrderQuantity: 1.5 }),
        partRow('', { price: 0, img: 'javascript:alert(1)' }),
        ['BAD-6', 'Too few cells'],
      ]),
    );
    expect(errors).toEqual([
      { row: 2, column: 'name', message: 'Name must have at most 20 characters' },
      { row: 2, column: 'category', message: 'Unknown category: spaceship' },
      {
        row: 3,
        column: 'condition',
        message: 'Condition must be new, refurbished, used or compatible',
      },
      { row: 3, column: 'fits', message: 'Unknown laptop model: Apple MacBook Neo' },
      { row: 4, column: 'sku', message: 'SKU bad-1 is also on row 2' },
      {
        row: 5,
        column: 'partNumbers',
        message: 'Part number nokind must be written kind:number, as fru:01AV431',
      },
      { row: 5, column: 'partNumbers', message: 'Kind must be mpn, fru, oem or cross-reference' },
      {
        row: 5,
        column: 'minOrderQuantity',
        message: 'Minimum order quantity must be a whole number',
      },
      { row: 6, column: 'price', message: 'Price must be above 0' },
      { row: 6, column: 'img', message: 'Provide a valid image URL (http or https)' },
      { row: 6, column: 'sku', message: 'SKU is required: it is the part in the file' },
      {
        row: 7,
        column: '*',
        message: `The row has 2 cells; the header has ${CATALOGUE_COLUMNS.parts.length}`,
      },
    ]);
    const header = await refused('parts', 'sku,name\r\nX,Y\r\n');
    expect(header).toEqual([
      { row: 1, column: '*', message: `The header row must be exactly: ${PARTS_HEADER}` },
    ]);
    const broken = await refused('parts', `${PARTS_HEADER}\r\n"unclosed,quote\r\n`);
    expect(broken[0]).toMatchObject({ row: 2, column: '*' });
  });

  it('takes only text/csv, and a kind and dryRun it knows', async () => {
    const response = await app.request('/api/catalogue/import?kind=parts&dryRun=true', {
      method: 'POST',
      headers: bearer(admin.token, { 'Content-Type': 'application/json' }),
      body: '{}',
    });
    expect(response.status).toBe(415);
    expect(((await response.json()) as ErrorAnswer).error.code).toBe('UNSUPPORTED_MEDIA_TYPE');
    for (const query of ['kind=tools&dryRun=true', 'kind=parts', 'kind=parts&dryRun=yes']) {
      const bad = await app.request(`/api/catalogue/import?${query}`, {
        method: 'POST',
        headers: bearer(admin.token, { 'Content-Type': 'text/csv' }),
        body: `${PARTS_HEADER}\r\n`,
      });
      expect(bad.status, query).toBe(400);
    }
  });

  it('takes a file of exactly CATALOGUE_IMPORT_LIMIT_BYTES and refuses one byte more; JSON routes keep BODY_LIMIT_BYTES', async () => {
    const limit = testEnv.CATALOGUE_IMPORT_LIMIT_BYTES;
    expect(limit).toBeGreaterThan(testEnv.BODY_LIMIT_BYTES);
    /** A valid parts file of exactly `size` bytes: rows with long descriptions, the last padded. */
    const fileOf = (size: number) => {
      const rows: string[] = [`${PARTS_HEADER}\r\n`];
      let remaining = size - rows[0]!.length;
      for (let index = 0; remaining > 0; index += 1) {
        const row = (length: number) =>
          csv([partRow(`LIMIT-${index}`, { description: 'd'.repeat(length), partNumbers: '' })]);
        const room = remaining - row(0).length;
        // Descriptions of 1 to 2000 characters; the last row takes what is left.
        const next = row(room <= 2000 ? room : Math.min(2000, room - 300));
        rows.push(next);
        remaining -= next.length;
      }
      return rows.join('');
    };
    for (const declared of [true, false]) {
      const post = (body: string) =>
        app.request('/api/catalogue/import?kind=parts&dryRun=true', {
          method: 'POST',
          headers: bearer(admin.token, {
            'Content-Type': 'text/csv',
            ...(declared ? { 'Content-Length': String(Buffer.byteLength(body)) } : {}),
          }),
          body,
        });
      const atLimit = fileOf(limit);
      expect(Buffer.byteLength(atLimit)).toBe(limit);
      const accepted = await post(atLimit);
      expect(accepted.status, await accepted.clone().text()).toBe(200);
      const over = await post(fileOf(limit + 1));
      expect(over.status).toBe(413);
      expect(((await over.json()) as ErrorAnswer).error.code).toBe('PAYLOAD_TOO_LARGE');
    }
    // A JSON route: one byte over its own limit is refused, however large the import's.
    const tooLarge = await send(app, 'POST', '/api/tools', admin.token, {
      name: 'x',
      description: 'd'.repeat(testEnv.BODY_LIMIT_BYTES),
    });
    expect(tooLarge.status).toBe(413);
  });
});

/**
 * The Import catalogue page's templates (issue 49): made from the column definitions the import
 * reads its header by, and taken as they are. On an empty shop the models template comes first:
 * the parts template's part fits its laptop.
 */
describeEachDatabase('the import templates', (kind) => {
  let app: TestApp;
  let admin: Account;
  beforeAll(async () => {
    app = await createTestApp(kind, { seed: false });
    admin = await signUpAdmin(app);
  });
  afterAll(() => app.close());

  const imported = async (catalogueKind: 'models' | 'parts', body: string, dryRun: boolean) => {
    const response = await app.request(
      `/api/catalogue/import?kind=${catalogueKind}&dryRun=${dryRun}`,
      {
        method: 'POST',
        headers: bearer(admin.token, { 'Content-Type': 'text/csv' }),
        body,
      },
    );
    const text = await response.text();
    expect(response.status, text).toBe(200);
    return JSON.parse(text) as CatalogueImportReport;
  };

  it('are accepted as they are: checked, imported, then found unchanged', async () => {
    for (const catalogueKind of CATALOGUE_KINDS) {
      const template = catalogueTemplate(catalogueKind);
      const [header, ...rows] = template.split('\r\n');
      expect(header).toBe(CATALOGUE_COLUMNS[catalogueKind].join(','));
      expect(rows.filter((row) => row !== '').length).toBeGreaterThanOrEqual(1);
      const checked = await imported(catalogueKind, template, true);
      expect(checked, catalogueKind).toMatchObject({ rows: 1, created: 1, updated: 0 });
      expect(await imported(catalogueKind, template, false)).toMatchObject({ created: 1 });
      expect(await imported(catalogueKind, template, false)).toMatchObject({ unchanged: 1 });
    }
    // Every cell of the parts template is stored as written: the shop's export is the template.
    const response = await app.request('/api/catalogue/export?kind=parts', {
      headers: bearer(admin.token),
    });
    expect(await response.text()).toBe(catalogueTemplate('parts'));
  });
});

/**
 * 50,000 parts in one file, one transaction, timed: on PostgreSQL in every run. PGlite took 86
 * to 148 s on the shared 2-core machine (docs/decisions/033), too long for every CI run.
 */
describe.each(testDatabaseKinds.filter((kind) => kind === 'postgres'))(
  'catalogue import at scale [%s]',
  (kind) => {
    let app: TestApp;
    let admin: Account;
    beforeAll(async () => {
      app = await createTestApp(kind, {
        seed: false,
        env: { CATALOGUE_IMPORT_LIMIT_BYTES: 20 * 1024 * 1024 },
      });
      admin = await signUpAdmin(app);
    });
    afterAll(() => app.close());

    describe('50,000 parts', () => {
      it(
        'are created in one import, then found unchanged by the next',
        { timeout: 600_000 },
        async () => {
          const rows = Array.from({ length: 50_000 }, (_, index) =>
            partRow(`SCALE-${String(index).padStart(5, '0')}`, {
              partNumbers: `mpn:SC${index};fru:FR${index}`,
            }),
          );
          const file = partsFile(rows);
          const post = (dryRun: boolean) =>
            app.uncheckedRequest(`/api/catalogue/import?kind=parts&dryRun=${dryRun}`, {
              method: 'POST',
              headers: bearer(admin.token, { 'Content-Type': 'text/csv' }),
              body: file,
            });
          let started = performance.now();
          const created = await post(false);
          const createdMs = performance.now() - started;
          expect(created.status).toBe(200);
          expect(((await created.json()) as CatalogueImportReport).created).toBe(50_000);
          started = performance.now();
          const again = await post(false);
          const againMs = performance.now() - started;
          expect(((await again.json()) as CatalogueImportReport).unchanged).toBe(50_000);
          started = performance.now();
          const exportedText = await (
            await app.uncheckedRequest('/api/catalogue/export?kind=parts', {
              headers: bearer(admin.token),
            })
          ).text();
          const exportMs = performance.now() - started;
          expect(exportedText.trim().split('\r\n')).toHaveLength(50_001);
          console.log(
            `catalogue import [${kind}]: ${(file.length / 1e6).toFixed(1)} MB, 50,000 parts created in ${Math.round(createdMs)} ms, ` +
              `re-imported unchanged in ${Math.round(againMs)} ms, exported in ${Math.round(exportMs)} ms`,
          );
        },
      );
    });
  },
);
