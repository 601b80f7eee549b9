import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { signInAs, signInAsAdmin, signInAsNewCustomer } from './support/accounts';
import {
  expectAccessible,
  expectOnlyStatusErrors,
  forgetSignIn,
  getOrderViaApi,
  isRed,
  payOrderViaApi,
  placeOrder,
} from './support/orders';

const ordersTable = (page: Page) => page.getByRole('region', { name: 'My orders table' });
const payButton = (page: Page) => page.getByRole('button', { name: 'Pay', exact: true });
const cardError = (page: Page) =>
  page.getByRole('form', { name: 'Card payment' }).getByRole('alert');

async function payWith(page: Page, number: string, expiry = '12/34', cvc = '123') {
  await page.getByLabel('Card number').fill(number);
  await page.getByLabel('Expiry (MM/YY)').fill(expiry);
  await page.getByLabel('CVC').fill(cvc);
  await expect(payButton(page)).toBeEnabled();
  await payButton(page).click();
}

test('paying with 4242 4242 4242 4242: "Congratulation!!", the id, then paid everywhere', async ({
  page,
  baseURL,
  makePart,
}) => {
  const { name: PANEL } = await makePart('Panel', { price: 89 });
  await signInAsNewCustomer(page, baseURL ?? '', 'Paying Buyer');
  const order = await placeOrder(page, PANEL, { quantity: 2 });

  await page.goto('/dashboard/orders');
  const row = ordersTable(page).getByRole('row').filter({ hasText: PANEL });
  await row.getByRole('link', { name: `Pay for ${PANEL}` }).click();
  await expect(page).toHaveURL(new RegExp(`/dashboard/payment/${order._id}$`));

  await expect(page.getByRole('heading', { name: `Pay For: ${PANEL}`, level: 1 })).toBeVisible();
  await expect(page.getByText('Get Your Delivery Soon')).toBeVisible();
  await expect(page.getByText('Please pay: $ 178.00')).toBeVisible();
  await expect(page.getByText('Test mode', { exact: true })).toBeVisible();
  await expect(page.getByText(/4242 4242 4242 4242\s*succeeds/)).toBeVisible();
  await expect(page.getByText(/4000 0000 0000 0002\s*is\s*declined/)).toBeVisible();
  const number = page.getByLabel('Card number');
  await expect(number).toHaveAttribute('inputmode', 'numeric');
  await expect(number).toHaveAttribute('autocomplete', 'cc-number');
  await expect(payButton(page)).toBeEnabled();
  await expectAccessible(page);

  // Typing is tidied as a card field does it.
  await number.fill('4242424242424242');
  await expect(number).toHaveValue('4242 4242 4242 4242');
  await payWith(page, '4242 4242 4242 4242');
  await expect(page.getByRole('heading', { name: 'Congratulation!!' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Congratulation!!' })).toBeFocused();
  const transaction = page.getByText(/^Your transaction id: pi_\w+$/);
  await expect(transaction).toBeVisible();
  const transactionId = ((await transaction.textContent()) ?? '').replace(
    'Your transaction id: ',
    '',
  );

  // The server says paid, with that id.
  expect(await getOrderViaApi(page, order._id)).toMatchObject({
    paid: true,
    status: 'paid',
    transactionId,
  });

  await page.getByRole('link', { name: 'Back to My Orders' }).click();
  await expect(row).toContainText('paid');
  await expect(row).toContainText(transactionId);
  await expect(row.getByRole('link', { name: /Pay/ })).toHaveCount(0);
  await expect(row.getByRole('button', { name: /Cancel/ })).toHaveCount(0);

  // The payment page of a paid order shows "paid" and no form.
  await page.goto(`/dashboard/payment/${order._id}`);
  await expect(page.getByText('This order is paid.')).toBeVisible();
  await expect(page.getByText('paid', { exact: true })).toBeVisible();
  await expect(page.getByLabel('Card number')).toHaveCount(0);
  await expect(payButton(page)).toHaveCount(0);
});

test('card mistakes are named on their field in the provider words; 4000 0000 0000 0002 is declined in red; a good card still pays', async ({
  page,
  baseURL,
  consoleErrors,
  makePart,
}) => {
  const { name: memory } = await makePart('DDR4');
  await signInAsNewCustomer(page, baseURL ?? '');
  const order = await placeOrder(page, memory);
  await page.goto(`/dashboard/payment/${order._id}`);

  // A number failing the Luhn check.
  await payWith(page, '4242 4242 4242 4241');
  await expect(cardError(page)).toHaveText('Your card number is invalid.');
  await expect(page.getByLabel('Card number')).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByLabel('Card number')).toBeFocused();
  await expectAccessible(page);

  await payWith(page, '4242 4242 4242 4242', '01/20');
  await expect(cardError(page)).toHaveText("Your card's expiration date is in the past.");
  await expect(page.getByLabel('Expiry (MM/YY)')).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByLabel('Card number')).not.toHaveAttribute('aria-invalid', 'true');

  await payWith(page, '4242 4242 4242 4242', '12/34', '12');
  await expect(cardError(page)).toHaveText("Your card's security code is incomplete.");
  await expect(page.getByLabel('CVC')).toHaveAttribute('aria-invalid', 'true');

  await payWith(page, '4242', '12/34', '123');
  await expect(cardError(page)).toHaveText('Your card number is incomplete.');

  // Fixing the field clears its message.
  await page.getByLabel('Card number').fill('4242 4242 4242 4242');
  await expect(cardError(page)).toHaveText('');

  await payWith(page, '4000 0000 0000 0002');
  await expect(cardError(page)).toHaveText('Your card was declined.');
  expect(await isRed(cardError(page))).toBe(true);
  await expect(page.getByRole('heading', { name: 'Congratulation!!' })).toHaveCount(0);

  // A good card afterwards still works on the same payment.
  await page.goto('/dashboard/orders');
  const row = ordersTable(page).getByRole('row').filter({ hasText: memory });
  await expect(row.getByRole('link', { name: /^Pay for/ })).toBeVisible();
  await row.getByRole('link', { name: /^Pay for/ }).click();
  await payWith(page, '4242 4242 4242 4242');
  await expect(page.getByRole('heading', { name: 'Congratulation!!' })).toBeVisible();
  expectOnlyStatusErrors(consoleErrors, [402]);
});
test('the admin ships a paid order and the buyer sees "shipped"', async ({
  page,
  baseURL,
  makePart,
}) => {
  const { name: charger } = await makePart('Charger', { price: 29.99 });
  const { name: keyboard } = await makePart('Keyboard');
  const email = await signInAsNewCustomer(page, baseURL ?? '', 'Shipping Buyer');
  const order = await placeOrder(page, charger, { quantity: 3 });
  await payOrderViaApi(page, order);
  const unpaid = await placeOrder(page, keyboard);

  await forgetSignIn(page);
  await signInAsAdmin(page, baseURL ?? '');
  await page.goto('/dashboard/manageAllOrders');
  const rows = page.getByTestId('admin-order-row').filter({ hasText: email });
  await expect(rows).toHaveCount(2);
  const paidRow = rows.filter({ hasText: charger });
  await expect(paidRow).toContainText('paid');
  // 3 × $ 29.99, and US Ground's $ 6.99 under $ 99 (Oregon has no sales tax).
  await expect(paidRow).toContainText('$ 96.96');
  await expect(
    rows.filter({ hasText: keyboard }).getByRole('link', { name: /^Pending: payment of / }),
  ).toHaveAttribute('href', `/dashboard/payment/${unpaid._id}`);

  await paidRow.getByRole('button', { name: /^Ship/ }).click();
  const shipDialog = page.getByRole('dialog', { name: "Ship Shipping Buyer's order?" });
  await shipDialog.getByLabel('Carrier').selectOption({ label: 'UPS' });
  await shipDialog.getByRole('button', { name: 'Ship' }).click();
  await expect(shipDialog).toBeHidden();
  await expect(paidRow).toContainText('shipped');
  await expect(paidRow.getByRole('button', { name: /^Ship/ })).toHaveCount(0);
  await expect(page.getByRole('status').filter({ hasText: 'is shipped' })).toHaveText(
    `Shipping Buyer's order of ${charger} is shipped.`,
  );

  await forgetSignIn(page);
  await signInAs(page, baseURL ?? '', email);
  await page.goto('/dashboard/orders');
  const row = ordersTable(page).getByRole('row').filter({ hasText: charger });
  await expect(row).toContainText('shipped');
  await expect(row.getByRole('link', { name: /Pay/ })).toHaveCount(0);
  await page.goto(`/dashboard/payment/${order._id}`);
  await expect(page.getByText('This order is paid and on its way.')).toBeVisible();
});
