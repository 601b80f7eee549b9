import type { Page } from '@playwright/test';
import { formatMoney, type Order, type SalesReport } from '@shop/shared';
import { expect, test } from './fixtures';
import { signInAsAdmin, signInAsNewCustomer } from './support/accounts';
import {
  callApi,
  totalOf,
  expectAccessible,
  expectOnlyStatusErrors,
  findTool,
  getOrderViaApi,
  payOrderViaApi,
  placeOrder,
} from './support/orders';

test.describe.configure({ timeout: 120_000 });

/** A demo part: the dashboard's low-stock list names it (its demo stock is low). */
const CHARGER = '65W USB-C Charger';
const history = (page: Page) => page.getByRole('region', { name: 'History' });

/** RFC 4180 records: quoted cells may hold commas, quotes ("") and line breaks (addresses). */
function parseCsv(text: string): string[][] {
  const records: string[][] = [];
  let record: string[] = [];
  let cell = '';
  let quoted = false;
  const endCell = () => {
    record.push(cell);
    cell = '';
  };
  for (let at = 0; at < text.length; at++) {
    const char = text[at]!;
    if (quoted && char === '"' && text[at + 1] === '"') {
      cell += '"';
      at++;
    } else if (char === '"') {
      quoted = !quoted;
    } else if (quoted || (char !== ',' && char !== '\n' && char !== '\r')) {
      cell += char;
    } else if (char === ',') {
      endCell();
    } else if (char === '\n') {
      endCell();
      records.push(record);
      record = [];
    }
  }
  if (cell || record.length > 0) {
    endCell();
    records.push(record);
  }
  return records;
}

test('an admin ships, delivers and refunds orders from their pages; the buyer sees each state and its history', async ({
  page,
  browser,
  baseURL,
  makePart,
}) => {
  // A charger of the test's own: its stock is counted below.
  const { name: charger } = await makePart('Charger', { price: 29.99, availableQuantity: 40 });
  await signInAsNewCustomer(page, baseURL!, 'Wendy Workflow');
  const shipped = await placeOrder(page, charger, { address: '1 Ship Street' });
  await payOrderViaApi(page, shipped);
  const refunded = await placeOrder(page, charger, { address: '2 Refund Road' });
  await payOrderViaApi(page, refunded);
  const stockPaid = (await findTool(page, charger)).availableQuantity;

  const admin = await (await browser.newContext({ baseURL })).newPage();
  await signInAsAdmin(admin, baseURL!);

  // Ship, then deliver.
  await admin.goto(`/dashboard/orders/${shipped._id}`);
  const actions = admin.getByRole('region', { name: 'Admin actions' });
  await actions.getByRole('button', { name: 'Ship' }).click();
  // Ship asks for the carrier (and takes a tracking number) before the order goes.
  const shipDialog = admin.getByRole('dialog', { name: "Ship Wendy Workflow's order?" });
  await shipDialog.getByRole('button', { name: 'Ship' }).click();
  await expect(shipDialog.getByText('Choose a carrier')).toHaveCount(2);
  await shipDialog.getByLabel('Carrier').selectOption({ label: 'DHL' });
  await shipDialog.getByLabel('Tracking number (optional)').fill('JD01/46');
  await shipDialog.getByRole('button', { name: 'Ship' }).click();
  await expect(shipDialog.getByLabel('Tracking number (optional)')).toHaveAccessibleDescription(
    /may have letters, digits, and single spaces or dashes/,
  );
  await expect(history(admin).getByText('paid → shipped')).toHaveCount(0);
  await shipDialog.getByLabel('Tracking number (optional)').fill('JD014600006281230704');
  await shipDialog.getByRole('button', { name: 'Ship' }).click();
  await expect(shipDialog).toBeHidden();
  await expect(admin.getByRole('heading', { level: 1 }).locator('..')).toContainText('shipped');
  await expect(admin.getByRole('link', { name: /JD014600006281230704/ })).toHaveAttribute(
    'href',
    'https://www.dhl.com/global-en/home/tracking.html?tracking-id=JD014600006281230704&submit=1',
  );
  await expect(history(admin).getByText('paid → shipped')).toBeVisible();
  await actions.getByRole('button', { name: 'Mark delivered' }).click();
  await expect(history(admin).getByText('shipped → delivered')).toBeVisible();
  // A delivered order can only have lines refunded (a return), nothing else.
  await expect(actions.getByRole('button')).toHaveText(['Refund lines']);

  // Refund: a reason is asked for; the units go back only when chosen.
  await admin.goto(`/dashboard/orders/${refunded._id}`);
  await actions.getByRole('button', { name: 'Refund' }).click();
  const dialog = admin.getByRole('dialog', { name: 'Refund this order?' });
  await expect(dialog).toBeVisible();
  // The amount, with its shipping and tax shares, before it is confirmed (Oregon: no tax).
  const amount = dialog.getByText(/goes back to the card/);
  await expect(amount).toContainText(
    `$ ${refunded.price.toFixed(2)} goes back to the card: parts $ ${refunded.totals.subtotal.toFixed(2)}, shipping $ ${refunded.totals.shipping.toFixed(2)}, `,
  );
  await expect(amount).toContainText(/ \$ 0\.00\.$/);
  for (const width of [360, 1280]) {
    await admin.setViewportSize({ width, height: 900 });
    await expectAccessible(admin, 'any');
  }
  await dialog.getByRole('button', { name: 'Refund' }).click();
  await expect(dialog.getByText('Reason is required')).toBeVisible();
  expect((await getOrderViaApi(page, refunded._id)).status).toBe('paid');
  await dialog.getByLabel('Reason').fill('Arrived damaged');
  await dialog.getByLabel('Return the units to stock').check();
  await dialog.getByRole('button', { name: 'Refund' }).click();
  await expect(dialog).toBeHidden();
  await expect(history(admin).getByText('paid → refunded')).toBeVisible();
  await expect(history(admin).getByText('Reason: Arrived damaged')).toBeVisible();
  expect((await findTool(page, charger)).availableQuantity).toBe(stockPaid + refunded.quantity);

  // The buyer sees both states, and the history with who and why.
  await page.goto('/dashboard/orders');
  const rows = page.getByTestId('order-row');
  await expect(rows.filter({ hasText: 'delivered' })).toHaveCount(1);
  await expect(rows.filter({ hasText: 'refunded' })).toHaveCount(1);
  expect((await getOrderViaApi(page, shipped._id)).status).toBe('delivered');
  expect((await getOrderViaApi(page, refunded._id)).status).toBe('refunded');
  await page.goto(`/dashboard/orders/${refunded._id}`);
  await expect(page.getByRole('heading', { level: 1 }).locator('..')).toContainText('refunded');
  await expect(history(page).getByText('paid → refunded')).toBeVisible();
  await expect(
    history(page)
      .getByText(/by .*\(admin\)/)
      .last(),
  ).toBeVisible();
  await expect(page.getByRole('region', { name: 'Admin actions' })).toHaveCount(0);
  await admin.context().close();
});

test("the admins' dashboard home draws revenue per day, with its table, orders by status and low stock", async ({
  page,
  browser,
  baseURL,
}) => {
  // Something paid today, so today's bar has a height.
  const customer = await (await browser.newContext({ baseURL })).newPage();
  await signInAsNewCustomer(customer, baseURL!, 'Paula Paid');
  await payOrderViaApi(customer, await placeOrder(customer, CHARGER));
  await customer.context().close();

  await signInAsAdmin(page, baseURL!);
  await page.goto('/dashboard');
  await expect(page).toHaveURL('/dashboard/sales');
  const report = await callApi<SalesReport>(page, 'GET', '/api/reports/sales');
  expect(report.status).toBe(200);

  const chart = page.getByRole('img', { name: /^Revenue per day from / });
  await expect(chart.locator('.recharts-bar-rectangle').first()).toBeVisible();
  await page.getByText('Revenue per day as a table').click();
  const table = page.getByRole('table', { name: /Revenue per day/ });
  await expect(table.getByRole('row')).toHaveCount(report.body.revenuePerDay.length + 1);
  const status = page.getByRole('region', { name: 'Orders by status' });
  for (const entry of report.body.ordersByStatus) {
    await expect(
      status.getByRole('listitem').filter({ has: page.getByText(entry.status, { exact: true }) }),
    ).toContainText(String(entry.count));
  }

  // The revenue in its parts: what buyers paid, less refunds, less the tax kept, adding up to
  // the revenue without tax of every day; tax and refunds are figures of their own above too.
  const parts = page.getByRole('region', { name: /^Revenue in its parts/ });
  const { paid, refunded, tax, revenue } = report.body.breakdown;
  await expect(parts).toContainText(`Paid by buyers${formatMoney(paid)}`);
  await expect(parts).toContainText(
    `Tax collected${tax === 0 ? formatMoney(0) : `− ${formatMoney(tax)}`}`,
  );
  const cents = (dollars: number) => Math.round(dollars * 100);
  const perDay = report.body.revenuePerDay.reduce((sum, day) => sum + cents(day.revenue), 0);
  expect(cents(paid) - cents(refunded) - cents(tax)).toBe(perDay);
  expect(cents(revenue)).toBe(perDay);
  await expect(parts).toContainText(`Revenue without tax${formatMoney(revenue)}`);
  // The figures on top, the first of each term: revenue without tax, tax and refunds apart.
  const figure = (term: string) =>
    page.getByRole('term').filter({ hasText: term }).first().locator('..');
  await expect(figure('Revenue without tax, last 30 days')).toContainText(formatMoney(revenue));
  await expect(figure('Tax collected')).toContainText(formatMoney(tax));
  await expect(figure('Refunds')).toContainText(formatMoney(refunded));
  await page.screenshot({ path: 'test-results/sales-dashboard-1280.png', fullPage: true });

  // A threshold above every stock lists every tool on sale; the figures reload.
  const lowStock = page.getByRole('region', { name: 'Low stock' });
  const threshold = lowStock.getByLabel('List tools with a stock at or below');
  await threshold.fill('100000');
  await lowStock.getByRole('button', { name: 'Save' }).click();
  await expect(lowStock.getByRole('list', { name: 'Tools low on stock' })).toContainText(CHARGER);
  await threshold.fill(String(report.body.lowStockThreshold));
  await lowStock.getByRole('button', { name: 'Save' }).click();
  await expect
    .poll(async () => (await callApi<SalesReport>(page, 'GET', '/api/reports/sales')).body)
    .toMatchObject({ lowStockThreshold: report.body.lowStockThreshold });
  await expect(page.locator('[data-sonner-toast]')).toHaveCount(0, { timeout: 15_000 });
  for (const width of [360, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await expectAccessible(page, 'any');
  }
});

test('a customer cannot refund, and sees no admin actions', async ({
  page,
  baseURL,
  consoleErrors,
}) => {
  await signInAsNewCustomer(page, baseURL!, 'Nosy Nell');
  const order: Order = await placeOrder(page, CHARGER);
  await payOrderViaApi(page, order);
  const refund = await callApi(page, 'POST', `/api/purchase/${order._id}/refund`, {
    reason: 'Mine',
    restock: true,
  });
  expect(refund.status).toBe(403);
  expectOnlyStatusErrors(consoleErrors, [403]);
  await page.goto(`/dashboard/orders/${order._id}`);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Admin actions' })).toHaveCount(0);
});

test('an admin exports the filtered orders as CSV: every order the filter selects, on every page', async ({
  page,
  baseURL,
}) => {
  await signInAsAdmin(page, baseURL!);
  const total = await totalOf(page, '/api/allPurchase?status=paid&limit=1');
  expect(total).toBeGreaterThan(0);
  await page.goto('/dashboard/manageAllOrders');
  await page.getByLabel('Status').selectOption('paid');
  // The heading keeps the unfiltered total while the filtered page loads: wait for the new one.
  await expect(
    page.getByRole('heading', { level: 1, name: `Manage All Orders (${total})` }),
  ).toBeVisible();

  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Export CSV' }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^orders-\d{4}-\d{2}-\d{2}\.csv$/);
  const stream = await download.createReadStream();
  let csv = '';
  for await (const chunk of stream) csv += String(chunk);
  const [header, ...rows] = parseCsv(csv);
  expect(header).toEqual([
    'Order',
    'Placed',
    'Status',
    'Buyer',
    'Email',
    'Tools',
    'Units',
    'Total',
    'Transaction',
    'Address',
    'Phone',
    'Needed by',
    'Subtotal',
    'Shipping',
    'Tax',
    'Tax in prices',
    'Shipping method',
    'Country',
    'Region',
    'City',
    'Postal code',
    'Recipient',
    'Order number',
  ]);
  expect(rows).toHaveLength(total);
  for (const row of rows) {
    expect(row[2]).toBe('paid');
    expect(row.at(-1)).toMatch(/^ORD-\d{6,}$/);
  }
});
