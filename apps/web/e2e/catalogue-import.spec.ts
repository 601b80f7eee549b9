import type { Tool } from '@shop/shared';
import { expect, test } from './fixtures';
import { signInAsAdmin } from './support/accounts';
import { callApi, expectAccessible, expectOnlyStatusErrors } from './support/orders';

// Import catalogue (issue 33): a CSV file of parts is checked (a dry run), then imported; a file
// with a bad row lists its errors and imports nothing. The demo catalogue has the laptops
// (apps/api/src/db/demo-catalogue.ts): "Lenovo ThinkPad T480" is one.

const HEADER =
  'sku,name,category,brand,condition,price,minOrderQuantity,availableQuantity,weightGrams,description,img,partNumbers,fits';

/** A parts file of one row, a part of its own. */
const partsFile = (sku: string, name: string, price = '31.5') =>
  [
    HEADER,
    `${sku},${name},battery,Voltcell,compatible,${price},1,12,280,"Imported battery, 56 Wh",/images/tools/laptop-battery.svg,mpn:${sku}-M,Lenovo ThinkPad T480`,
    '',
  ].join('\r\n');

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
      { sku, name, price: 31.5, brand: 'Voltcell', category: { slug: 'battery' } },
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
