import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { signInAsNewCustomer } from './support/accounts';
import { animationsDone, expectAccessible, findTool } from './support/orders';

// My Profile's address book (issue 35): addresses are checked as an order's destination is,
// one is the default, and the purchase form and the checkout start from it.

const PASTE = 'Thermal Paste 4g';
const book = (page: Page) => page.getByRole('region', { name: 'Address book' });
const saved = (page: Page) => book(page).getByRole('list', { name: 'Saved addresses' });

test('a customer keeps two addresses, makes one the default, and the purchase form starts from it', async ({
  page,
  baseURL,
}) => {
  test.slow();
  await signInAsNewCustomer(page, baseURL ?? '', 'Ada Addresses');
  await page.goto('/dashboard/profile');
  await expect(book(page).getByText('No saved addresses yet.')).toBeVisible();

  // Berlin, with a postal code that is not Germany's shape first: told under its field.
  await book(page).getByRole('button', { name: 'Add an address' }).click();
  const form = page.getByRole('form', { name: 'New address' });
  await expect(form.getByLabel('Recipient')).toHaveValue('Ada Addresses');
  await form.getByLabel('Country').selectOption({ label: 'Germany' });
  await form.getByLabel('Address', { exact: true }).fill('Invalidenstraße 116');
  await form.getByLabel('City').fill('Berlin');
  await form.getByLabel('Postal code').fill('1011');
  await form.getByLabel('Phone number').fill('030 901820');
  await form.getByRole('button', { name: 'Save address' }).click();
  await expect(form.getByLabel('Postal code')).toHaveAccessibleDescription(
    'This is not a valid postal code in Germany',
  );
  await form.getByLabel('Postal code').fill('10115');
  await form.getByRole('button', { name: 'Save address' }).click();
  const berlin = saved(page).getByRole('listitem', { name: 'Ada Addresses, Berlin' });
  await expect(berlin).toContainText('Default');
  // The phone is kept in full (E.164) and shown as people write it.
  await expect(berlin).toContainText('+49 30 901820');
  await expect(berlin).toContainText('10115');

  // Portland, for someone else, made the default.
  await book(page).getByRole('button', { name: 'Add an address' }).click();
  await form.getByLabel('Recipient').fill('Grace Hopper');
  await form.getByLabel('Country').selectOption({ label: 'United States' });
  await form.getByLabel('Address', { exact: true }).fill('1 Market Street');
  await form.getByLabel('City').fill('Portland');
  // A state the ZIP code is not in first (issue point 9): told under the ZIP code, naming both.
  await form.getByLabel('State').selectOption({ label: 'Washington' });
  await form.getByLabel('ZIP code').fill('97204');
  await form.getByLabel('Phone number').fill('503 555 0100');
  await form.getByLabel('My default address').check();
  await form.getByRole('button', { name: 'Save address' }).click();
  await expect(form.getByLabel('ZIP code')).toHaveAccessibleDescription(
    'ZIP code 97204 is in Oregon, not Washington',
  );
  await form.getByLabel('State').selectOption({ label: 'Oregon' });
  await expect(form.getByLabel('ZIP code')).not.toHaveAccessibleDescription(/is in Oregon/);
  await form.getByRole('button', { name: 'Save address' }).click();
  const portland = saved(page).getByRole('listitem', { name: 'Grace Hopper, Portland' });
  await expect(portland).toContainText('Default');
  await expect(berlin).not.toContainText('Default');
  await expect(portland).toContainText('Portland, OR 97204');

  await expect(page.locator('[data-sonner-toast]')).toHaveCount(0, { timeout: 15_000 });
  for (const width of [360, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await animationsDone(page);
    await expectAccessible(page);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      width,
    );
    await book(page).screenshot({ path: `test-results/address-book-${width}.png` });
  }

  // The purchase form starts from the default, and Berlin can be picked instead.
  const tool = await findTool(page, PASTE);
  await page.goto(`/tools/${tool._id}`);
  const picker = page.getByLabel('Ship to a saved address');
  await expect(picker).toHaveValue(/.+/);
  await expect(page.getByLabel('Country')).toHaveValue('US');
  await expect(page.getByLabel('State')).toHaveValue('OR');
  await expect(page.getByLabel('Recipient')).toHaveValue('Grace Hopper');
  await expect(page.getByRole('radio').first()).toBeChecked();
  await picker.selectOption({ label: 'Ada Addresses, Berlin, Germany' });
  await expect(page.getByLabel('Country')).toHaveValue('DE');
  await expect(page.getByLabel('Postal code')).toHaveValue('10115');
  await expect(page.getByText('VAT (19%)', { exact: true })).toBeVisible();
  await expectAccessible(page);

  // Removed after a question: the default goes with it, and Berlin is the default again.
  await page.goto('/dashboard/profile');
  await portland.getByRole('button', { name: 'Remove' }).click();
  const dialog = page.getByRole('dialog', { name: 'Remove this address?' });
  await expect(dialog).toContainText('Your newest other address becomes the default.');
  await dialog.getByRole('button', { name: 'Remove' }).click();
  await expect(portland).toHaveCount(0);
  await expect(berlin).toContainText('Default');
});
