import AxeBuilder from '@axe-core/playwright';
import type { Locator, Page } from '@playwright/test';
import { type Order, type ShippingQuote, TOTAL_COUNT_HEADER, type Tool } from '@shop/shared';
import { expect } from '@playwright/test';

export interface ApiAnswer<T> {
  status: number;
  body: T;
}

/** Each page's way to an app page, while under way: calls made side by side wait for one. */
const goingToTheApp = new WeakMap<Page, Promise<void>>();

/**
 * Brings the page to one of the app's (a light public page) when it is on none: a set-up
 * sign-in (support/accounts.ts) leaves it on `/api/health`, whose CSP lets it fetch nothing.
 */
async function onAnAppPage(page: Page) {
  const url = page.url();
  if (url !== 'about:blank' && !new URL(url).pathname.startsWith('/api/')) return;
  let going = goingToTheApp.get(page);
  if (!going) {
    going = (async () => {
      await page.goto('/blogs');
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    })().finally(() => goingToTheApp.delete(page));
    goingToTheApp.set(page, going);
  }
  await going;
}

/**
 * Calls the API from the page itself, with the page's access token, as the app would. (The
 * test runner's own HTTP client may reuse a connection the server has just closed after its
 * keep-alive pause, and fail with ECONNRESET; the browser retries such a connection itself.)
 */
export async function callApi<T = unknown>(
  page: Page,
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
  path: string,
  body?: unknown,
): Promise<ApiAnswer<T>> {
  await onAnAppPage(page);
  return page.evaluate(
    async ({ method, path, body }) => {
      const token = localStorage.getItem('accessToken');
      const response = await fetch(path, {
        method,
        headers: {
          Accept: 'application/json',
          ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
          ...(token ? { Authorization: `Bearer ${token}` } : {}),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      return { status: response.status, body: await response.json() };
    },
    { method, path, body },
  ) as Promise<ApiAnswer<T>>;
}

/** A list's total as the API counts it (`X-Total-Count`), asked from the page with its token. */
export const totalOf = async (page: Page, path: string) => {
  await onAnAppPage(page);
  return page.evaluate(
    async ({ path, header }) => {
      const response = await fetch(path, {
        headers: { Authorization: `Bearer ${localStorage.getItem('accessToken')}` },
      });
      return Number(response.headers.get(header));
    },
    { path, header: TOTAL_COUNT_HEADER },
  );
};

/** A demo tool by its exact name, as the API has it now (its stock changes during the run). */
export async function findTool(page: Page, name: string): Promise<Tool> {
  const { status, body } = await callApi<Tool[]>(
    page,
    'GET',
    `/api/tools?search=${encodeURIComponent(name)}&limit=100`,
  );
  expect(status).toBe(200);
  const tool = body.find((candidate) => candidate.name === name);
  if (!tool) throw new Error(`no tool named ${name}`);
  return tool;
}

/**
 * The tests' usual destination: Portland, Oregon, which has no sales tax; US Ground is free
 * from $ 99, else $ 6.99 (the seeded shipping rules).
 */
export const OREGON = {
  country: 'US',
  countryName: 'United States',
  region: 'OR',
  regionName: 'Oregon',
  city: 'Portland',
  postalCode: '97204',
  phone: '+1 503 555 0100',
} as const;

/** US Ground's price for goods worth `subtotal` dollars (free from $ 99). */
export const usGround = (subtotal: number) => (subtotal >= 99 ? 0 : 6.99);

/**
 * Fills a purchase or checkout form's delivery fields for Oregon (the address and phone as
 * given) and waits for the shipping methods to be offered, the first one chosen.
 */
export async function fillDelivery(
  page: Page,
  { address = '1 Test Street', phone = OREGON.phone }: { address?: string; phone?: string } = {},
) {
  await page.getByLabel('Country').selectOption({ label: OREGON.countryName });
  await page.getByLabel('Address').fill(address);
  await page.getByLabel('City').fill(OREGON.city);
  await page.getByLabel('State').selectOption({ label: OREGON.regionName });
  await page.getByLabel('ZIP code').fill(OREGON.postalCode);
  await page.getByLabel('Phone number').fill(phone);
  await expect(page.getByRole('radio').first()).toBeChecked();
}

/** The first shipping method the shop offers for these lines to Oregon, as the form would choose. */
export async function firstMethodTo(
  page: Page,
  lines: { toolId: string; quantity: number }[],
  destination: { country: string; region?: string } = OREGON,
) {
  const { status, body } = await callApi<ShippingQuote>(page, 'POST', '/api/shipping/quote', {
    country: destination.country,
    ...(destination.region ? { region: destination.region } : {}),
    lines: lines.map(({ toolId, quantity }) => ({ toolId, quantity })),
  });
  expect(status, JSON.stringify(body)).toBe(200);
  const [first] = body.options;
  if (!first) throw new Error(`nothing ships there: ${JSON.stringify(body.refusal)}`);
  return first;
}

const OREGON_DESTINATION = {
  phone: OREGON.phone,
  country: OREGON.country,
  region: OREGON.region,
  city: OREGON.city,
  postalCode: OREGON.postalCode,
};

/** A purchase's or checkout's delivery fields to Oregon by a method from a quote (`firstMethodTo`). */
export const oregonDelivery = (shippingMethodId: string) => ({
  ...OREGON_DESTINATION,
  shippingMethodId,
});

/** A buyer in Berlin (19 % VAT; EU Road or Air). */
export const BERLIN = {
  address: 'Unter den Linden 1',
  phone: '+49 30 901820',
  country: 'DE',
  city: 'Berlin',
  postalCode: '10115',
} as const;

/**
 * The signed-in buyer's order of these tools, each at its minimum quantity: put in the cart and
 * checked out through the API to `delivery` (Oregon unless said) by the first method offered.
 */
export async function checkOutViaApi(
  page: Page,
  names: readonly string[],
  delivery: { country: string; region?: string } & Record<string, string> = {
    address: '1 Test Street',
    ...OREGON_DESTINATION,
  },
): Promise<Order> {
  const lines = [];
  for (const name of names) {
    const tool = await findTool(page, name);
    lines.push({ toolId: tool._id, quantity: tool.minOrderQuantity });
    const added = await callApi(page, 'POST', '/api/cart/lines', lines.at(-1));
    expect(added.status, JSON.stringify(added.body)).toBe(200);
  }
  const method = await firstMethodTo(page, lines, delivery);
  const placed = await callApi<Order>(page, 'POST', '/api/checkout', {
    ...delivery,
    shippingMethodId: method.methodId,
  });
  expect(placed.status, JSON.stringify(placed.body)).toBe(201);
  return placed.body;
}

/** An order placed through the API by the signed-in user of the page, to Oregon by US Ground. */
export async function placeOrder(
  page: Page,
  toolName: string,
  options: { quantity?: number; address?: string; neededBy?: string } = {},
): Promise<Order> {
  const tool = await findTool(page, toolName);
  const quantity = options.quantity ?? tool.minOrderQuantity;
  const method = await firstMethodTo(page, [{ toolId: tool._id, quantity }]);
  const { status, body } = await callApi<Order>(page, 'POST', '/api/purchase', {
    toolId: tool._id,
    quantity,
    address: options.address ?? '1 Test Street',
    ...oregonDelivery(method.methodId),
    ...(options.neededBy ? { neededBy: options.neededBy } : {}),
  });
  expect(status, JSON.stringify(body)).toBe(201);
  return body;
}

export async function getOrderViaApi(page: Page, orderId: string) {
  const { status, body } = await callApi<Order>(page, 'GET', `/api/purchase/${orderId}`);
  expect(status, JSON.stringify(body)).toBe(200);
  return body;
}

export async function cancelOrderViaApi(page: Page, orderId: string) {
  const { status, body } = await callApi(page, 'POST', `/api/purchase/${orderId}/cancel`);
  expect(status, JSON.stringify(body)).toBe(200);
}

/** Pays an order with the sandbox's good test card, as the payment page would. */
export async function payOrderViaApi(page: Page, order: Order) {
  const intent = await callApi<{ clientSecret: string }>(
    page,
    'POST',
    '/api/create-payment-intent',
    { orderId: order._id },
  );
  expect(intent.status).toBe(200);
  const confirmed = await callApi<{ id: string }>(page, 'POST', '/api/sandbox/confirm', {
    clientSecret: intent.body.clientSecret,
    card: { number: '4242424242424242', expMonth: 12, expYear: 2040, cvc: '123' },
  });
  expect(confirmed.status).toBe(200);
  const paid = await callApi(page, 'PATCH', `/api/purchase/${order._id}`, {
    orderID: order._id,
    transactionId: confirmed.body.id,
  });
  expect(paid.status, JSON.stringify(paid.body)).toBe(200);
  return confirmed.body.id;
}

/** Leaves the account without the UI, so the next sign-in starts clean. */
export async function forgetSignIn(page: Page) {
  // Leave the app first (a same-origin JSON answer runs no code): a request the app made while
  // half signed out, cookie gone but token kept, would be refused with a 401.
  await page.goto('/api/health');
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

/**
 * Waits for every animation and transition running on the page to end (the endless ones, a
 * spinner's, excepted): a dialog half-way through fading in has paler text than it will have,
 * which axe reads as too little contrast.
 */
export async function animationsDone(page: Page) {
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter(
          (run) =>
            run.playState === 'running' &&
            Number.isFinite(Number(run.effect?.getComputedTiming().endTime ?? Infinity)),
        )
        .map((run) => run.finished.catch(() => undefined)),
    ),
  );
}

/**
 * axe-core at WCAG 2.x A and AA plus best practices: no serious or critical violation, or with
 * `'any'` no violation at all, minor and moderate included.
 */
export async function expectAccessible(page: Page, impacts: 'serious' | 'any' = 'serious') {
  await animationsDone(page);
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'])
    .analyze();
  const serious = results.violations
    .filter(
      (violation) =>
        impacts === 'any' || violation.impact === 'serious' || violation.impact === 'critical',
    )
    .map((violation) => ({
      rule: violation.id,
      help: violation.help,
      targets: violation.nodes.map((node) => node.target.join(' ')),
    }));
  expect(serious, `axe-core violations on ${page.url()}`).toEqual([]);
}

/**
 * The page at a phone's width and a laptop's, as a reader would look at it: every animation
 * done, nothing scrolling sideways, no axe violation of any impact, then a screenshot
 * (`test-results/<name>-<width>.png`) of what `frame` brings into view.
 */
export async function lookAtWidths(page: Page, name: string, frame?: () => Promise<void>) {
  for (const width of [360, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await animationsDone(page);
    await expect
      .poll(() => page.evaluate(() => document.documentElement.scrollWidth))
      .toBeLessThanOrEqual(width);
    await expectAccessible(page, 'any');
    await frame?.();
    await page.screenshot({ path: `test-results/${name}-${width}.png` });
  }
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
