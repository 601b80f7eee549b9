import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { mainNav, signInAsAdmin, signInAsNewCustomer, storedToken } from './support/accounts';
import {
  callApi,
  calendarDay,
  cancelOrderViaApi,
  expectAccessible,
  expectOnlyStatusErrors,
  fillDelivery as fillOregon,
  findTool,
  forgetSignIn,
  isRed,
  mediumDate,
  placeOrder,
} from './support/orders';

/** Looked at, never bought. The parts bought here are each test's own (`makePart`). */
const SSD = 'NVMe SSD 1TB M.2';
const notice = (min: number, available: number) =>
  `Minimum Order quantity is ${min}. Please select a value between ${min} and ${available}`;

const purchaseButton = (page: Page) => page.getByRole('button', { name: 'Purchase' });
const quantityField = (page: Page) => page.getByLabel('Quantity', { exact: true });
const ordersTable = (page: Page) => page.getByRole('region', { name: 'My orders table' });

/**
 * The home page's tool list searched for `name` until its card shows: typed before the page's
 * code has taken over the prerendered box, the words would be lost, so the search is typed again.
 */
async function searchHome(page: Page, name: string) {
  const box = page.getByRole('searchbox', { name: 'Search tools by name' });
  const card = page.getByRole('link', { name: `Order Now: ${name}` });
  await expect(async () => {
    await box.fill(name);
    await box.press('Enter');
    await expect(card).toBeVisible({ timeout: 3_000 });
  }).toPass();
  return card;
}

/** From the home page's card, found with its search box, as a customer finds a tool. */
async function openToolFromHome(page: Page, name: string) {
  await page.goto('/');
  await (await searchHome(page, name)).click();
  await expect(page).toHaveURL(/\/tools\/[0-9a-f-]{36}/);
  await expect(page.getByRole('heading', { name, level: 1 })).toBeVisible();
}

/** Where the tests' orders go: Portland, Oregon, by US Ground (the first method). */
const fillDelivery = (page: Page, address = '12 Harbour Road\nSuite 4') =>
  fillOregon(page, { address });

test('a purchase shows the toast and lands on My Orders with the new row, its Pay link and the count', async ({
  page,
  baseURL,
  makePart,
}) => {
  const { name: memory } = await makePart('DDR4', { price: 38.99, availableQuantity: 40 });
  const { name: keyboard } = await makePart('Keyboard');
  await signInAsNewCustomer(page, baseURL ?? '', 'Happy Buyer');
  await openToolFromHome(page, memory);
  await expect(page.getByRole('img', { name: memory })).toBeVisible();
  await fillDelivery(page);
  await quantityField(page).fill('3');
  await purchaseButton(page).click();

  await expect(page.getByText('Successfully Purchased')).toBeVisible();
  await expect(page).toHaveURL(/\/dashboard\/orders$/);
  await expect(page.getByRole('heading', { name: 'My Orders (1)', level: 1 })).toBeVisible();
  const row = ordersTable(page).getByRole('row').filter({ hasText: memory });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('Happy Buyer');
  await expect(row.getByRole('cell').nth(2)).toHaveText('3');
  await expect(row).toContainText('$ 116.97');
  const pay = row.getByRole('link', { name: `Pay for ${memory}` });
  await expect(pay).toHaveAttribute('href', /^\/dashboard\/payment\/[0-9a-f-]{36}$/);
  // The stock was taken on the server, in the same step.
  expect((await findTool(page, memory)).availableQuantity).toBe(40 - 3);

  // A second order counts too, newest first.
  await placeOrder(page, keyboard);
  await page.reload();
  await expect(page.getByRole('heading', { name: 'My Orders (2)', level: 1 })).toBeVisible();
  await expect(ordersTable(page).getByRole('row').nth(1)).toContainText(keyboard);
  await expectAccessible(page);
});

test('cancelling asks first; then the row shows "cancelled" and the stock is back', async ({
  page,
  baseURL,
  makePart,
}) => {
  const { name: fan } = await makePart('Fan', { availableQuantity: 30 });
  await signInAsNewCustomer(page, baseURL ?? '');
  await placeOrder(page, fan, { quantity: 4 });
  expect((await findTool(page, fan)).availableQuantity).toBe(30 - 4);

  await page.goto('/dashboard/orders');
  const row = ordersTable(page).getByRole('row').filter({ hasText: fan });
  const cancel = row.getByRole('button', { name: `Cancel the order of ${fan}` });

  // Keeping the order changes nothing; focus returns to the button.
  await cancel.click();
  const dialog = page.getByRole('dialog', { name: 'Cancel this order?' });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText(`4 × ${fan}`);
  await expect(dialog.getByRole('button', { name: 'Keep the order' })).toBeFocused();
  await expectAccessible(page);
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(cancel).toBeFocused();
  await cancel.click();
  await dialog.getByRole('button', { name: 'Keep the order' }).click();
  await expect(dialog).toBeHidden();
  await expect(row.getByRole('link', { name: `Pay for ${fan}` })).toBeVisible();

  await cancel.click();
  await dialog.getByRole('button', { name: 'Yes, cancel it' }).click();
  await expect(dialog).toBeHidden();
  await expect(row).toContainText('cancelled');
  await expect(row.getByRole('link', { name: /Pay/ })).toHaveCount(0);
  await expect(row.getByRole('button', { name: /Cancel/ })).toHaveCount(0);
  await expect(page.getByText(`Your order of ${fan} was cancelled.`)).toBeVisible();

  // The tool page shows the stock back.
  await openToolFromHome(page, fan);
  await expect(page.getByLabel('Available quantity')).toHaveValue('30');
});

test('when the stock is gone before the order arrives, the form says so in red and stays', async ({
  page,
  baseURL,
  consoleErrors,
  makePart,
}) => {
  const { name: card } = await makePart('Wi-Fi', { minOrderQuantity: 2, availableQuantity: 30 });
  await signInAsNewCustomer(page, baseURL ?? '');
  await openToolFromHome(page, card);
  const tool = await findTool(page, card);
  const min = tool.minOrderQuantity;
  await expect(page.getByLabel('Available quantity')).toHaveValue(String(tool.availableQuantity));

  // Someone else (here: the API) buys all but min - 1 while the form is open.
  const rival = await placeOrder(page, card, { quantity: tool.availableQuantity - min + 1 });
  try {
    await fillDelivery(page);
    await purchaseButton(page).click();
    const alert = page.getByRole('alert').filter({ hasText: 'Not enough stock left.' });
    await expect(alert).toBeVisible();
    expect(await isRed(alert.locator('p'))).toBe(true);
    await expect(page).toHaveURL(/\/tools\//);
    // The form shows the stock as it is now: below the minimum, so Purchase waits.
    await expect(page.getByLabel('Available quantity')).toHaveValue(String(min - 1));
    await expect(page.getByText(notice(min, min - 1), { exact: true })).toBeVisible();
    await expect(purchaseButton(page)).toBeDisabled();
    await expect(page.getByLabel('Address')).toHaveValue('12 Harbour Road\nSuite 4');
  } finally {
    await cancelOrderViaApi(page, rival._id);
  }
  expectOnlyStatusErrors(consoleErrors, [409]);
});

test("Our Moto's date arrives as the needed-by date; the admin sees it with the address", async ({
  page,
  baseURL,
  makePart,
}) => {
  const { name: kit } = await makePart('Driver Kit');
  const email = await signInAsNewCustomer(page, baseURL ?? '', 'Dated Buyer');
  await page.goto('/');
  await page.getByRole('heading', { name: 'Our Moto' }).scrollIntoViewIfNeeded();
  await page.getByRole('button', { name: 'Go to the Next Month' }).click();
  await page.getByRole('grid').getByRole('button', { name: /15th/ }).click();
  const now = new Date();
  const day = new Date(now.getFullYear(), now.getMonth() + 1, 15);
  await expect(page.getByRole('status').filter({ hasText: 'Needed by' })).toBeVisible();

  await (await searchHome(page, kit)).click();
  await expect(page).toHaveURL(new RegExp(`neededBy=${calendarDay(day)}$`));
  await expect(page.getByLabel('Needed by')).toHaveValue(calendarDay(day));
  // The date can still be changed.
  const later = new Date(now.getFullYear(), now.getMonth() + 1, 20);
  await page.getByLabel('Needed by').fill(calendarDay(later));
  await fillDelivery(page, '77 Elm Avenue\nPortland, OR 97201');
  await purchaseButton(page).click();
  await expect(page).toHaveURL(/\/dashboard\/orders$/);

  await forgetSignIn(page);
  await signInAsAdmin(page, baseURL ?? '');
  await page.goto('/dashboard/manageAllOrders');
  await expect(page.getByRole('heading', { name: /^Manage All Orders \(\d+\)$/ })).toBeVisible();
  const row = page.getByTestId('admin-order-row').filter({ hasText: email });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('Dated Buyer');
  await expect(row).toContainText(kit);
  await expect(row).toContainText('77 Elm Avenue');
  await expect(row).toContainText('Portland, OR 97201');
  await expect(row).toContainText(mediumDate(later));
  const pending = row.getByRole('link', { name: /^Pending/ });
  await expect(pending).toHaveText('Pending');
  await expect(pending).toHaveAttribute('href', /^\/dashboard\/payment\/[0-9a-f-]{36}$/);
  await expectAccessible(page);

  // The admin may look at it, but only the buyer pays.
  await pending.click();
  await expect(page.getByRole('heading', { name: `Pay For: ${kit}` })).toBeVisible();
  await expect(page.getByText('Only Dated Buyer')).toBeVisible();
  await expect(page.getByLabel('Card number')).toHaveCount(0);
});

test('"Order Now" is hidden for the admin and shown to customers', async ({ page, baseURL }) => {
  await signInAsAdmin(page, baseURL ?? '');
  await page.goto('/');
  await expect(page.getByTestId('tool-card').first()).toBeVisible();
  await expect(mainNav(page).getByRole('link', { name: 'Dashboard' })).toBeVisible();
  await expect(page.getByRole('link', { name: /^Order Now/ })).toHaveCount(0);

  await forgetSignIn(page);
  await signInAsNewCustomer(page, baseURL ?? '');
  await page.goto('/');
  await expect(page.getByRole('link', { name: `Order Now: ${SSD}` })).toBeVisible();
});

test('a 401 or a 403 for my orders signs the user out and goes home', async ({
  page,
  baseURL,
  consoleErrors,
}) => {
  await signInAsNewCustomer(page, baseURL ?? '');
  await page.route('**/api/purchase?*', (route) =>
    route.fulfill({
      status: 401,
      contentType: 'application/json',
      body: JSON.stringify({ error: { code: 'UNAUTHENTICATED', message: 'Please sign in' } }),
    }),
  );
  await page.goto('/dashboard/orders');
  await expect(page).toHaveURL(/\/$/);
  await expect(mainNav(page).getByRole('link', { name: 'Login' })).toBeVisible();
  expect(await storedToken(page)).toBeNull();
  expect((await callApi(page, 'GET', '/api/auth/get-session')).body).toBeNull();
  expectOnlyStatusErrors(consoleErrors, [401]);

  // A 403, reached from the dashboard's sidebar, signs out too.
  await page.unrouteAll();
  await signInAsNewCustomer(page, baseURL ?? '');
  await page.goto('/dashboard/profile');
  await page.route('**/api/purchase?*', (route) =>
    route.fulfill({
      status: 403,
      contentType: 'application/json',
      body: JSON.stringify({ error: { code: 'FORBIDDEN', message: 'Not yours' } }),
    }),
  );
  await page
    .getByRole('navigation', { name: 'Dashboard' })
    .getByRole('link', { name: 'My Orders' })
    .click();
  await expect(page).toHaveURL(/\/$/);
  expect(await storedToken(page)).toBeNull();
  expectOnlyStatusErrors(consoleErrors, [403]);
});
