import type { Page, Request } from '@playwright/test';
import { type Order, messages } from '@shop/shared';
import { expect, test } from './fixtures';
import { signInAsNewCustomer, storedToken } from './support/accounts';
import {
  expectAccessible,
  fillDelivery,
  findTool,
  firstMethodTo,
  oregonDelivery,
} from './support/orders';

// Issue 14: the shop keeps one calendar (packages/shared/src/shop-calendar.ts, in UTC). A
// browser west of UTC in the evening is still on yesterday's date: its form must refuse and
// accept exactly the needed-by dates the API does.
test.use({ timezoneId: 'Pacific/Honolulu' });

const TOOL = 'Thermal Paste 4g';
const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;
/** The test must start and end on one UTC day of the server's real clock. */
const MIDNIGHT_MARGIN_MS = 2 * 60 * 1000;

const utcDay = (time: number) => new Date(time).toISOString().slice(0, 10);

/** Waits out the server's midnight when it is near: the test then runs within one UTC day. */
async function startWellWithinAUtcDay() {
  const untilMidnight = DAY_MS - (Date.now() % DAY_MS);
  if (untilMidnight < MIDNIGHT_MARGIN_MS) {
    await new Promise((resolve) => setTimeout(resolve, untilMidnight + 1000));
  }
}

const isPurchasePost = (request: Request) =>
  request.method() === 'POST' && new URL(request.url()).pathname === '/api/purchase';

/** Submits the purchase form with `neededBy`: true if the form let the order go to the API. */
async function formAccepts(page: Page, toolId: string, neededBy: string) {
  await page.goto(`/tools/${toolId}`);
  await page.waitForLoadState('networkidle');
  await fillDelivery(page, { address: '1 Kalakaua Avenue' });
  const neededByField = page.getByLabel('Needed by');
  await neededByField.fill(neededBy);

  const posts: Request[] = [];
  const onRequest = (request: Request) => {
    if (isPurchasePost(request)) posts.push(request);
  };
  page.on('request', onRequest);
  try {
    await page.getByRole('button', { name: 'Purchase' }).click();
    const myOrders = page.getByRole('heading', { name: /^My Orders/, level: 1 });
    const pastMessage = page.getByText(messages.validation.neededByPast, { exact: true });
    await expect(myOrders.or(pastMessage).first()).toBeVisible();
    const accepted = await myOrders.isVisible();
    if (accepted) {
      expect(posts, `one order sent for ${neededBy}`).toHaveLength(1);
      const answer = await posts[0]?.response();
      expect(answer?.status(), `the API's answer for ${neededBy}`).toBe(201);
    } else {
      // Refused by the form itself, with the shared message: nothing went to the API.
      await expect(neededByField).toHaveAttribute('aria-invalid', 'true');
      await expect(page).toHaveURL(/\/tools\//);
      expect(posts, `no order sent for ${neededBy}`).toHaveLength(0);
    }
    return accepted;
  } finally {
    page.off('request', onRequest);
  }
}

test('in an evening in Honolulu (UTC-10) the form accepts exactly the needed-by dates the API accepts', async ({
  page,
  baseURL,
  request,
}) => {
  test.setTimeout(60_000 + MIDNIGHT_MARGIN_MS);
  await startWellWithinAUtcDay();
  // The server runs on its real clock; the browser's is fixed at 06:00 UTC of the server's
  // day, which is 20:00 of the day before in Honolulu.
  const serverMidnight = Date.now() - (Date.now() % DAY_MS);
  await page.clock.setFixedTime(new Date(serverMidnight + 6 * HOUR_MS));
  const honoluluToday = utcDay(serverMidnight - DAY_MS);
  const shopToday = utcDay(serverMidnight);
  const shopTomorrow = utcDay(serverMidnight + DAY_MS);
  const days = [honoluluToday, shopToday, shopTomorrow];

  const email = await signInAsNewCustomer(page, baseURL ?? '', 'Honolulu Buyer');
  expect(
    await page.evaluate(() => {
      const now = new Date();
      return [now.getFullYear(), now.getMonth() + 1, now.getDate(), now.getHours()];
    }),
    'the browser is in the evening of its own day',
  ).toEqual([...honoluluToday.split('-').map(Number), 20]);

  // Our Moto's calendar starts at the shop's today and carries it to the purchase form.
  await page.goto('/');
  await page.getByRole('heading', { name: 'Our Moto' }).scrollIntoViewIfNeeded();
  const calendar = page.getByRole('grid');
  await expect(calendar.locator(`[data-day="${shopToday}"] button`)).toBeEnabled();
  if (honoluluToday.slice(0, 7) === shopToday.slice(0, 7)) {
    await expect(calendar.locator(`[data-day="${honoluluToday}"] button`)).toBeDisabled();
  } else {
    // The shop's today opens a month: the calendar does not go back to Honolulu's.
    await expect(page.getByRole('button', { name: 'Go to the Previous Month' })).toBeDisabled();
  }
  await calendar.locator(`[data-day="${shopToday}"] button`).click();
  const orderNow = page.getByRole('link', { name: `Order Now: ${TOOL}` });
  await expect(orderNow).toHaveAttribute('href', new RegExp(`\\?neededBy=${shopToday}$`));
  await orderNow.click();
  await expect(page.getByLabel('Needed by')).toHaveValue(shopToday);
  await expect(page.getByLabel('Needed by')).toHaveAttribute('min', shopToday);
  await expectAccessible(page);

  // A link carrying Honolulu's today brings no date: the shop's calendar has moved on.
  const tool = await findTool(page, TOOL);
  await page.goto(`/tools/${tool._id}?neededBy=${honoluluToday}`);
  await expect(page.getByLabel('Needed by')).toHaveValue('');

  const byForm: Record<string, boolean> = {};
  for (const day of days) byForm[day] = await formAccepts(page, tool._id, day);

  // The same dates straight to the API, with the customer's token.
  const token = await storedToken(page);
  const byApi: Record<string, boolean> = {};
  const lines = [{ toolId: tool._id, quantity: tool.minOrderQuantity }];
  const method = await firstMethodTo(page, lines);
  for (const day of days) {
    const response = await request.post('/api/purchase', {
      headers: { Authorization: `Bearer ${token}` },
      data: {
        ...lines[0],
        address: '1 Kalakaua Avenue',
        ...oregonDelivery(method.methodId),
        neededBy: day,
      },
    });
    byApi[day] = response.status() === 201;
    if (!byApi[day])
      expect(await response.json(), day).toMatchObject({
        error: {
          code: 'VALIDATION_FAILED',
          fields: { neededBy: [messages.validation.neededByPast] },
        },
      });
  }

  expect(byForm).toEqual(byApi);
  expect(byApi).toEqual({ [honoluluToday]: false, [shopToday]: true, [shopTomorrow]: true });

  // The orders of this test give their stock back (and do not count as unpaid later).
  const mine = await request.get(`/api/purchase?userEmail=${encodeURIComponent(email)}`, {
    headers: { Authorization: `Bearer ${token}` },
  });
  for (const order of (await mine.json()) as Order[]) {
    const cancelled = await request.post(`/api/purchase/${order._id}/cancel`, {
      headers: { Authorization: `Bearer ${token}` },
    });
    expect(cancelled.status()).toBe(200);
  }
});
