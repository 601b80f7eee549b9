import { readFile } from 'node:fs/promises';
import {
  CATALOGUE_COLUMN_DEFINITIONS,
  CATALOGUE_COLUMNS,
  CATALOGUE_KINDS,
  catalogueTemplate,
  messages,
  type Tool,
} from '@shop/shared';
import { expect, test } from './fixtures';
import { signInAsAdmin } from './support/accounts';
import { callApi, expectAccessible, expectOnlyStatusErrors } from './support/orders';

// Import catalogue (issue 33): a CSV file of parts is checked (a dry run), then imported; a file
// with a bad row lists its errors and imports nothing. The demo catalogue has the laptops
// (apps/api/src/db/demo-catalogue.ts): "Lenovo ThinkPad T480" is one.

/** A parts file of one row, a part of its own; the columns it leaves out are empty. */
const partsFile = (sku: string, name: string, price = '31.5') => {
  const cells: Record<string, string> = {
    sku,
    name,
    title: `${name} Battery 56Wh`,
    category: 'battery',
    brand: 'Voltcell',
    condition: 'compatible',
    price,
    minOrderQuantity: '1',
    availableQuantity: '12',
    weightGrams: '280',
    description: '"Imported battery, 56 Wh"',
    img: '/images/tools/laptop-battery.svg',
    partNumbers: `mpn:${sku}-M`,
    fits: 'Lenovo ThinkPad T480',
  };
  const row = CATALOGUE_COLUMNS.parts.map((column) => cells[column] ?? '');
  return [CATALOGUE_COLUMNS.parts.join(','), row.join(','), ''].join('\r\n');
};

const csvFile = (text: string) => ({
  name: 'parts.csv',
  mimeType: 'text/csv',
  buffer: Buffer.from(text),
});

test.describe('Import catalogue', () => {
  test('an admin checks a parts file, sees its report, then imports it', async ({
    page,
    baseURL,
    consoleErrors,
  }) => {
    test.slow();
    await signInAsAdmin(page, baseURL ?? '');
    const stamp = Date.now() % 1_000_000;
    const sku = `E2E-IMPORT-${stamp}`;
    const name = `Import ${stamp}`;
    await page.goto('/dashboard/importCatalogue');
    await expect(page.getByRole('heading', { level: 1, name: 'Import catalogue' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Import', exact: true })).toBeDisabled();

    // Nothing chosen: the file is asked for.
    await page.getByRole('button', { name: 'Check file' }).click();
    await expect(page.getByText('Choose a .csv file')).toBeVisible();

    await page.getByRole('radio', { name: 'Parts' }).check();
    await page.getByLabel('CSV file').setInputFiles(csvFile(partsFile(sku, name)));
    await page.getByRole('button', { name: 'Check file' }).click();
    const report = page.getByTestId('import-report');
    await expect(report).toContainText('The file is ready to import: 1 row.');
    await expect(report.getByTestId('import-created')).toHaveText('1');
    await expect(report.getByTestId('import-updated')).toHaveText('0');
    // A check writes nothing.
    const before = await callApi<Tool[]>(
      page,
      'GET',
      `/api/tools?search=${encodeURIComponent(name)}`,
    );
    expect(before.body).toEqual([]);

    await page.getByRole('button', { name: 'Import', exact: true }).click();
    await expect(
      page
        .locator('[data-sonner-toast]')
        .filter({ hasText: 'Catalogue imported: 1 created, 0 updated.' }),
    ).toBeVisible();
    await expect(page.getByTestId('import-report')).toContainText(
      'Catalogue imported: 1 created, 0 updated.',
    );
    const after = await callApi<Tool[]>(
      page,
      'GET',
      `/api/tools?search=${encodeURIComponent(name)}`,
    );
    expect(after.body).toMatchObject([
      {
        sku,
        name,
        title: `${name} Battery 56Wh`,
        price: 31.5,
        brand: 'Voltcell',
        category: { slug: 'battery' },
      },
    ]);

    // The same file again: found unchanged.
    await page.getByRole('button', { name: 'Check file' }).click();
    await expect(page.getByTestId('import-report').getByTestId('import-unchanged')).toHaveText('1');

    // The current parts, downloaded in the import's format.
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Download parts (CSV)' }).click();
    expect((await download).suggestedFilename()).toMatch(
      /^catalogue-parts-\d{4}-\d{2}-\d{2}\.csv$/,
    );

    // A toast fading in or out is measured at half its contrast: axe reads the page once it is gone.
    await expect(page.locator('[data-sonner-toast]')).toHaveCount(0, { timeout: 15_000 });
    await expectAccessible(page);
    expectOnlyStatusErrors(consoleErrors, []);
  });

  test('documents every column of the chosen kind, and its template checks as it is', async ({
    page,
    baseURL,
    consoleErrors,
  }) => {
    await signInAsAdmin(page, baseURL ?? '');
    await page.goto('/dashboard/importCatalogue');
    // The page's table is the shared column definitions, the import's own.
    for (const kind of CATALOGUE_KINDS) {
      await page.getByRole('radio', { name: messages.catalogueImport.kinds[kind] }).check();
      const rows = page.getByTestId('import-column');
      await expect(rows).toHaveCount(CATALOGUE_COLUMN_DEFINITIONS[kind].length);
      for (const [index, column] of CATALOGUE_COLUMN_DEFINITIONS[kind].entries()) {
        await expect(rows.nth(index)).toContainText(column.name);
        await expect(rows.nth(index)).toContainText(column.example);
      }
    }
    await expect(
      page.getByTestId('import-column').filter({ hasText: 'shippingClass' }),
    ).toContainText('The shipping class');

    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Download parts template (CSV)' }).click();
    const template = await download;
    expect(template.suggestedFilename()).toBe('catalogue-parts-template.csv');
    const path = await template.path();
    expect(await readFile(path, 'utf8')).toBe(catalogueTemplate('parts'));
    await page.getByLabel('CSV file').setInputFiles(path);
    await page.getByRole('button', { name: 'Check file' }).click();
    await expect(page.getByTestId('import-report')).toContainText(
      'The file is ready to import: 1 row.',
    );
    expectOnlyStatusErrors(consoleErrors, []);
  });

  test('a file with a bad row lists its errors by row and column and imports nothing', async ({
    page,
    baseURL,
    consoleErrors,
  }) => {
    await page.setViewportSize({ width: 360, height: 800 });
    await signInAsAdmin(page, baseURL ?? '');
    const stamp = Date.now() % 1_000_000;
    const name = `Bad ${stamp}`;
    await page.goto('/dashboard/importCatalogue');
    await page
      .getByLabel('CSV file')
      .setInputFiles(csvFile(partsFile(`E2E-BAD-${stamp}`, name, 'free')));
    await page.getByRole('button', { name: 'Check file' }).click();
    await expect(page.getByText('The file was not imported: 1 error')).toBeVisible();
    const error = page.getByTestId('import-error');
    await expect(error).toHaveCount(1);
    await expect(error).toContainText('2');
    await expect(error).toContainText('price');
    await expect(error).toContainText('Price must be a number');
    await expect(page.getByRole('button', { name: 'Import', exact: true })).toBeDisabled();
    const found = await callApi<Tool[]>(
      page,
      'GET',
      `/api/tools?search=${encodeURIComponent(name)}`,
    );
    expect(found.body).toEqual([]);
    // Nothing wider than the phone's screen.
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);
    await expectAccessible(page);
    expectOnlyStatusErrors(consoleErrors, [400]);
  });
});
