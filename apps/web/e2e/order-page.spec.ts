import { type Cart, formatOrderNumber, type Order } from '@shop/shared';
import { expect, test } from './fixtures';
import { signInAsAdmin, signInAsNewCustomer } from './support/accounts';
import {
  callApi,
  expectAccessible,
  findTool,
  firstMethodTo,
  oregonDelivery,
  payOrderViaApi,
  placeOrder,
} from './support/orders';

test.describe.configure({ timeout: 90_000 });

/** A paid order of two tools, placed through the cart by a new customer signed in on `page`. */
async function paidTwoToolOrder(page: Parameters<typeof findTool>[0], baseURL: string) {
  const email = await signInAsNewCustomer(page, baseURL, 'Lina Lines');
  for (const [name, quantity] of [
    ['CPU Cooling Fan', 2],
    ['Thermal Paste 4g', 3],
  ] as const) {
    const tool = await findTool(page, name);
    const added = await callApi(page, 'POST', '/api/cart/lines', {
      toolId: tool._id,
      quantity: Math.max(quantity, tool.minOrderQuantity),
    });
    expect(added.status, JSON.stringify(added.body)).toBe(200);
  }
  const cart = await callApi<Cart>(page, 'GET', '/api/cart');
  const method = await firstMethodTo(page, cart.body.lines);
  const placed = await callApi<Order>(page, 'POST', '/api/checkout', {
    address: '9 Line Lane\nSuite 9',
    ...oregonDelivery(method.methodId),
  });
  expect(placed.status, JSON.stringify(placed.body)).toBe(201);
  const transactionId = await payOrderViaApi(page, placed.body);
  return { email, order: placed.body, transactionId };
}

test('an order of two tools shows its lines in My Orders, and its page shows them with its history', async ({
  page,
  baseURL,
}) => {
  const { order, transactionId } = await paidTwoToolOrder(page, baseURL!);
  await page.goto('/dashboard/orders');
  const row = page.getByTestId('order-row').filter({ hasText: transactionId });
  for (const line of order.lines) {
    await expect(row.getByText(`${line.quantity} × ${line.tool}`)).toBeVisible();
  }
  await row.getByRole('link', { name: formatOrderNumber(order.number), exact: true }).click();

  await expect(page).toHaveURL(`/dashboard/orders/${order._id}`);
  await expect(
    page.getByRole('heading', { level: 1, name: `Order ${formatOrderNumber(order.number)} of` }),
  ).toBeVisible();
  const lines = page.getByRole('table', { name: 'The tools of this order' });
  for (const line of order.lines) {
    await expect(lines.getByRole('row', { name: new RegExp(line.tool) })).toBeVisible();
  }
  await expect(lines.getByRole('row', { name: /Order total/ })).toContainText(
    `$ ${order.price.toFixed(2)}`,
  );
  await expect(page.getByText('9 Line Lane')).toBeVisible();
  const history = page.getByRole('region', { name: 'History' });
  await expect(history.getByText('Placed (unpaid)')).toBeVisible();
  await expect(history.getByText('unpaid → paid')).toBeVisible();
  for (const width of [360, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await expectAccessible(page, 'any');
  }
});

test('the admin sees the order of two tools with its lines, and its page', async ({
  page,
  browser,
  baseURL,
}) => {
  const customer = await browser.newContext({ baseURL });
  const { order } = await paidTwoToolOrder(await customer.newPage(), baseURL!);
  await customer.close();

  await signInAsAdmin(page, baseURL!);
  await page.goto('/dashboard/manageAllOrders');
  const row = page.getByTestId('admin-order-row').filter({ hasText: '9 Line Lane' }).first();
  for (const line of order.lines) {
    await expect(row.getByText(`${line.quantity} × ${line.tool}`)).toBeVisible();
  }
  await page.goto(`/dashboard/orders/${order._id}`);
  await expect(page.getByRole('link', { name: '← Manage All Orders' })).toBeVisible();
  // The buyer; the parcel's recipient, the buyer's name too, is under Deliver to.
  await expect(page.getByRole('definition').filter({ hasText: /^Lina Lines, / })).toBeVisible();
});

test('a one-part order, from My Orders and Manage All Orders: shipped with tracking, its invoice, a return', async ({
  page,
  browser,
  baseURL,
}) => {
  const customer = await browser.newContext({ baseURL });
  const buyer = await customer.newPage();
  await signInAsNewCustomer(buyer, baseURL!, 'Una Single');
  const order = await placeOrder(buyer, 'Thermal Paste 4g', { address: '7 Single Street' });
  expect(order.lines).toHaveLength(1);
  await payOrderViaApi(buyer, order);
  const number = formatOrderNumber(order.number);

  // The admin opens it from Manage All Orders and ships it with a carrier and tracking number.
  await signInAsAdmin(page, baseURL!);
  await page.goto('/dashboard/manageAllOrders');
  const row = page.getByTestId('admin-order-row').filter({ hasText: '7 Single Street' }).first();
  await row.getByRole('link', { name: number, exact: true }).click();
  await expect(page).toHaveURL(`/dashboard/orders/${order._id}`);
  await expect(page.getByRole('link', { name: '← Manage All Orders' })).toBeVisible();
  const actions = page.getByRole('region', { name: 'Admin actions' });
  await actions.getByRole('button', { name: 'Ship' }).click();
  const ship = page.getByRole('dialog', { name: "Ship Una Single's order?" });
  await ship.getByLabel('Carrier').selectOption({ label: 'UPS' });
  await ship.getByLabel('Tracking number (optional)').fill('1Z999AA10123456784');
  for (const width of [360, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await expectAccessible(page, 'any');
    await page.screenshot({ path: `test-results/ship-dialog-${width}.png` });
  }
  await ship.getByRole('button', { name: 'Ship' }).click();
  await expect(ship).toBeHidden();
  await actions.getByRole('button', { name: 'Mark delivered' }).click();
  await expect(page.getByRole('heading', { level: 1 }).locator('..')).toContainText('delivered');

  // The buyer opens it from My Orders: the tracking link, the invoice, a return.
  await buyer.goto('/dashboard/orders');
  const mine = buyer.getByTestId('order-row').filter({ hasText: order.tool });
  await mine.getByRole('link', { name: number, exact: true }).click();
  await expect(buyer).toHaveURL(`/dashboard/orders/${order._id}`);
  await expect(buyer.getByText('7 Single Street')).toBeVisible();
  await expect(buyer.getByRole('link', { name: /^1Z999AA10123456784/ })).toHaveAttribute(
    'href',
    'https://www.ups.com/track?tracknum=1Z999AA10123456784',
  );
  const documents = buyer.getByRole('region', {
    name: 'Invoice and credit notes',
    exact: true,
  });
  const download = documents.getByRole('button', { name: /^Download PDF of invoice / });
  const [saved] = await Promise.all([buyer.waitForEvent('download'), download.click()]);
  expect(saved.suggestedFilename()).toMatch(/^invoice-.+\.pdf$/);
  const returns = buyer.getByRole('region', { name: 'Returns', exact: true });
  await returns.getByRole('button', { name: 'Return parts' }).click();
  const ask = buyer.getByRole('dialog', { name: 'Return parts of this order?' });
  await ask.getByRole('group', { name: 'Parts to return' }).getByRole('checkbox').check();
  await ask.getByLabel('Reason').selectOption({ label: 'Faulty' });
  await ask.getByRole('button', { name: 'Ask for the return' }).click();
  await expect(ask).toBeHidden();
  await expect(returns.getByRole('listitem')).toContainText('Requested: waiting for the shop');
  await expect(buyer.getByText('Return requested: we will answer by email')).toBeHidden({
    timeout: 15_000,
  });
  for (const width of [360, 1280]) {
    await buyer.setViewportSize({ width, height: 900 });
    await expectAccessible(buyer, 'any');
    await buyer.screenshot({ path: `test-results/shipped-order-${width}.png`, fullPage: true });
  }
  await customer.close();
});
