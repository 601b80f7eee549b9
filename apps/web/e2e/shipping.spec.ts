import type { Page } from '@playwright/test';
import type { Cart } from '@shop/shared';
import { expect, test } from './fixtures';
import { signInAsNewCustomer } from './support/accounts';
import {
  callApi,
  expectAccessible,
  fillDelivery,
  findTool,
  getOrderViaApi,
} from './support/orders';

test.describe.configure({ timeout: 90_000 });

/** A standard part (EU Road or Air) and a lithium battery (Road only in the EU, nothing to Japan). */
const PASTE = 'Thermal Paste 4g';
const BATTERY = 'T490 Battery 50Wh';

const BERLIN = { city: 'Berlin', postalCode: '10115', phone: '+49 30 901820' };

const methods = (page: Page) => page.getByRole('group', { name: 'Shipping method' });
const summary = (page: Page) => page.getByTestId('order-total');

/** The purchase page of a demo part, its public parts loaded before anything is clicked. */
async function openPurchase(page: Page, name: string) {
  const tool = await findTool(page, name);
  await page.goto(`/tools/${tool._id}`);
  await expect(page.getByRole('heading', { name, level: 1 })).toBeVisible();
  await page.waitForLoadState('networkidle');
  return tool;
}

async function fillGermany(page: Page, postalCode = BERLIN.postalCode) {
  await page.getByLabel('Country').selectOption({ label: 'Germany' });
  await page.getByLabel('Address').fill('Unter den Linden 1');
  await page.getByLabel('City').fill(BERLIN.city);
  await page.getByLabel('Postal code').fill(postalCode);
  await page.getByLabel('Phone number').fill(BERLIN.phone);
}

test('a buyer in Germany chooses Road or Air, sees VAT (19%) and is asked for the total shown', async ({
  page,
  baseURL,
}) => {
  await signInAsNewCustomer(page, baseURL ?? '', 'Berta Berlin');
  await openPurchase(page, PASTE);

  // Before a country is chosen there is nothing to quote; Germany has no state to ask for.
  await expect(methods(page)).toContainText('Choose the country');
  await fillGermany(page);
  await expect(page.getByLabel('State')).toHaveCount(0);

  const road = methods(page).getByRole('radio', { name: /^Road/ });
  const air = methods(page).getByRole('radio', { name: /^Air/ });
  await expect(road).toBeChecked();
  await expect(air).not.toBeChecked();
  await expect(methods(page)).toContainText('6-10 days');
  await expect(methods(page)).toContainText('3-5 days');
  await expect(page.getByText('VAT (19%)', { exact: true })).toBeVisible();
  // Road takes longer than the shop's promise: its estimate replaces the promise.
  await expect(page.getByText('Optional. Road delivers in 6-10 days.')).toBeVisible();

  await air.check();
  await expect(page.getByText('Optional. We deliver within 7 days of your order.')).toBeVisible();
  await expect(page.getByText('Shipping (Air)')).toBeVisible();
  const total = (await summary(page).textContent())?.trim() ?? '';
  expect(total).toMatch(/^\$ \d+\.\d\d$/);

  await page.getByRole('button', { name: 'Purchase' }).click();
  await expect(page).toHaveURL(/\/dashboard\/orders$/);
  const row = page.getByTestId('order-row').filter({ hasText: PASTE }).first();
  await expect(row).toContainText(total);
  await expect(row).toContainText('Berlin, 10115');
  await row.getByRole('link', { name: `Pay for ${PASTE}` }).click();

  await expect(page.getByText(`Please pay: ${total}`)).toBeVisible();
  const order = page.getByRole('region', { name: 'Order' });
  await expect(order).toContainText('Air, 3-5 days');
  await expect(order).toContainText('VAT (19%)');
  await expect(order).toContainText('Germany');

  // Paid with the test card: the shop verified the charge against the stored total, which is
  // the one the buyer was shown.
  const orderId = new URL(page.url()).pathname.split('/').at(-1) ?? '';
  await page.getByLabel('Card number').fill('4242 4242 4242 4242');
  await page.getByLabel('Expiry (MM/YY)').fill('12/34');
  await page.getByLabel('CVC').fill('123');
  await page.getByRole('button', { name: 'Pay', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Congratulation!!' })).toBeVisible();
  const paid = await getOrderViaApi(page, orderId);
  expect(paid).toMatchObject({ status: 'paid', paid: true });
  expect(`$ ${paid.price.toFixed(2)}`).toBe(total);
  expect(paid.totals.taxName).toBe('VAT');
});

test('a battery goes to Germany by Road only, and to Japan not at all, the line named', async ({
  page,
  baseURL,
}) => {
  await signInAsNewCustomer(page, baseURL ?? '', 'Bea Battery');
  await openPurchase(page, BATTERY);
  await fillGermany(page);
  await expect(methods(page).getByRole('radio', { name: /^Road/ })).toBeChecked();
  await expect(methods(page).getByRole('radio')).toHaveCount(1);
  await expect(methods(page)).toContainText('Air: Does not carry lithium battery parts');

  await page.getByLabel('Country').selectOption({ label: 'Japan' });
  const refusal = methods(page).getByRole('alert');
  await expect(refusal).toContainText(`We cannot ship ${BATTERY} to Japan.`);
  await expect(refusal).toContainText(`${BATTERY} cannot be shipped to Japan (lithium battery)`);
  await expect(methods(page).getByRole('radio')).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Purchase' })).toBeDisabled();
});

test('a postal code that is not the country’s shape is told under its field', async ({
  page,
  baseURL,
}) => {
  await signInAsNewCustomer(page, baseURL ?? '', 'Paul Postcode');
  await openPurchase(page, PASTE);
  await fillGermany(page, '1234');
  await expect(methods(page).getByRole('radio').first()).toBeChecked();
  await page.getByRole('button', { name: 'Purchase' }).click();
  const postalCode = page.getByLabel('Postal code');
  await expect(postalCode).toHaveAccessibleDescription(
    'This is not a valid postal code in Germany',
  );
  await expect(postalCode).toHaveAttribute('aria-invalid', 'true');
  await expect(postalCode).toBeFocused();
  await expect(page).toHaveURL(/\/tools\//);
});

test('the purchase and checkout forms with their shipping methods pass axe at 360 and 1280 px', async ({
  page,
  baseURL,
}) => {
  await signInAsNewCustomer(page, baseURL ?? '', 'Axel Access');
  for (const name of [PASTE, BATTERY]) {
    const tool = await findTool(page, name);
    const added = await callApi<Cart>(page, 'POST', '/api/cart/lines', {
      toolId: tool._id,
      quantity: tool.minOrderQuantity,
    });
    expect(added.status, JSON.stringify(added.body)).toBe(200);
  }
  for (const width of [360, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await openPurchase(page, BATTERY);
    await fillGermany(page);
    await expect(methods(page).getByRole('radio').first()).toBeChecked();
    await expectAccessible(page);

    await page.goto('/checkout');
    await expect(page.getByRole('form', { name: 'Checkout' })).toBeVisible();
    await fillDelivery(page);
    await expect(page.getByText('Tax (0%)', { exact: true })).toBeVisible();
    await expectAccessible(page);
  }
});
