import type { Page } from '@playwright/test';
import { shopToday } from '@shop/shared';
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
  OREGON,
  placeOrder,
} from './support/orders';

/** Looked at, never bought: other tests expect its demo stock (140). */
const SSD = 'NVMe SSD 1TB M.2';
const DDR4 = 'DDR4 SO-DIMM 16GB';
const notice = (min: number, available: number) =>
  `Minimum Order quantity is ${min}. Please select a value between ${min} and ${available}`;

const purchaseButton = (page: Page) => page.getByRole('button', { name: 'Purchase' });
const quantityField = (page: Page) => page.getByLabel('Quantity', { exact: true });
const ordersTable = (page: Page) => page.getByRole('region', { name: 'My orders table' });

/** From the home page's card, as a customer finds a tool. */
async function openToolFromHome(page: Page, name: string) {
  await page.goto('/');
  await page.getByRole('link', { name: `Order Now: ${name}` }).click();
  await expect(page).toHaveURL(/\/tools\/[0-9a-f-]{36}/);
  await expect(page.getByRole('heading', { name, level: 1 })).toBeVisible();
}

/** Where the tests' orders go: Portland, Oregon, by US Ground (the first method). */
const fillDelivery = (page: Page, address = '12 Harbour Road\nSuite 4') =>
  fillOregon(page, { address });

test('the purchase form shows the buyer and the tool, and the quantity notice at the bounds', async ({
  page,
  baseURL,
}) => {
  const email = await signInAsNewCustomer(page, baseURL ?? '', 'Bound Tester');
  const tool = await findTool(page, SSD);
  await openToolFromHome(page, SSD);

  await expect(page.getByRole('img', { name: SSD })).toBeVisible();
  await expect(page.getByLabel('Name', { exact: true })).toHaveValue('Bound Tester');
  await expect(page.getByLabel('Name', { exact: true })).toBeDisabled();
  await expect(page.getByLabel('Email')).toHaveValue(email);
  await expect(page.getByLabel('Email')).toBeDisabled();
  await expect(page.getByLabel('Price per unit')).toHaveValue('$ 64.99');
  await expect(page.getByLabel('Price per unit')).toBeDisabled();
  await expect(page.getByLabel('Available quantity')).toHaveValue(String(tool.availableQuantity));
  await expect(page.getByLabel('Available quantity')).toBeDisabled();
  // The quantity starts at the minimum order.
  await expect(quantityField(page)).toHaveValue(String(tool.minOrderQuantity));
  await expect(purchaseButton(page)).toBeEnabled();

  const min = tool.minOrderQuantity;
  const available = tool.availableQuantity;
  const text = notice(min, available);
  // docs/product.md: min..available on both sides, no off-by-one.
  for (const [quantity, allowed] of [
    [min - 1, false],
    [min, true],
    [available, true],
    [available + 1, false],
    [Math.floor((min + available) / 2), true],
  ] as const) {
    await quantityField(page).fill(String(quantity));
    if (allowed) {
      await expect(page.getByText(text, { exact: true })).toHaveCount(0);
      await expect(purchaseButton(page)).toBeEnabled();
      await expect(quantityField(page)).not.toHaveAttribute('aria-invalid', 'true');
    } else {
      await expect(page.getByText(text, { exact: true })).toBeVisible();
      await expect(purchaseButton(page)).toBeDisabled();
      await expect(quantityField(page)).toHaveAttribute('aria-invalid', 'true');
    }
  }
  await quantityField(page).fill('');
  await expect(page.getByText(text, { exact: true })).toBeVisible();
  await expect(purchaseButton(page)).toBeDisabled();

  await quantityField(page).fill(String(min));
  await expect(page.getByText(text, { exact: true })).toHaveCount(0);
  await expectAccessible(page);
});

test('address and phone are required, the phone needs a digit, and the date cannot be past', async ({
  page,
  baseURL,
}) => {
  await signInAsNewCustomer(page, baseURL ?? '');
  await openToolFromHome(page, SSD);
  await purchaseButton(page).click();
  await expect(page.getByText('Address is required')).toBeVisible();
  await expect(page.getByText('Phone number is required')).toBeVisible();
  await expect(page.getByLabel('Address')).toHaveAttribute('aria-invalid', 'true');
  await expect(page).toHaveURL(/\/tools\//);

  await page.getByLabel('Phone number').fill('call me');
  await expect(page.getByText('Phone number must contain a digit')).toBeVisible();
  await page.getByLabel('Phone number').fill('+1 555 0100');
  await expect(page.getByText('Phone number must contain a digit')).toHaveCount(0);
  await page.getByLabel('Address').fill('5 Main Street');
  await expect(page.getByText('Address is required')).toHaveCount(0);

  // The shop's yesterday (its calendar is UTC; needed-by.spec.ts covers other time zones).
  const yesterday = shopToday(new Date(Date.now() - 24 * 60 * 60 * 1000));
  await page.getByLabel('Needed by').fill(yesterday);
  await purchaseButton(page).click();
  await expect(page.getByText('The needed-by date cannot be in the past')).toBeVisible();
  await expect(page).toHaveURL(/\/tools\//);
  await expectAccessible(page);
});

test('a purchase shows the toast and lands on My Orders with the new row, its Pay link and the count', async ({
  page,
  baseURL,
}) => {
  await signInAsNewCustomer(page, baseURL ?? '', 'Happy Buyer');
  const before = await findTool(page, DDR4);
  await openToolFromHome(page, DDR4);
  await fillDelivery(page);
  await quantityField(page).fill('3');
  await purchaseButton(page).click();

  await expect(page.getByText('Successfully Purchased')).toBeVisible();
  await expect(page).toHaveURL(/\/dashboard\/orders$/);
  await expect(page.getByRole('heading', { name: 'My Orders (1)', level: 1 })).toBeVisible();
  const row = ordersTable(page).getByRole('row').filter({ hasText: DDR4 });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('Happy Buyer');
  await expect(row.getByRole('cell').nth(2)).toHaveText('3');
  await expect(row).toContainText('$ 116.97');
  const pay = row.getByRole('link', { name: `Pay for ${DDR4}` });
  await expect(pay).toHaveAttribute('href', /^\/dashboard\/payment\/[0-9a-f-]{36}$/);
  // The stock was taken on the server, in the same step.
  expect((await findTool(page, DDR4)).availableQuantity).toBe(before.availableQuantity - 3);

  // A second order counts too, newest first.
  await placeOrder(page, 'Keyboard US Layout');
  await page.reload();
  await expect(page.getByRole('heading', { name: 'My Orders (2)', level: 1 })).toBeVisible();
  await expect(ordersTable(page).getByRole('row').nth(1)).toContainText('Keyboard US Layout');
  await expectAccessible(page);
});

test('My Orders with no orders says so and leads to the tools', async ({ page, baseURL }) => {
  await signInAsNewCustomer(page, baseURL ?? '');
  await page.goto('/dashboard/orders');
  await expect(page.getByRole('heading', { name: 'My Orders (0)' })).toBeVisible();
  await expect(page.getByText('You have no orders yet')).toBeVisible();
  await page.getByRole('link', { name: 'Browse the tools' }).click();
  await expect(page.getByTestId('tool-card').first()).toBeVisible();
});

test('cancelling asks first; then the row shows "cancelled" and the stock is back', async ({
  page,
  baseURL,
}) => {
  const fan = 'CPU Cooling Fan';
  await signInAsNewCustomer(page, baseURL ?? '');
  const before = await findTool(page, fan);
  await placeOrder(page, fan, { quantity: 4 });
  expect((await findTool(page, fan)).availableQuantity).toBe(before.availableQuantity - 4);

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
  await page.goto('/');
  await page.getByRole('link', { name: `Order Now: ${fan}` }).click();
  await expect(page.getByLabel('Available quantity')).toHaveValue(String(before.availableQuantity));
});

test('when the stock is gone before the order arrives, the form says so in red and stays', async ({
  page,
  baseURL,
  consoleErrors,
}) => {
  const card = 'Wi-Fi 6 M.2 Card';
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

test('a refusal the browser did not expect (409 from the server) is shown and the form stays', async ({
  page,
  baseURL,
  consoleErrors,
}) => {
  await signInAsNewCustomer(page, baseURL ?? '');
  await openToolFromHome(page, DDR4);
  await page.route(
    '**/api/purchase',
    (route) =>
      route.fulfill({
        status: 409,
        contentType: 'application/json',
        body: JSON.stringify({
          error: {
            code: 'OUT_OF_STOCK',
            message: 'Sorry, this tool has just sold out in that quantity.',
          },
        }),
      }),
    { times: 1 },
  );
  await fillDelivery(page);
  await purchaseButton(page).click();
  await expect(page.getByRole('alert')).toContainText(
    'Sorry, this tool has just sold out in that quantity.',
  );
  await expect(page).toHaveURL(/\/tools\//);
  await expect(purchaseButton(page)).toBeEnabled();

  // Trying again goes through.
  await purchaseButton(page).click();
  await expect(page).toHaveURL(/\/dashboard\/orders$/);
  expectOnlyStatusErrors(consoleErrors, [409]);
});

test("the server's refusal of a field is shown under that field, and the typed values stay", async ({
  page,
  baseURL,
  consoleErrors,
}) => {
  await signInAsNewCustomer(page, baseURL ?? '');
  await openToolFromHome(page, DDR4);
  // What the form's own check lets through, the API may still refuse (its check is the last word).
  const refused = {
    address: 'The server found no such address',
    phone: 'The server cannot call this number',
    neededBy: 'The server cannot deliver on that day',
    quantity: 'The server refuses this quantity',
  };
  await page.route(
    '**/api/purchase',
    (route) =>
      route.fulfill({
        status: 400,
        contentType: 'application/json',
        body: JSON.stringify({
          error: {
            code: 'VALIDATION_FAILED',
            message: 'Please check the highlighted fields.',
            fields: Object.fromEntries(
              Object.entries(refused).map(([name, message]) => [name, [message]]),
            ),
          },
        }),
      }),
    { times: 1 },
  );
  const tomorrow = shopToday(new Date(Date.now() + 24 * 60 * 60 * 1000));
  await fillDelivery(page);
  await page.getByLabel('Needed by').fill(tomorrow);
  await purchaseButton(page).click();

  await expect(page.getByRole('alert')).toContainText('Please check the highlighted fields.');
  await expect(page.getByLabel('Address')).toHaveAccessibleDescription(refused.address);
  await expect(page.getByLabel('Phone number')).toHaveAccessibleDescription(refused.phone);
  await expect(page.getByLabel('Needed by')).toHaveAccessibleDescription(
    `Optional. We deliver within 7 days of your order. ${refused.neededBy}`,
  );
  await expect(page.getByLabel('Address')).toBeFocused();
  // A refused quantity is told in the alert only; the quantity keeps its range hint.
  await expect(page.getByText(refused.quantity)).toHaveCount(0);
  await expect(quantityField(page)).not.toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByLabel('Address')).toHaveValue('12 Harbour Road\nSuite 4');
  await expect(page.getByLabel('Phone number')).toHaveValue(OREGON.phone);
  await expect(page.getByLabel('Needed by')).toHaveValue(tomorrow);
  await expect(page).toHaveURL(/\/tools\//);
  expectOnlyStatusErrors(consoleErrors, [400]);
});

test("Our Moto's date arrives as the needed-by date; the admin sees it with the address", async ({
  page,
  baseURL,
}) => {
  const email = await signInAsNewCustomer(page, baseURL ?? '', 'Dated Buyer');
  await page.goto('/');
  await page.getByRole('heading', { name: 'Our Moto' }).scrollIntoViewIfNeeded();
  await page.getByRole('button', { name: 'Go to the Next Month' }).click();
  await page.getByRole('grid').getByRole('button', { name: /15th/ }).click();
  const now = new Date();
  const day = new Date(now.getFullYear(), now.getMonth() + 1, 15);
  await expect(page.getByRole('status').filter({ hasText: 'Needed by' })).toBeVisible();

  await page.getByRole('link', { name: 'Order Now: Precision Driver Kit' }).click();
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
  await expect(row).toContainText('Precision Driver Kit');
  await expect(row).toContainText('77 Elm Avenue');
  await expect(row).toContainText('Portland, OR 97201');
  await expect(row).toContainText(mediumDate(later));
  const pending = row.getByRole('link', { name: /^Pending/ });
  await expect(pending).toHaveText('Pending');
  await expect(pending).toHaveAttribute('href', /^\/dashboard\/payment\/[0-9a-f-]{36}$/);
  await expectAccessible(page);

  // The admin may look at it, but only the buyer pays.
  await pending.click();
  await expect(page.getByRole('heading', { name: 'Pay For: Precision Driver Kit' })).toBeVisible();
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

test('a 401 for my orders signs the user out and goes home', async ({
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
});

test('a 403 for my orders signs the user out too', async ({ page, baseURL, consoleErrors }) => {
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

test('My Orders shows an error with a retry that works', async ({
  page,
  baseURL,
  consoleErrors,
}) => {
  await signInAsNewCustomer(page, baseURL ?? '');
  let failures = 0;
  await page.route('**/api/purchase?*', async (route) => {
    if (failures < 3) {
      failures += 1;
      await route.fulfill({
        status: 503,
        contentType: 'application/json',
        body: JSON.stringify({ error: { code: 'INTERNAL', message: 'The shop is resting' } }),
      });
    } else {
      await route.continue();
    }
  });
  await page.goto('/dashboard/orders');
  await expect(page.getByRole('alert')).toContainText('Your orders could not be loaded');
  await expect(page.getByRole('alert')).toContainText('The shop is resting');
  await page.getByRole('button', { name: 'Try again' }).click();
  await expect(page.getByText('You have no orders yet')).toBeVisible();
  expectOnlyStatusErrors(consoleErrors, [503]);
});
