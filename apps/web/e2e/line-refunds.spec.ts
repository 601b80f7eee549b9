import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { signInAsAdmin, signInAsNewCustomer } from './support/accounts';
import {
  animationsDone,
  checkOutViaApi,
  expectAccessible,
  getOrderViaApi,
  payOrderViaApi,
} from './support/orders';

// Refunds of lines (issue 35): an admin gives back one line of a paid order from its page; the
// order stays paid, the line says Refunded, the history says what went back, and the rest of
// the order can still be refunded after.

const PASTE = 'Thermal Paste 4g';
const CHARGER = '65W USB-C Charger';
const history = (page: Page) => page.getByRole('region', { name: 'History' });

test('an admin refunds one line of two, then the other: the order is refunded', async ({
  page,
  browser,
  baseURL,
}) => {
  test.slow();
  await signInAsNewCustomer(page, baseURL ?? '', 'Lena Lines');
  const placed = await checkOutViaApi(page, [PASTE, CHARGER]);
  await payOrderViaApi(page, placed);
  const paste = placed.lines.find((line) => line.tool === PASTE)!;

  const admin = await (await browser.newContext({ baseURL })).newPage();
  await signInAsAdmin(admin, baseURL ?? '');
  await admin.goto(`/dashboard/orders/${placed._id}`);
  const actions = admin.getByRole('region', { name: 'Admin actions' });
  await actions.getByRole('button', { name: 'Refund' }).click();
  const dialog = admin.getByRole('dialog', { name: 'Refund this order?' });
  const choice = dialog.getByRole('group', { name: 'Lines to refund' });
  await expect(choice.getByRole('checkbox')).toHaveCount(2);
  await expect(choice.getByRole('checkbox', { name: new RegExp(PASTE) })).toBeChecked();
  // Every line unchecked: nothing to give back, said in the dialog.
  for (const box of await choice.getByRole('checkbox').all()) await box.uncheck();
  await dialog.getByLabel('Reason').fill('Does not fit');
  await dialog.getByRole('button', { name: 'Refund' }).click();
  await expect(dialog.getByText('Choose at least one line to refund')).toBeVisible();
  await choice.getByRole('checkbox', { name: new RegExp(PASTE) }).check();
  await expect(dialog.getByText('Choose at least one line to refund')).toHaveCount(0);
  await expect(dialog).toContainText('each with its tax and its share of shipping');
  for (const width of [360, 1280]) {
    await admin.setViewportSize({ width, height: 900 });
    await animationsDone(admin);
    await expectAccessible(admin, 'any');
  }
  await dialog.getByRole('button', { name: 'Refund' }).click();
  await expect(dialog).toBeHidden();

  // Paid still; the paste is refunded, with its price and its share of shipping given back.
  const tools = admin.getByRole('table', { name: 'The tools of this order' });
  await expect(tools.getByRole('row', { name: new RegExp(PASTE) })).toContainText('Refunded');
  await expect(tools.getByRole('row', { name: new RegExp(CHARGER) })).not.toContainText('Refunded');
  const given = (paste.price + paste.shipping + paste.tax + paste.shippingTax).toFixed(2);
  await expect(
    history(admin).getByText(`Lines refunded: $ ${given} · ${paste.quantity} × ${PASTE}`),
  ).toBeVisible();
  await expect(history(admin).getByText('Reason: Does not fit')).toBeVisible();
  expect(await getOrderViaApi(page, placed._id)).toMatchObject({ status: 'paid' });
  await admin.screenshot({ path: 'test-results/line-refund-order-1280.png', fullPage: true });

  // The charger next: the dialog offers it alone, and the whole order is then refunded.
  await actions.getByRole('button', { name: 'Refund' }).click();
  await expect(choice.getByRole('checkbox')).toHaveCount(1);
  await dialog.getByLabel('Reason').fill('Returned');
  await dialog.getByRole('button', { name: 'Refund' }).click();
  await expect(dialog).toBeHidden();
  await expect(history(admin).getByText(/^Lines refunded: .* \(paid → refunded\)$/)).toBeVisible();
  expect(await getOrderViaApi(page, placed._id)).toMatchObject({ status: 'refunded' });
  await expect(actions).toHaveCount(0);
  // Closed: left open, the admin's page would go on asking tokens for the run's one admin
  // session, which keeps its newest three, and sign the next tests' admin pages out.
  await admin.context().close();
});
