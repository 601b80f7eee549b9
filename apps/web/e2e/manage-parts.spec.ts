import AxeBuilder from '@axe-core/playwright';
import type { Locator, Page } from '@playwright/test';
import { partSlug, type Tool } from '@shop/shared';
import { expect, test } from './fixtures';
import { signInAsAdmin } from './support/accounts';
import {
  animationsDone,
  callApi,
  expectAccessible,
  expectOnlyStatusErrors,
} from './support/orders';

// Manage Tools and Add Tool keep the parts catalogue (issue 33): part type, brand, condition,
// weight, SKU, part numbers and the laptop models a part fits. The demo catalogue has the
// laptops (apps/api/src/db/demo-catalogue.ts): "ThinkPad T480" is lenovo-thinkpad-t480.

let sequence = 0;
/** A tool name of at most 20 characters that no other tool has. */
const uniqueName = (prefix: string) =>
  `${prefix} ${(Date.now() % 100_000) * 10 + (sequence++ % 10)}`.slice(0, 20);

/** A tool added through the API, the spec's fields only. */
async function addTool(page: Page, name: string, extra: Record<string, unknown> = {}) {
  const { status, body } = await callApi<Tool>(page, 'POST', '/api/tools', {
    name,
    description: 'A part made by the parts tests.',
    minOrderQuantity: 1,
    availableQuantity: 10,
    price: 24.5,
    img: '/images/tools/laptop-battery.svg',
    ...extra,
  });
  expect(status).toBe(201);
  return body;
}

const removeTool = (page: Page, id: string) => callApi(page, 'DELETE', `/api/tools/${id}`);

const toolRow = (page: Page, name: string) =>
  page.getByTestId('tool-row').filter({ has: page.getByText(name, { exact: true }) });

/** Opens Manage Tools, finds the tool by name and opens its editor. */
async function openEditor(page: Page, name: string): Promise<{ row: Locator; editor: Locator }> {
  await page.goto('/dashboard/manageTools');
  await page.getByRole('searchbox', { name: 'Search tools by name' }).fill(name);
  const row = toolRow(page, name);
  await row.getByRole('button', { name: `Edit ${name}` }).click();
  const editor = page.getByRole('form', { name: `Edit ${name}` });
  await expect(editor).toBeVisible();
  return { row, editor };
}

/** Types part of a model's name into "Add a model" and picks the suggestion with the keyboard. */
async function addModelByKeyboard(editor: Locator, typed: string, model: string) {
  const box = editor.getByRole('combobox', { name: 'Add a model' });
  await box.fill(typed);
  const option = editor.getByRole('option', { name: new RegExp(`^${model}\\b`) });
  await expect(option).toBeVisible();
  // Down the list to the model, then Enter.
  for (let step = 0; step < 8; step += 1) {
    if ((await option.getAttribute('aria-selected')) === 'true') break;
    await box.press('ArrowDown');
  }
  await expect(option).toHaveAttribute('aria-selected', 'true');
  await box.press('Enter');
  await expect(box).toHaveValue('');
  await expect(box).toBeFocused();
}

/** axe-core on the open editor alone (the page's hundred rows are scanned elsewhere). */
async function expectEditorAccessible(page: Page, name: string) {
  await animationsDone(page);
  const results = await new AxeBuilder({ page })
    .include(`form[aria-label="Edit ${name}"]`)
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'])
    .analyze();
  const serious = results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => ({ rule: violation.id, targets: violation.nodes.map((n) => n.target) }));
  expect(serious, 'axe-core violations in the editor').toEqual([]);
}

test.describe('Manage Tools: the part details', () => {
  test('an admin sets a part type, a part number and a model it fits; a reload shows them', async ({
    page,
    baseURL,
  }) => {
    // Two editors, a reload and an accessibility scan.
    test.slow();
    await signInAsAdmin(page, baseURL ?? '');
    const name = uniqueName('Part Battery');
    const tool = await addTool(page, name);
    const { row, editor } = await openEditor(page, name);
    await expect(row).toContainText(`SKU ${tool.sku}`);
    await expect(row).toContainText('Other parts');
    await expect(row).toContainText('Fits 0 models');
    await expect(editor.getByText('No model yet')).toBeVisible();

    await editor.getByLabel('Part type').selectOption({ label: 'Batteries' });
    await editor.getByRole('button', { name: 'Add a part number' }).click();
    const first = editor.getByRole('group', { name: 'Part number 1' });
    await first.getByLabel('Kind', { exact: true }).selectOption('fru');
    await first.getByLabel('Maker', { exact: true }).fill('Lenovo');
    await first.getByLabel('Number', { exact: true }).fill('01AV431');
    await addModelByKeyboard(editor, 'thinkpad t48', 'ThinkPad T480');
    const chips = editor.getByTestId('fitment-chips');
    await expect(chips.getByRole('listitem')).toHaveText(['ThinkPad T480 ×']);
    await expect(editor.getByText('Fits 1 model')).toBeVisible();

    // Escape closes the suggestions, not the editor.
    const box = editor.getByRole('combobox', { name: 'Add a model' });
    await box.fill('latitude');
    await expect(editor.getByRole('listbox', { name: 'Suggested laptop models' })).toBeVisible();
    await box.press('Escape');
    await expect(editor.getByRole('listbox', { name: 'Suggested laptop models' })).toBeHidden();
    await box.press('Escape');
    await expect(box).toHaveValue('');
    await expect(editor).toBeVisible();

    // A model the shop does not have yet is added in place (issue 49).
    const newModel = uniqueName('Fitbook');
    const newSlug = `e2e-fitment-${newModel.toLowerCase().replace(/[^a-z0-9]+/g, '-')}`;
    await box.fill(newModel);
    await editor.getByRole('button', { name: `Add "${newModel}" as a new model` }).click();
    const dialog = page.getByRole('dialog', { name: 'Add a laptop model' });
    await expect(dialog.getByLabel('Brand')).toBeFocused();
    await expect(dialog.getByLabel('Model', { exact: true })).toHaveValue(newModel);
    await dialog.getByLabel('Brand').fill('E2E Fitment');
    await dialog.getByLabel('Series').fill('Fitbook');
    await dialog.getByRole('button', { name: 'Add model' }).click();
    await expect(dialog).toBeHidden();
    await expect(chips.getByRole('listitem')).toHaveText(['ThinkPad T480 ×', `${newModel} ×`]);
    await expect(box).toBeFocused();

    const patched = page.waitForRequest(
      (request) => request.method() === 'PATCH' && request.url().endsWith(`/api/tools/${tool._id}`),
    );
    await editor.getByRole('button', { name: 'Save' }).click();
    // Only what changed is sent.
    expect((await patched).postDataJSON()).toEqual({
      category: 'battery',
      partNumbers: [{ kind: 'fru', maker: 'Lenovo', number: '01AV431' }],
      fits: ['lenovo-thinkpad-t480', newSlug],
    });
    await expect(
      page.locator('[data-sonner-toast]').filter({ hasText: `${name} saved` }),
    ).toBeVisible();

    await page.reload();
    await page.getByRole('searchbox', { name: 'Search tools by name' }).fill(name);
    await expect(toolRow(page, name)).toContainText('Batteries');
    await expect(toolRow(page, name)).toContainText('Fits 2 models');
    await toolRow(page, name)
      .getByRole('button', { name: `Edit ${name}` })
      .click();
    const reopened = page.getByRole('form', { name: `Edit ${name}` });
    await expect(reopened.getByLabel('Part type')).toHaveValue('battery');
    const saved = reopened.getByRole('group', { name: 'Part number 1' });
    await expect(saved.getByLabel('Kind', { exact: true })).toHaveValue('fru');
    await expect(saved.getByLabel('Maker', { exact: true })).toHaveValue('Lenovo');
    await expect(saved.getByLabel('Number', { exact: true })).toHaveValue('01AV431');
    await expect(reopened.getByTestId('fitment-chips').getByRole('listitem')).toHaveText([
      `${newModel} ×`,
      'ThinkPad T480 ×',
    ]);
    await expectEditorAccessible(page, name);

    // A chip's button removes its model; the part number's row goes with Remove.
    await reopened.getByRole('button', { name: 'Remove ThinkPad T480' }).click();
    await reopened.getByRole('button', { name: `Remove ${newModel}` }).click();
    await expect(reopened.getByText('No model yet')).toBeVisible();
    await saved.getByRole('button', { name: 'Remove part number 1' }).click();
    const cleared = page.waitForRequest((request) => request.method() === 'PATCH');
    await reopened.getByRole('button', { name: 'Save' }).click();
    expect((await cleared).postDataJSON()).toEqual({ partNumbers: [], fits: [] });
    await expect(toolRow(page, name)).toContainText('Fits 0 models');

    await removeTool(page, tool._id);
  });

  test('the refusals of the server show on their fields: a SKU taken, whatever its case', async ({
    page,
    baseURL,
    consoleErrors,
  }) => {
    await signInAsAdmin(page, baseURL ?? '');
    const taken = await addTool(page, uniqueName('Sku Owner'), { sku: `PARTS-${Date.now()}` });
    const name = uniqueName('Sku Taker');
    const tool = await addTool(page, name);
    const { editor } = await openEditor(page, name);
    await editor.getByLabel('SKU').fill(taken.sku.toLowerCase());
    await editor.getByLabel('Weight (grams)').fill('100001');
    await editor.getByRole('button', { name: 'Save' }).click();
    await expect(editor.getByText('Weight must be at most 100000 grams')).toBeVisible();
    await editor.getByLabel('Weight (grams)').fill('100000');
    await editor.getByRole('button', { name: 'Save' }).click();
    const message = `SKU ${taken.sku.toLowerCase()} is already used by another part`;
    await expect(editor.getByText(message)).toBeVisible();
    await expect(editor.getByLabel('SKU')).toHaveAttribute('aria-invalid', 'true');
    await expect(editor.getByLabel('SKU')).toBeFocused();
    expectOnlyStatusErrors(consoleErrors, [409]);

    await removeTool(page, tool._id);
    await removeTool(page, taken._id);
  });

  test('Add Tool keeps its fields, with the part details folded below them', async ({
    page,
    baseURL,
  }) => {
    await signInAsAdmin(page, baseURL ?? '');
    await page.goto('/dashboard/addTool');
    const details = page.locator('details').filter({ hasText: 'Part details' });
    await expect(details.getByLabel('SKU')).toBeHidden();
    const name = uniqueName('Added Part');
    await page.getByLabel('Name', { exact: true }).fill(name);
    await page.getByLabel('Description').fill('A keyboard with its part details.');
    await page.getByLabel('Minimum order quantity').fill('1');
    await page.getByLabel('Available quantity').fill('5');
    await page.getByLabel('Price per unit ($)').fill('39');
    await page.getByLabel('Image URL').fill('/images/tools/laptop-keyboard.svg');
    await page.getByText('Part details').click();
    await details.getByLabel('Brand').fill('Lenovo');
    await details.getByLabel('Condition').selectOption('refurbished');
    await details.getByLabel('Weight (grams)').fill('210');
    // A suggestion is chosen with the mouse too.
    await details.getByRole('combobox', { name: 'Add a model' }).fill('T480');
    await details.getByRole('option', { name: /^ThinkPad T480\b/ }).click();
    await expect(details.getByTestId('fitment-chips').getByRole('listitem')).toHaveText([
      'ThinkPad T480 ×',
    ]);
    await expectAccessible(page);
    const created = page.waitForResponse(
      (response) => response.url().endsWith('/api/tools') && response.request().method() === 'POST',
    );
    await page.getByRole('button', { name: 'Add Tool' }).click();
    const response = await created;
    // What was left empty is not sent: the shop gives the SKU and the part type.
    expect(response.request().postDataJSON()).toEqual({
      name,
      description: 'A keyboard with its part details.',
      minOrderQuantity: 1,
      availableQuantity: 5,
      price: 39,
      img: '/images/tools/laptop-keyboard.svg',
      brand: 'Lenovo',
      condition: 'refurbished',
      weightGrams: 210,
      fits: ['lenovo-thinkpad-t480'],
    });
    const tool = (await response.json()) as Tool;
    expect(tool).toMatchObject({
      brand: 'Lenovo',
      condition: 'refurbished',
      weightGrams: 210,
      category: { slug: 'other' },
    });
    expect(tool.sku).toMatch(/^LPS-\d{6}$/);
    await expect(
      page.locator('[data-sonner-toast]').filter({ hasText: 'Tool Added' }),
    ).toBeVisible();
    // Ready for the next part: the details are empty again.
    await expect(details.getByLabel('Brand')).toHaveValue('');
    await expect(details.getByText('No model yet')).toBeVisible();
    await removeTool(page, tool._id);
  });

  test("a part's full title: typed in Add Tool, naming its page and its card, emptied in the editor", async ({
    page,
    baseURL,
  }) => {
    // Add Tool, the part's page twice, the search and the editor.
    test.slow();
    await signInAsAdmin(page, baseURL ?? '');
    await page.goto('/dashboard/addTool');
    const name = uniqueName('Titled Part');
    const title = `Lenovo ThinkPad T480 ${name} Rear Battery 24Wh 3-cell`;
    await page.getByLabel('Name', { exact: true }).fill(name);
    await page.getByLabel('Title (optional)').fill(title);
    await page.getByLabel('Description').fill('A battery with a full title.');
    await page.getByLabel('Minimum order quantity').fill('1');
    await page.getByLabel('Available quantity').fill('5');
    await page.getByLabel('Price per unit ($)').fill('54.5');
    await page.getByLabel('Image URL').fill('/images/tools/laptop-battery.svg');
    const created = page.waitForResponse(
      (response) => response.url().endsWith('/api/tools') && response.request().method() === 'POST',
    );
    await page.getByRole('button', { name: 'Add Tool' }).click();
    const response = await created;
    expect(response.request().postDataJSON()).toMatchObject({ name, title });
    const tool = (await response.json()) as Tool;
    expect(tool).toMatchObject({ name, title });

    // Its page is headed by the title, and names the short name among its facts.
    const fact = (term: string) =>
      page.locator('dl > div').filter({ has: page.locator('dt', { hasText: term }) });
    await page.goto(`/parts/${partSlug(name, tool.sku)}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(title);
    await expect(page).toHaveTitle(`${title} | Laptop Parts Shop`);
    await expect(fact('Short name').locator('dd')).toHaveText(name);
    // The search's card names it by its title, a link to that page.
    await page.goto(`/search?${new URLSearchParams({ q: tool.sku })}`);
    await expect(page.getByRole('link', { name: title, exact: true })).toBeVisible();

    // Manage Tools lists it by its name; its editor holds the title. Emptied, the name stands in.
    const { row, editor } = await openEditor(page, name);
    await expect(row).not.toContainText(title);
    const titleField = editor.getByLabel('Title (optional)');
    await expect(titleField).toHaveValue(title);
    await titleField.fill('');
    const saved = page.waitForResponse(
      (answer) =>
        answer.url().endsWith(`/api/tools/${tool._id}`) && answer.request().method() === 'PATCH',
    );
    await editor.getByRole('button', { name: 'Save' }).click();
    expect((await saved).request().postDataJSON()).toEqual({ title: '' });
    await expect(
      page.locator('[data-sonner-toast]').filter({ hasText: `${name} saved` }),
    ).toBeVisible();
    await page.goto(`/parts/${partSlug(name, tool.sku)}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(name);
    await expect(fact('Short name')).toHaveCount(0);
    await removeTool(page, tool._id);
  });

  test('the editor and Add Tool hold at 360 and 1280 px', async ({ page, baseURL }, testInfo) => {
    // Two screens at two widths.
    test.slow();
    await signInAsAdmin(page, baseURL ?? '');
    const name = uniqueName('Wide Part');
    const tool = await addTool(page, name, {
      category: 'battery',
      brand: 'Lenovo',
      partNumbers: [
        { kind: 'fru', maker: 'Lenovo', number: '01AV431' },
        { kind: 'cross-reference', maker: 'Sanyo', number: 'SB10K97576' },
      ],
      fits: ['lenovo-thinkpad-t480'],
    });
    for (const width of [360, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      const { editor } = await openEditor(page, name);
      await expect(editor.getByTestId('fitment-chips')).toBeVisible();
      await editor.getByRole('combobox', { name: 'Add a model' }).fill('t4');
      await expect(editor.getByRole('listbox', { name: 'Suggested laptop models' })).toBeVisible();
      const sideways = await page.evaluate(
        () => document.documentElement.scrollWidth > document.documentElement.clientWidth,
      );
      expect(sideways, `the page scrolls sideways at ${width} px`).toBe(false);
      await editor.screenshot({ path: testInfo.outputPath(`editor-${width}.png`) });

      await page.goto('/dashboard/addTool');
      await page.getByText('Part details').click();
      await page.getByRole('button', { name: 'Add a part number' }).click();
      const form = page.locator('form').filter({ hasText: 'Part details' });
      expect(
        await page.evaluate(
          () => document.documentElement.scrollWidth > document.documentElement.clientWidth,
        ),
        `Add Tool scrolls sideways at ${width} px`,
      ).toBe(false);
      await form.screenshot({ path: testInfo.outputPath(`add-tool-${width}.png`) });
    }
    await removeTool(page, tool._id);
  });
});
