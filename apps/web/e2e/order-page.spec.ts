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

test('a one-part order has its page, from My Orders and from Manage All Orders', async ({
  page,
  browser,
  baseURL,
}) => {
  const customer = await browser.newContext({ baseURL });
  const buyer = await customer.newPage();
  await signInAsNewCustomer(buyer, baseURL!, 'Una Single');
  const order = await placeOrder(buyer, 'Thermal Paste 4g', { address: '7 Single Street' });
  expect(order.lines).toHaveLength(1);
  await buyer.goto('/dashboard/orders');
  const mine = buyer.getByTestId('order-row').filter({ hasText: order.tool });
  await mine.getByRole('link', { name: formatOrderNumber(order.number), exact: true }).click();
  await expect(buyer).toHaveURL(`/dashboard/orders/${order._id}`);
  await expect(buyer.getByText('7 Single Street')).toBeVisible();
  await customer.close();

  await signInAsAdmin(page, baseURL!);
  await page.goto('/dashboard/manageAllOrders');
  const row = page.getByTestId('admin-order-row').filter({ hasText: '7 Single Street' }).first();
  await row.getByRole('link', { name: formatOrderNumber(order.number), exact: true }).click();
  await expect(page).toHaveURL(`/dashboard/orders/${order._id}`);
  await expect(page.getByRole('link', { name: '← Manage All Orders' })).toBeVisible();
});
