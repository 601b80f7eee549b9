import type { Page } from '@playwright/test';
import type { Tool } from '@shop/shared';
import { expect, test } from './fixtures';
import { signInAsAdmin, signInAsNewCustomer } from './support/accounts';
import {
  callApi,
  expectAccessible,
  firstMethodTo,
  oregonDelivery,
  totalOf,
} from './support/orders';

/** More paid orders than one page of Manage All Orders holds (20). */
const PAID_ORDERS = 21;
const TOOL_NAME = 'Paged Lists Dock';

/**
 * A customer's orders of the tool, placed and paid in the browser as the payment page would,
 * one after another (a customer may hold only a few unpaid orders), and one left unpaid.
 */
async function placeOrders(page: Page, tool: Tool, paid: number) {
  const method = await firstMethodTo(page, [{ toolId: tool._id, quantity: 1 }]);
  return page.evaluate(
    async ({ toolId, paid, delivery }) => {
      const call = async (method: string, path: string, body: unknown) => {
        const response = await fetch(path, {
          method,
          headers: {
            'Content-Type': 'application/json',
            Authorization: `Bearer ${localStorage.getItem('accessToken')}`,
          },
          body: JSON.stringify(body),
        });
        if (!response.ok) throw new Error(`${method} ${path}: ${response.status}`);
        return response.json() as Promise<Record<string, string>>;
      };
      const purchase = { toolId, quantity: 1, address: '20 Page Street', ...delivery };
      for (let index = 0; index < paid; index++) {
        const order = await call('POST', '/api/purchase', purchase);
        const { clientSecret } = await call('POST', '/api/create-payment-intent', {
          orderId: order._id,
        });
        const payment = await call('POST', '/api/sandbox/confirm', {
          clientSecret,
          card: { number: '4242424242424242', expMonth: 12, expYear: 2040, cvc: '123' },
        });
        await call('PATCH', `/api/purchase/${order._id}`, {
          orderID: order._id,
          transactionId: payment.id,
        });
      }
      await call('POST', '/api/purchase', purchase);
    },
    { toolId: tool._id, paid, delivery: oregonDelivery(method.methodId) },
  );
}

test('an admin filters the orders by status, pages forward, finds a customer, and sees the retired tools', async ({
  page,
  browser,
  baseURL,
}) => {
  test.slow();
  // A tool of its own, so the demo tools' stock stays as the other tests expect it.
  await signInAsAdmin(page, baseURL ?? '');
  const added = await callApi<Tool>(page, 'POST', '/api/tools', {
    name: TOOL_NAME,
    description: 'Bought many times over, to fill a few pages',
    minOrderQuantity: 1,
    availableQuantity: 1000,
    price: 3,
    img: '/images/tools/nvme-ssd.svg',
  });
  expect(added.status).toBe(201);

  const buyer = await browser.newContext({ baseURL });
  const buyerPage = await buyer.newPage();
  const email = await signInAsNewCustomer(buyerPage, baseURL ?? '', 'Paige Lister');
  await placeOrders(buyerPage, added.body, PAID_ORDERS);
  await buyer.close();

  // Manage All Orders, kept to the paid ones: the heading counts them all, each row is paid.
  await page.goto('/dashboard/manageAllOrders');
  await expect(page.getByRole('heading', { name: /^Manage All Orders \(\d+\)$/ })).toBeVisible();
  await page.getByLabel('Status').selectOption('paid');
  const paidTotal = await totalOf(page, '/api/allPurchase?status=paid&limit=1');
  expect(paidTotal).toBeGreaterThanOrEqual(PAID_ORDERS);
  await expect(
    page.getByRole('heading', { name: `Manage All Orders (${paidTotal})`, level: 1 }),
  ).toBeVisible();
  const rows = page.getByTestId('admin-order-row');
  await expect(rows).toHaveCount(20);
  await expect(rows.getByRole('button', { name: /^Ship / })).toHaveCount(20);
  await expect(rows.getByRole('link', { name: /^Pending/ })).toHaveCount(0);

  // The next page: the rest of the paid orders, the same total.
  const pages = Math.ceil(paidTotal / 20);
  const pager = page.getByRole('navigation', { name: 'Order pages' });
  await expect(pager).toContainText(`Page 1 of ${pages}`);
  // Rows are numbered over all the pages.
  await expect(rows.first()).toHaveText(/^1\D/);
  await pager.getByRole('button', { name: 'Next' }).click();
  await expect(pager).toContainText(`Page 2 of ${pages}`);
  await expect(rows.first()).toHaveText(/^21\D/);
  await expect(rows).toHaveCount(Math.min(20, paidTotal - 20));
  await expect(rows.getByRole('button', { name: /^Ship / })).toHaveCount(
    Math.min(20, paidTotal - 20),
  );

  // A search starts again on page 1: the customer's paid orders, 20 of their 21 on it.
  await page.getByRole('searchbox', { name: 'Search order, buyer or tool' }).fill(email);
  await expect(
    page.getByRole('heading', { name: `Manage All Orders (${PAID_ORDERS})`, level: 1 }),
  ).toBeVisible();
  await expect(pager).toContainText('Page 1 of 2');
  await expect(rows.filter({ hasText: email })).toHaveCount(20);
  // Their unpaid order too, once the status is any.
  await page.getByLabel('Status').selectOption('');
  await expect(
    page.getByRole('heading', { name: `Manage All Orders (${PAID_ORDERS + 1})`, level: 1 }),
  ).toBeVisible();
  await expectAccessible(page, 'any');

  // All Users: the customer found by their email, then the admins only.
  await page.goto('/dashboard/users');
  await page.getByRole('searchbox', { name: 'Search email or name' }).fill(email.toUpperCase());
  const users = page.getByTestId('user-row');
  await expect(users).toHaveCount(1);
  await expect(users).toContainText('Paige Lister');
  await expect(page.getByRole('table')).toContainText('1 user');
  await page.getByRole('searchbox', { name: 'Search email or name' }).fill('');
  await page.getByLabel('Role').selectOption('admin');
  await expect(users.filter({ hasText: 'Customer' })).toHaveCount(0);
  await expect(users.filter({ hasText: 'Admin' }).first()).toBeVisible();

  // The tool has orders: removing it retires it, and Show retired lists it, read only.
  const removed = await callApi(page, 'DELETE', `/api/tools/${added.body._id}`);
  expect(removed.body).toEqual({ deletedCount: 1, retired: true });
  await page.goto('/dashboard/manageTools');
  await page.getByRole('searchbox', { name: 'Search tools by name' }).fill(TOOL_NAME);
  await expect(page.getByText('No tools match this search.')).toBeVisible();
  await page.getByRole('checkbox', { name: 'Show retired' }).check();
  const retiredRow = page.getByTestId('tool-row').filter({ hasText: TOOL_NAME });
  await expect(retiredRow).toContainText('Retired');
  await expect(retiredRow.getByRole('button')).toHaveCount(0);
  await expect(page.getByRole('table')).toContainText('1 retired tool');
});
