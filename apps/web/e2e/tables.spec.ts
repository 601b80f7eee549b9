import type { Browser, Locator, Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { signInAsAdmin, signInAsNewCustomer } from './support/accounts';
import { expectAccessible, payOrderViaApi, placeOrder } from './support/orders';

// Several screens at several widths (and axe scans) per test, on a machine that may be busy.
test.describe.configure({ timeout: 90_000 });

/** The widths a list must hold at: a phone, a tablet, a laptop. */
const WIDTHS = [360, 768, 1280] as const;

const screens = {
  myOrders: {
    path: '/dashboard/orders',
    rowTestId: 'order-row',
    headers: ['#', 'Name', 'Tool', 'Quantity', 'Price', 'Date', 'Payment'],
  },
  allOrders: {
    path: '/dashboard/manageAllOrders',
    rowTestId: 'admin-order-row',
    headers: ['#', 'Name', 'Email', 'Tool', 'Quantity', 'Price', 'Address', 'Needed by', 'Payment'],
  },
  users: { path: '/dashboard/users', rowTestId: 'user-row', headers: ['#', 'User', 'Actions'] },
  tools: {
    path: '/dashboard/manageTools',
    rowTestId: 'tool-row',
    headers: ['Name', 'Price per unit', 'Available', 'Actions'],
  },
};
type Screen = (typeof screens)[keyof typeof screens];

const UNPAID_TOOL = 'Thermal Paste 4g';
const PAID_TOOL = 'CPU Cooling Fan';

/**
 * A customer with one unpaid and one paid order, signed in on `page`. The address has dots and
 * is long enough to wrap on a phone: "table.wrap.<time>@example.com".
 */
async function customerWithOrders(page: Page, baseURL: string) {
  const email = `table.wrap.${Date.now()}@example.com`;
  await signInAsNewCustomer(page, baseURL, 'Wendy Wrap', email);
  const unpaid = await placeOrder(page, UNPAID_TOOL, { address: '77 Elm Avenue\nPortland' });
  const paid = await placeOrder(page, PAID_TOOL);
  const transactionId = await payOrderViaApi(page, paid);
  return { email, unpaid, paid, transactionId };
}

/** The same customer's orders, placed from a browser of its own. */
async function ordersFromAnotherBrowser(browser: Browser, baseURL: string) {
  const context = await browser.newContext({ baseURL });
  const customer = await customerWithOrders(await context.newPage(), baseURL);
  await context.close();
  return customer;
}

/** Opens a list screen at a width, as a visitor with that screen would, and waits for its rows. */
async function openAt(page: Page, screen: Screen, width: number) {
  await page.setViewportSize({ width, height: 900 });
  await page.goto(screen.path);
  await expect(page.getByTestId(screen.rowTestId).first()).toBeVisible();
}

/** Nothing in the page scrolls sideways: neither the page nor a box inside it. */
async function expectNoSidewaysScroll(page: Page) {
  const scrolling = await page.evaluate(() =>
    [document.documentElement, ...document.querySelectorAll('main, main *')]
      .filter((element) => {
        const { overflowX } = getComputedStyle(element);
        const scrolls = element === document.documentElement || /auto|scroll/.test(overflowX);
        return scrolls && element.scrollWidth > element.clientWidth;
      })
      .map((element) => element.outerHTML.slice(0, 120)),
  );
  expect(scrolling, 'elements that scroll sideways').toEqual([]);
}

interface ShownRow {
  layout: 'table' | 'cards';
  labels: string[];
  values: string[];
  /** Labels and values that are not wholly on the screen: cut by the window or a box. */
  hidden: string[];
}

/**
 * Each row of a list as the user sees it: in the table, the column headers with the row's
 * cells; in the cards, each card's labels with their values.
 */
const shownRows = (page: Page, rowTestId: string) =>
  page.getByTestId(rowTestId).evaluateAll((rows) => {
    const onScreen = (element: Element) => {
      const box = element.getBoundingClientRect();
      if (box.width === 0 || box.height === 0) return false;
      if (getComputedStyle(element).visibility === 'hidden') return false;
      const within = (left: number, right: number) =>
        box.left >= left - 0.5 && box.right <= right + 0.5;
      if (!within(0, document.documentElement.clientWidth)) return false;
      for (let box = element.parentElement; box; box = box.parentElement) {
        if (getComputedStyle(box).overflowX === 'visible') continue;
        const clip = box.getBoundingClientRect();
        if (!within(clip.left, clip.right)) return false;
      }
      return true;
    };
    return rows.map((row): ShownRow => {
      const pairs =
        row instanceof HTMLTableRowElement
          ? [...(row.closest('table')?.tHead?.rows[0]?.cells ?? [])].map(
              (header, index) => [header, row.cells[index]] as const,
            )
          : [...row.querySelectorAll('dt')].map((term) => [term, term.nextElementSibling] as const);
      const text = (element: Element | null | undefined) =>
        element instanceof HTMLElement ? element.innerText.trim() : '';
      return {
        layout: row instanceof HTMLTableRowElement ? 'table' : 'cards',
        labels: pairs.map(([label]) => text(label)),
        values: pairs.map(([, value]) => text(value)),
        hidden: pairs.flatMap(([label, value]) =>
          [label, value]
            .filter((element) => !element || !onScreen(element))
            .map((element) => text(element) || '(missing)'),
        ),
      };
    });
  });

/** Every row shows every column's label and value, wholly on the screen. */
async function expectEveryField(page: Page, screen: Screen) {
  const rows = await shownRows(page, screen.rowTestId);
  expect(rows.length).toBeGreaterThan(0);
  for (const row of rows) {
    expect(row.labels).toEqual(screen.headers);
    expect(row.values.filter((value) => value === '')).toEqual([]);
    expect(row.hidden, `cut off in ${JSON.stringify(row.values)}`).toEqual([]);
  }
  return rows[0]?.layout;
}

/** A field of one row, by its label: the table's cell under that header, or the card's value. */
async function fieldOf(page: Page, screen: Screen, rowText: string, label: string) {
  const rows = await shownRows(page, screen.rowTestId);
  const row = rows.find((candidate) => candidate.values.some((value) => value.includes(rowText)));
  expect(row, `a row with ${rowText}`).toBeDefined();
  return row?.values[row.labels.indexOf(label)];
}

/** The email wraps only before its "@" or after a dot: each part between those is on one line. */
async function expectEmailWrapsBetweenParts(email: Locator) {
  await email.scrollIntoViewIfNeeded();
  const lines = await email.evaluate((span) => {
    const linesOf = (node: Node) => {
      const range = document.createRange();
      range.selectNodeContents(node);
      return new Set([...range.getClientRects()].map((rect) => Math.round(rect.top))).size;
    };
    return {
      whole: linesOf(span),
      parts: [...span.childNodes]
        .filter((node) => node.nodeType === Node.TEXT_NODE)
        .map((node) => ({ part: node.textContent, lines: linesOf(node) })),
    };
  });
  // Wrapped at all, or the check would prove nothing.
  expect(lines.whole, 'the email fits on one line: pick a longer one').toBeGreaterThan(1);
  expect(lines.parts.length).toBeGreaterThan(1);
  for (const part of lines.parts)
    expect(part, 'a part broken across lines').toMatchObject({ lines: 1 });
}

/** The page's own words, as the browser formats them (its locale and time zone). */
const mediumDateInPage = (page: Page, iso: string) =>
  page.evaluate(
    (instant) =>
      new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' }).format(new Date(instant)),
    iso,
  );

test('the admin lists show every field at 360, 768 and 1280 px, and nothing scrolls sideways', async ({
  page,
  browser,
  baseURL,
}) => {
  const customer = await ordersFromAnotherBrowser(browser, baseURL ?? '');
  await signInAsAdmin(page, baseURL ?? '');
  for (const width of WIDTHS) {
    for (const screen of [screens.allOrders, screens.users, screens.tools]) {
      await openAt(page, screen, width);
      const layout = await expectEveryField(page, screen);
      // A laptop has room for every table (phones get what fits).
      if (width === 1280) expect(layout, `${screen.path} at ${width}`).toBe('table');
      await expectNoSidewaysScroll(page);
    }
    // The customer's orders, with the Payment column's state and actions.
    await openAt(page, screens.allOrders, width);
    const payment = (tool: string) => fieldOf(page, screens.allOrders, tool, 'Payment');
    expect(await payment(UNPAID_TOOL)).toMatch(/Pending\s*Cancel/);
    expect(await payment(PAID_TOOL)).toMatch(/paid\s*Ship/);
    expect(await fieldOf(page, screens.allOrders, UNPAID_TOOL, 'Email')).toContain(customer.email);
  }
});

/**
 * Manage All Orders' layout and room: the table's narrowest width (every column at its widest
 * word) and the width of its box; `layout` is "cards" once the rows are cards.
 */
const allOrdersRoom = (page: Page) =>
  page.evaluate(() => {
    const table = document.querySelector<HTMLTableElement>('[aria-label="All orders table"] table');
    if (!table) return { layout: 'cards' as const, needed: 0, room: 0 };
    const box = table.parentElement!;
    const probe = table.cloneNode(true) as HTMLTableElement;
    Object.assign(probe.style, {
      width: 'min-content',
      position: 'absolute',
      visibility: 'hidden',
    });
    box.append(probe);
    const needed = probe.getBoundingClientRect().width;
    probe.remove();
    return { layout: 'table' as const, needed, room: box.clientWidth };
  });

/** Two frames: a resize observed, and what it changed drawn. */
const nextFrames = (page: Page) =>
  page.evaluate(
    () => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))),
  );

test('a table with little room to spare stays a table while a dialog is open over it, and follows a window that narrows', async ({
  page,
  browser,
  baseURL,
}) => {
  const customer = await ordersFromAnotherBrowser(browser, baseURL ?? '');
  await signInAsAdmin(page, baseURL ?? '');
  await openAt(page, screens.allOrders, 1280);
  // The window narrowed until the table has 4 px to spare.
  const { needed, room } = await allOrdersRoom(page);
  const width = Math.ceil(1280 - (room - needed) + 4);
  await page.setViewportSize({ width, height: 900 });
  await nextFrames(page);
  expect(await allOrdersRoom(page)).toMatchObject({ layout: 'table' });

  const row = page
    .getByRole('region', { name: 'All orders table' })
    .getByRole('row')
    .filter({ hasText: customer.email })
    .filter({ hasText: UNPAID_TOOL });
  const cancel = row.getByRole('button', { name: `Cancel Wendy Wrap's order of ${UNPAID_TOOL}` });
  const dialog = page.getByRole('dialog', { name: 'Cancel this order?' });
  const keep = dialog.getByRole('button', { name: 'Keep the order' });
  await cancel.click();
  await expect(dialog).toBeVisible();
  await nextFrames(page);
  // The dialog's scroll lock keeps the scrollbar's gutter: less room than the table needs.
  const behindDialog = await allOrdersRoom(page);
  expect(behindDialog.layout).toBe('table');
  expect(behindDialog.room).toBeLessThan(needed);
  await keep.click();
  await expect(dialog).toBeHidden();
  await nextFrames(page);
  expect(await allOrdersRoom(page)).toMatchObject({ layout: 'table' });

  // A window that really narrows while the dialog is open: the cards, behind it already.
  await cancel.click();
  await expect(dialog).toBeVisible();
  await page.setViewportSize({ width: 480, height: 900 });
  // (The page behind the dialog is inert: found by its label, not its role.)
  await expect(page.locator('ul[aria-label="All orders"]')).toBeAttached();
  await keep.click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('list', { name: 'All orders' })).toBeVisible();
});

test('My Orders shows every field and the order date at 360, 768 and 1280 px', async ({
  page,
  baseURL,
}) => {
  const { unpaid, transactionId } = await customerWithOrders(page, baseURL ?? '');
  const ordered = await mediumDateInPage(page, unpaid.createdAt);
  for (const width of WIDTHS) {
    await openAt(page, screens.myOrders, width);
    const layout = await expectEveryField(page, screens.myOrders);
    if (width === 360) expect(layout).toBe('cards');
    if (width === 1280) expect(layout).toBe('table');
    await expectNoSidewaysScroll(page);
    expect(await fieldOf(page, screens.myOrders, UNPAID_TOOL, 'Date')).toBe(ordered);
    expect(await fieldOf(page, screens.myOrders, PAID_TOOL, 'Payment')).toContain(transactionId);
  }
  const row = page.getByTestId('order-row').filter({ hasText: UNPAID_TOOL });
  await expect(row.locator('time', { hasText: ordered })).toHaveAttribute(
    'datetime',
    unpaid.createdAt,
  );
});

test('at 360 px an email wraps only before its "@" or after a dot, never mid-word', async ({
  page,
  browser,
  baseURL,
}) => {
  const { email } = await ordersFromAnotherBrowser(browser, baseURL ?? '');
  await signInAsAdmin(page, baseURL ?? '');
  for (const screen of [screens.allOrders, screens.users]) {
    await openAt(page, screen, 360);
    // All Users is paged, oldest first: the customer is found by their email.
    if (screen === screens.users) {
      await page.getByRole('searchbox', { name: 'Search email or name' }).fill(email);
      await expect(page.getByTestId('user-row')).toHaveCount(1);
    }
    const shown = page.getByText(email, { exact: true });
    // Both of the customer's orders carry the address on Manage All Orders, one row on All Users.
    await expect(shown).toHaveCount(screen === screens.users ? 1 : 2);
    for (const each of await shown.all()) await expectEmailWrapsBetweenParts(each);
  }
});

test("a paid order's payment page is its receipt, with the way back to My Orders", async ({
  page,
  baseURL,
}) => {
  const { unpaid, paid, transactionId } = await customerWithOrders(page, baseURL ?? '');

  await page.goto(`/dashboard/payment/${paid._id}`);
  const receipt = page.getByRole('region', { name: `Receipt: ${PAID_TOOL}` });
  await expect(
    receipt.getByRole('heading', { name: `Receipt: ${PAID_TOOL}`, level: 1 }),
  ).toBeVisible();
  await expect(receipt).toContainText('This order is paid.');
  await expect(receipt.getByText('paid', { exact: true })).toBeVisible();
  const field = (label: string) => receipt.locator('dt', { hasText: label }).locator('+ dd');
  await expect(field('Tool')).toHaveText(PAID_TOOL);
  await expect(field('Quantity')).toHaveText(/^\d+ × \$ \d+\.\d{2}$/);
  await expect(field('Amount paid')).toHaveText(`$ ${paid.price.toFixed(2)}`);
  await expect(field('Transaction id')).toHaveText(transactionId);
  await expect(page.getByText(/Please pay/)).toHaveCount(0);
  await expect(page.getByText(/Pay For:/)).toHaveCount(0);
  await expect(page.getByLabel('Card number')).toHaveCount(0);
  await expectAccessible(page, 'any');

  await receipt.getByRole('link', { name: 'Back to My Orders' }).click();
  await expect(page).toHaveURL(/\/dashboard\/orders$/);

  // The unpaid order's page keeps the product's words.
  await page.goto(`/dashboard/payment/${unpaid._id}`);
  await expect(
    page.getByRole('heading', { name: `Pay For: ${UNPAID_TOOL}`, level: 1 }),
  ).toBeVisible();
  await expect(page.getByText('Get Your Delivery Soon')).toBeVisible();
  await expect(page.getByText(`Please pay: $ ${unpaid.price.toFixed(2)}`)).toBeVisible();
  await expect(page.getByRole('region', { name: /^Receipt/ })).toHaveCount(0);
});

for (const width of [360, 1280]) {
  test(`the admin lists have no axe violation of any impact at ${width} px`, async ({
    page,
    browser,
    baseURL,
  }) => {
    await ordersFromAnotherBrowser(browser, baseURL ?? '');
    await signInAsAdmin(page, baseURL ?? '');
    for (const screen of [screens.allOrders, screens.users, screens.tools]) {
      await openAt(page, screen, width);
      await expectAccessible(page, 'any');
    }
  });

  test(`My Orders and the receipt have no axe violation of any impact at ${width} px`, async ({
    page,
    baseURL,
  }) => {
    const { paid } = await customerWithOrders(page, baseURL ?? '');
    await openAt(page, screens.myOrders, width);
    await expectAccessible(page, 'any');
    await page.goto(`/dashboard/payment/${paid._id}`);
    await expect(page.getByRole('heading', { name: /^Receipt/ })).toBeVisible();
    await expectAccessible(page, 'any');
  });
}
