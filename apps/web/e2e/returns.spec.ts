import type { Page } from '@playwright/test';
import { type BillingDocument, formatMoney, type ReturnRequest } from '@shop/shared';
import { expect, test } from './fixtures';
import { signInAsAdmin, signInAsNewCustomer } from './support/accounts';
import {
  BERLIN,
  callApi,
  checkOutViaApi,
  findTool,
  getOrderViaApi,
  lookAtWidths,
  payOrderViaApi,
} from './support/orders';

// Returns: a buyer in Berlin asks to send back one part of two that does not fit; an admin
// authorises the return on the back office's Returns screen, marks the part received (it can be
// sold again) and refunds it less the restocking fee; the buyer sees the refund and the credit
// note on the order's page. The admin also sets the return rules.

const PASTE = 'Thermal Paste 4g';

const returnsOf = (page: Page) => page.getByRole('region', { name: 'Returns', exact: true });
const queueOf = (page: Page) => page.getByRole('region', { name: 'Return requests', exact: true });

/** x percent of `cents`, rounded half up to the cent (docs/product.md, Returns). */
const percentOf = (cents: number, percent: number) => Math.floor((cents * percent + 50) / 100);
const cents = (dollars: number) => Math.round(dollars * 100);

test('a buyer asks to return a part, an admin authorises, receives and refunds it, the buyer sees the credit note', async ({
  page,
  browser,
  baseURL,
  consoleErrors,
  makePart,
}) => {
  test.slow();
  // The part sent back is the test's own: its stock is counted when it is sold again.
  const { name: charger } = await makePart('Charger', { price: 29.99, availableQuantity: 40 });
  await signInAsNewCustomer(page, baseURL ?? '', 'Rita Returner');
  const placed = await checkOutViaApi(page, [PASTE, charger], BERLIN);
  const orderId = placed._id;
  await payOrderViaApi(page, placed);

  const admin = await (await browser.newContext({ baseURL })).newPage();
  await signInAsAdmin(admin, baseURL ?? '');
  for (const step of ['ship', 'deliver']) {
    const moved = await callApi(admin, 'POST', `/api/purchase/${orderId}/${step}`);
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
  }

  // The buyer's order page: no return yet, and the window said in days.
  await page.goto(`/dashboard/orders/${orderId}`);
  const returns = returnsOf(page);
  await expect(returns).toContainText(
    'No return asked. A part that does not fit can be sent back within 30 days of delivery.',
  );
  await returns.getByRole('button', { name: 'Return parts' }).click();
  const dialog = page.getByRole('dialog', { name: 'Return parts of this order?' });
  const ask = dialog.getByRole('button', { name: 'Ask for the return' });

  // Nothing chosen: said in the dialog, nothing asked.
  await ask.click();
  await expect(dialog.getByRole('alert')).toHaveText('Choose at least one part to return');
  const parts = dialog.getByRole('group', { name: 'Parts to return' });
  await expect(parts.getByRole('checkbox')).toHaveCount(2);
  await parts.getByRole('checkbox', { name: new RegExp(charger) }).check();
  // The refusal goes with the change that answers it.
  await expect(dialog.getByRole('alert')).toHaveCount(0);
  await ask.click();
  await expect(dialog.getByRole('alert')).toHaveText('Choose why the parts go back');

  // The reason's restocking fee is said before asking.
  const reason = dialog.getByLabel('Reason');
  await reason.selectOption({ label: 'Does not fit' });
  await expect(dialog.getByRole('alert')).toHaveCount(0);
  await expect(reason).toHaveAccessibleDescription(
    "For this reason a restocking fee of 15% of the parts' price is kept from the refund.",
  );
  await reason.selectOption({ label: 'Faulty' });
  await expect(dialog.getByText(/restocking fee/)).toHaveCount(0);
  await reason.selectOption({ label: 'Does not fit' });
  await dialog.getByLabel('Comment (optional)').fill('USB-C plug does not fit my X1 Carbon');
  await lookAtWidths(page, 'returns-request-dialog');
  await ask.click();
  await expect(dialog).toBeHidden();
  const card = returns.getByRole('listitem');
  await expect(card).toHaveCount(1);
  await expect(card).toContainText('Requested: waiting for the shop');
  await expect(card).toContainText(`× ${charger} · Does not fit`);
  await expect(card).toContainText('Comment: USB-C plug does not fit my X1 Carbon');
  // The charger is being returned: only the paste can still be asked for.
  await returns.getByRole('button', { name: 'Return parts' }).click();
  await expect(parts.getByRole('checkbox')).toHaveCount(1);
  await expect(parts).toContainText(PASTE);
  await dialog.getByRole('button', { name: 'Keep them' }).click();
  await expect(dialog).toBeHidden();
  // A toast fading out is half transparent: axe would count its contrast mid-fade.
  await expect(page.getByText('Return requested: we will answer by email')).toBeHidden({
    timeout: 15_000,
  });
  await lookAtWidths(page, 'returns-requested');

  // The admin's Returns screen lists it among those the shop still has to act on.
  const chargerBefore = await findTool(page, charger);
  await admin.goto('/dashboard/sales');
  await admin
    .getByRole('navigation', { name: 'Dashboard' })
    .getByRole('link', { name: 'Returns' })
    .click();
  await expect(admin.getByRole('heading', { level: 1, name: 'Returns' })).toBeVisible();
  const queue = queueOf(admin);
  const status = queue.getByLabel('Status');
  await expect(status).toHaveValue('open');
  const waiting = queue.getByRole('listitem').filter({ hasText: 'Rita Returner' });
  await expect(waiting).toContainText(`× ${charger} · Does not fit`);
  await lookAtWidths(admin, 'returns-queue');

  await waiting.getByRole('button', { name: 'Authorise' }).click();
  const authorise = admin.getByRole('dialog', { name: 'Authorise this return?' });
  await authorise
    .getByLabel('Message to the buyer (optional)')
    .fill('Send it to 1200 Harbor Way, Oakland, with the order number inside.');
  await authorise.getByRole('button', { name: 'Authorise' }).click();
  await expect(authorise).toBeHidden();
  // Authorised, it stays in the default view: the shop has still to receive and refund it.
  const authorised = queue.getByRole('listitem').filter({ hasText: 'Rita Returner' });
  await expect(authorised).toContainText('Authorised: send the parts back');
  await expect(authorised).toContainText('The shop: Send it to 1200 Harbor Way');
  await authorised.getByRole('button', { name: 'Mark received' }).click();
  const receive = admin.getByRole('dialog', { name: 'Mark this return received?' });
  await expect(
    receive
      .getByRole('group', { name: 'Can be sold again' })
      .getByRole('checkbox', { name: new RegExp(charger) }),
  ).toBeChecked();
  await receive.getByRole('button', { name: 'Mark received' }).click();
  await expect(receive).toBeHidden();
  // Sold again: the charger's units are back in stock, once.
  expect((await findTool(page, charger)).availableQuantity).toBe(
    chargerBefore.availableQuantity + chargerBefore.minOrderQuantity,
  );

  await expect(status).toHaveValue('open');
  const received = queue.getByRole('listitem').filter({ hasText: 'Rita Returner' });
  await received.getByRole('button', { name: 'Refund' }).click();
  const refund = admin.getByRole('dialog', { name: 'Refund this return?' });
  await expect(refund).toContainText('less a restocking fee of 15%');
  await refund.getByRole('button', { name: 'Refund' }).click();
  await expect(refund).toBeHidden();

  // What the charger gives back: its price and tax less 15 % of them, plus its shipping share.
  const order = await getOrderViaApi(page, orderId);
  const line = order.lines.find((candidate) => candidate.tool === charger)!;
  const goods = cents(line.price + line.tax);
  const fee = percentOf(goods, 15);
  const amount = goods - fee + cents(line.shipping + line.shippingTax);
  await status.selectOption({ label: 'Refunded' });
  await expect(queue.getByRole('listitem').filter({ hasText: 'Rita Returner' })).toContainText(
    `Refunded ${formatMoney(amount / 100)} (restocking fee ${formatMoney(fee / 100)})`,
  );
  const asked = await callApi<ReturnRequest[]>(page, 'GET', `/api/purchase/${orderId}/returns`);
  expect(asked.body[0]!.refund).toEqual({ amount: amount / 100, fee: fee / 100 });

  // The buyer sees the refund, and the credit note for the invoice.
  await page.reload();
  await expect(card).toContainText('Refunded');
  await expect(card).toContainText(
    `Refunded ${formatMoney(amount / 100)} (restocking fee ${formatMoney(fee / 100)})`,
  );
  // The history says each step as what it was: money went back only at the refund.
  const steps = page
    .getByRole('region', { name: 'History', exact: true })
    .getByRole('listitem')
    .locator('span.font-medium');
  await expect(steps).toHaveText([
    'Placed (unpaid)',
    'unpaid → paid',
    'paid → shipped',
    'shipped → delivered',
    `Return requested: ${line.quantity} × ${charger} · Does not fit`,
    `Return authorised: ${line.quantity} × ${charger} · Does not fit`,
    `Parts received: ${line.quantity} × ${charger} · Does not fit`,
    `Lines refunded: ${formatMoney(amount / 100)} · ${line.quantity} × ${charger}`,
  ]);
  const documents = await callApi<BillingDocument[]>(
    page,
    'GET',
    `/api/purchase/${orderId}/documents`,
  );
  const [invoice, creditNote] = documents.body;
  expect(creditNote).toMatchObject({ kind: 'credit_note', invoiceNumber: invoice!.number });
  expect(cents(creditNote!.total)).toBe(amount);
  await expect(
    page
      .getByRole('region', { name: 'Invoice and credit notes', exact: true })
      .getByRole('row', { name: new RegExp(`^Credit note ${creditNote!.number}`) }),
  ).toContainText(`${formatMoney(amount / 100)} refunded`);
  // The paste can still be returned; the charger cannot.
  await returns.getByRole('button', { name: 'Return parts' }).click();
  await expect(parts.getByRole('checkbox')).toHaveCount(1);
  await dialog.getByRole('button', { name: 'Keep them' }).click();
  await returns.scrollIntoViewIfNeeded();
  await lookAtWidths(page, 'returns-refunded');
  expect(consoleErrors).toEqual([]);

  // The return rules: a window over a year is refused under its field; 45 days is saved.
  const rules = admin.getByRole('region', { name: 'Return rules', exact: true });
  const window = rules.getByLabel('Return window (days after delivery)');
  await window.fill('366');
  await rules.getByRole('button', { name: 'Save the return rules' }).click();
  await expect(window).toHaveAttribute('aria-invalid', 'true');
  await expect(window).toHaveAccessibleDescription(/Return window must be at most 365 days/);
  await window.fill('45');
  await rules.getByLabel('Changed my mind').fill('10');
  await rules.getByRole('button', { name: 'Save the return rules' }).click();
  await expect(
    admin.getByText('Saved. Returns asked from now on follow these rules.'),
  ).toBeVisible();
  expect((await callApi(admin, 'GET', '/api/settings/returns')).body).toMatchObject({
    windowDays: 45,
    restockingFees: { changed_mind: 10, does_not_fit: 15 },
  });
  await expect(admin.getByText('Saved. Returns asked from now on follow these rules.')).toBeHidden({
    timeout: 15_000,
  });
  await rules.scrollIntoViewIfNeeded();
  await lookAtWidths(admin, 'returns-rules');
  // Put back as seeded: the other tests read 30 days.
  await window.fill('30');
  await rules.getByLabel('Changed my mind').fill('15');
  await rules.getByRole('button', { name: 'Save the return rules' }).click();
  await expect
    .poll(async () => (await callApi(admin, 'GET', '/api/settings/returns')).body)
    .toMatchObject({ windowDays: 30, restockingFees: { changed_mind: 15 } });
  // Closed: left open, the admin's page would go on asking tokens for the run's one admin
  // session, which keeps its newest three, and sign the next tests' admin pages out.
  await admin.context().close();
});
