import AxeBuilder from '@axe-core/playwright';
import type { Locator, Page } from '@playwright/test';
import type { Order, Tool } from '@shop/shared';
import { expect } from '../fixtures';
import { storedToken } from './accounts';

/** The signed-in page's bearer header, for calls the test makes beside the browser. */
export async function bearer(page: Page) {
  const token = await storedToken(page);
  expect(token, 'the page holds an access token').not.toBeNull();
  return { Authorization: `Bearer ${token}` };
}

/** A demo tool by its exact name, as the API has it now (its stock changes during the run). */
export async function findTool(page: Page, name: string): Promise<Tool> {
  const response = await page.request.get('/api/tools', { params: { search: name, limit: 100 } });
  expect(response.ok()).toBe(true);
  const tool = ((await response.json()) as Tool[]).find((candidate) => candidate.name === name);
  if (!tool) throw new Error(`no tool named ${name}`);
  return tool;
}

/** An order placed through the API by the signed-in user of the page. */
export async function placeOrder(
  page: Page,
  toolName: string,
  options: { quantity?: number; address?: string; neededBy?: string } = {},
): Promise<Order> {
  const tool = await findTool(page, toolName);
  const response = await page.request.post('/api/purchase', {
    headers: await bearer(page),
    data: {
      toolId: tool._id,
      quantity: options.quantity ?? tool.minOrderQuantity,
      phone: '+1 555 0100',
      address: options.address ?? '1 Test Street, Springfield',
      ...(options.neededBy ? { neededBy: options.neededBy } : {}),
    },
  });
  expect(response.status(), await response.text()).toBe(201);
  return (await response.json()) as Order;
}

export async function cancelOrderViaApi(page: Page, orderId: string) {
  const response = await page.request.post(`/api/purchase/${orderId}/cancel`, {
    headers: await bearer(page),
  });
  expect(response.status(), await response.text()).toBe(200);
}

/** Pays an order with the sandbox's good test card, as the payment page would. */
export async function payOrderViaApi(page: Page, order: Order) {
  const headers = await bearer(page);
  const intent = await page.request.post('/api/create-payment-intent', {
    headers,
    data: { orderId: order._id },
  });
  const { clientSecret } = (await intent.json()) as { clientSecret: string };
  const confirmed = await page.request.post('/api/sandbox/confirm', {
    headers,
    data: {
      clientSecret,
      card: { number: '4242424242424242', expMonth: 12, expYear: 2040, cvc: '123' },
    },
  });
  const { id } = (await confirmed.json()) as { id: string };
  const paid = await page.request.patch(`/api/purchase/${order._id}`, {
    headers,
    data: { orderID: order._id, transactionId: id },
  });
  expect(paid.status(), await paid.text()).toBe(200);
  return id;
}

/** Leaves the account without the UI, so the next sign-in starts clean. */
export async function forgetSignIn(page: Page) {
  await page.context().clearCookies();
  await page.evaluate(() => localStorage.clear());
}

/** A calendar day, YYYY-MM-DD, in the browser's (and this machine's) local time. */
export const calendarDay = (date: Date) =>
  `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}-${String(date.getDate()).padStart(2, '0')}`;

export const mediumDate = (date: Date) =>
  new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' }).format(date);

/** The browser reports refused calls (4xx) as console errors; only those we caused may appear. */
export function expectOnlyStatusErrors(consoleErrors: string[], statuses: number[]) {
  const unexpected = consoleErrors.filter(
    (error) => !statuses.some((status) => error.includes(`status of ${status}`)),
  );
  expect(unexpected).toEqual([]);
  consoleErrors.length = 0;
}

/** axe-core at WCAG 2.x A and AA plus best practices: no serious or critical violation. */
export async function expectAccessible(page: Page) {
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'])
    .analyze();
  const serious = results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => ({
      rule: violation.id,
      help: violation.help,
      targets: violation.nodes.map((node) => node.target.join(' ')),
    }));
  expect(serious, `axe-core violations on ${page.url()}`).toEqual([]);
}

/** Whether the text is red, whatever colour space the CSS names its colour in. */
export const isRed = (locator: Locator) =>
  locator.evaluate((element) => {
    const canvas = document.createElement('canvas');
    canvas.width = 1;
    canvas.height = 1;
    const context = canvas.getContext('2d');
    if (!context) throw new Error('no 2d canvas');
    context.fillStyle = getComputedStyle(element).color;
    context.fillRect(0, 0, 1, 1);
    const [red = 0, green = 0, blue = 0] = context.getImageData(0, 0, 1, 1).data;
    return red > 120 && red > green * 2 && red > blue * 2;
  });
