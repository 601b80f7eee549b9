import type { Page } from '@playwright/test';
import type { Cart, Order } from '@shop/shared';
import { expect, type MakePart, test } from './fixtures';
import {
  createAccount,
  forgetSignUpSession,
  logIn,
  mainNav,
  signInAsAdmin,
  signInAsNewCustomer,
} from './support/accounts';
import {
  callApi,
  expectAccessible,
  fillDelivery as fillOregon,
  findTool,
  OREGON,
  usGround,
} from './support/orders';

test.describe.configure({ timeout: 120_000 });

/**
 * The two parts a test buys through the cart, its own (`makePart`): a kit sold one at a time
 * and a card sold two at a time. Their names are the run's only ones.
 */
async function twoParts(makePart: MakePart) {
  const kit = await makePart('Driver Kit', { price: 24.99, availableQuantity: 40 });
  const card = await makePart('Wi-Fi', {
    price: 34.99,
    minOrderQuantity: 2,
    availableQuantity: 30,
  });
  return { kitName: kit.name, cardName: card.name };
}
const cartButton = (page: Page) => mainNav(page).getByRole('link', { name: /^Cart, / });
/**
 * A line of the cart by its part's full title, which the line is headed and labelled by (issue
 * 49); its buttons, stock notices and the orders list name the part by its short name.
 */
const cartLine = (page: Page, title: string) =>
  page
    .getByRole('listitem', { name: title, exact: true })
    .filter({ has: page.getByRole('heading') });

/**
 * Finds a tool on the home page with the search box, so paging never hides it; typed again if
 * the words went in before the page's code took over the prerendered box.
 */
async function showTool(page: Page, name: string) {
  const box = page
    .getByRole('search', { name: 'Tools' })
    .getByRole('searchbox', { name: 'Search tools by name' });
  const card = page
    .getByTestId('tool-card')
    .filter({ has: page.getByRole('heading', { name, exact: true }) });
  await expect(async () => {
    await box.fill(name);
    await box.press('Enter');
    await expect(card).toBeVisible({ timeout: 3_000 });
  }).toPass();
}

/** Lines put in the signed-in customer's cart through the API, at each tool's minimum. */
async function fillCart(page: Page, names: string[]) {
  let cart: Cart | undefined;
  for (const name of names) {
    const tool = await findTool(page, name);
    const added = await callApi<Cart>(page, 'POST', '/api/cart/lines', {
      toolId: tool._id,
      quantity: tool.minOrderQuantity,
    });
    expect(added.status, JSON.stringify(added.body)).toBe(200);
    cart = added.body;
  }
  return cart!;
}

/** To Portland, Oregon, by US Ground (the first method): no sales tax there. */
const fillDelivery = (page: Page) => fillOregon(page, { address: '4 Cart Court\nSuite 2' });

test('a visitor fills a cart, signs in, finds it in the account, checks out and pays once', async ({
  page,
  browser,
  baseURL,
  makePart,
}) => {
  const { kitName, cardName } = await twoParts(makePart);
  // A visitor: the cart lives in the browser.
  await page.goto('/');
  const kit = await findTool(page, kitName);
  const wifi = await findTool(page, cardName);
  await expect(cartButton(page)).toHaveAccessibleName('Cart, 0 items');
  await showTool(page, kitName);
  await page.getByRole('button', { name: `Add to cart: ${kitName}` }).click();
  // The button becomes the way to the cart, and keeps the focus.
  const inCart = page.getByRole('link', { name: `In your cart: ${kitName}. View cart` });
  await expect(inCart).toBeFocused();
  await showTool(page, cardName);
  await page.getByRole('button', { name: `Add to cart: ${cardName}` }).click();
  const units = kit.minOrderQuantity + wifi.minOrderQuantity;
  await expect(cartButton(page)).toHaveAccessibleName(`Cart, ${units} items`);

  await cartButton(page).click();
  await expect(page).toHaveURL('/cart');
  await expect(page.getByRole('heading', { level: 1, name: 'Your cart' })).toBeVisible();
  await expect(cartLine(page, kit.title)).toContainText(`$ ${kit.price.toFixed(2)} each`);
  // One more Wi-Fi card with the stepper: the line total and subtotal follow.
  await cartLine(page, wifi.title)
    .getByRole('button', { name: `One more ${cardName}` })
    .click();
  await expect(cartLine(page, wifi.title).getByLabel(`Quantity of ${cardName}`)).toHaveValue(
    String(wifi.minOrderQuantity + 1),
  );
  const total = kit.price * kit.minOrderQuantity + wifi.price * (wifi.minOrderQuantity + 1);
  await expect(page.getByTestId('cart-subtotal')).toHaveText(`$ ${total.toFixed(2)}`);
  // The browser keeps it across a reload.
  await page.reload();
  await expect(cartButton(page)).toHaveAccessibleName(`Cart, ${units + 1} items`);
  for (const width of [360, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await expectAccessible(page, 'any');
  }

  // Checkout asks for a sign-in, then comes back; the visitor's lines are now the account's.
  const email = await createAccount(page.request, baseURL!, 'Carla Cart');
  await forgetSignUpSession(page);
  await page.getByRole('link', { name: 'Checkout' }).click();
  await expect(page).toHaveURL('/login');
  await logIn(page, email);
  await expect(page).toHaveURL('/checkout');
  const summary = page.getByRole('region', { name: 'Your order' });
  await expect(summary).toContainText(`${kit.minOrderQuantity} × ${kit.title}`);
  await expect(summary).toContainText(`${wifi.minOrderQuantity + 1} × ${wifi.title}`);
  await expect(page.getByTestId('order-subtotal')).toHaveText(`$ ${total.toFixed(2)}`);
  const serverCart = await callApi<Cart>(page, 'GET', '/api/cart');
  expect(serverCart.body.lines.map((line) => line.name).sort()).toEqual([kitName, cardName].sort());
  expect(await page.evaluate(() => localStorage.getItem('shop.cart'))).toContain('"lines":[]');
  for (const width of [360, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await expectAccessible(page, 'any');
  }

  // One order of both lines, paid once, with US Ground's price to Oregon (no sales tax).
  await fillDelivery(page);
  const due = Math.round((total + usGround(total)) * 100) / 100;
  await expect(page.getByTestId('order-total')).toHaveText(`$ ${due.toFixed(2)}`);
  await page.getByRole('button', { name: 'Place order' }).click();
  await expect(page).toHaveURL(/\/dashboard\/payment\/[0-9a-f-]{36}$/);
  await expect(page.getByText(`Please pay: $ ${due.toFixed(2)}`)).toBeVisible();
  await page.getByLabel('Card number').fill('4242 4242 4242 4242');
  await page.getByLabel('Expiry (MM/YY)').fill('12/34');
  await page.getByLabel('CVC').fill('123');
  await page.getByRole('button', { name: 'Pay', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Congratulation!!' })).toBeVisible();
  await expect(cartButton(page)).toHaveAccessibleName('Cart, 0 items');

  const mine = await callApi<Order[]>(
    page,
    'GET',
    `/api/purchase?userEmail=${encodeURIComponent(email)}`,
  );
  expect(mine.body).toHaveLength(1);
  const [order] = mine.body as [Order];
  expect(order.paid).toBe(true);
  expect(order.price).toBeCloseTo(due, 2);
  expect(order.totals).toMatchObject({ shipping: usGround(total), tax: 0 });
  expect(order.totals.subtotal).toBeCloseTo(total, 2);
  expect(order.lines).toHaveLength(2);
  await page.goto('/dashboard/orders');
  const row = page.getByTestId('order-row').filter({ hasText: order.transactionId! });
  await expect(row).toContainText('paid');
  await expect(row.getByText(`${kit.minOrderQuantity} × ${kitName}`)).toBeVisible();
  await expect(row.getByText(`${wifi.minOrderQuantity + 1} × ${cardName}`)).toBeVisible();

  // The admin sees the order with its lines.
  const admin = await (await browser.newContext({ baseURL })).newPage();
  await signInAsAdmin(admin, baseURL!);
  await admin.goto('/dashboard/manageAllOrders');
  const adminRow = admin
    .getByTestId('admin-order-row')
    .filter({ hasText: '4 Cart Court' })
    .filter({ hasText: email });
  await expect(adminRow.getByText(`${kit.minOrderQuantity} × ${kitName}`)).toBeVisible();
  await expect(adminRow.getByText(`${wifi.minOrderQuantity + 1} × ${cardName}`)).toBeVisible();
  // Admins do not buy: no cart, no Add to cart.
  await admin.goto('/');
  await showTool(admin, kitName);
  await expect(admin.getByRole('button', { name: /^Add to cart/ })).toHaveCount(0);
  await expect(cartButton(admin)).toHaveCount(0);
  await admin.context().close();
});

test('cancelling an unpaid order of two tools returns both stocks', async ({
  page,
  baseURL,
  makePart,
}) => {
  const { kitName, cardName } = await twoParts(makePart);
  await signInAsNewCustomer(page, baseURL!, 'Cato Cancel');
  const before = await Promise.all([kitName, cardName].map((name) => findTool(page, name)));
  await fillCart(page, [kitName, cardName]);
  await page.goto('/checkout');
  await fillDelivery(page);
  await page.getByRole('button', { name: 'Place order' }).click();
  await expect(page).toHaveURL(/\/dashboard\/payment\//);
  const taken = await Promise.all([kitName, cardName].map((name) => findTool(page, name)));
  taken.forEach((tool, index) =>
    expect(tool.availableQuantity).toBe(
      before[index]!.availableQuantity - before[index]!.minOrderQuantity,
    ),
  );

  await page.goto('/dashboard/orders');
  const row = page.getByTestId('order-row').filter({ hasText: `1 × ${kitName}` });
  await row.getByRole('button', { name: /^Cancel the order of/ }).click();
  await page
    .getByRole('dialog', { name: 'Cancel this order?' })
    .getByRole('button', { name: 'Yes, cancel it' })
    .click();
  await expect(row).toContainText('cancelled');
  const back = await Promise.all([kitName, cardName].map((name) => findTool(page, name)));
  back.forEach((tool, index) =>
    expect(tool.availableQuantity).toBe(before[index]!.availableQuantity),
  );
});

test('a customer changes quantities and checks out with the keyboard alone', async ({
  page,
  baseURL,
  makePart,
}) => {
  const { cardName } = await twoParts(makePart);
  await signInAsNewCustomer(page, baseURL!, 'Kira Keys');
  await fillCart(page, [cardName]);
  const wifi = await findTool(page, cardName);
  await page.goto('/cart');
  const quantity = page.getByLabel(`Quantity of ${cardName}`);
  await expect(quantity).toHaveValue(String(wifi.minOrderQuantity));

  // Tab to the quantity, type a new one and confirm with Enter.
  // ("One fewer" is disabled at the minimum: the Tab from the tool's name lands on the number.)
  await cartLine(page, wifi.title).getByRole('link', { name: wifi.title }).focus();
  await page.keyboard.press('Tab');
  await expect(quantity).toBeFocused();
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.type('5');
  await page.keyboard.press('Enter');
  await expect
    .poll(async () => (await callApi<Cart>(page, 'GET', '/api/cart')).body.lines[0]?.quantity)
    .toBe(5);
  // Out of bounds: the product's notice, and nothing sent.
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.type(String(wifi.availableQuantity + 1));
  await page.keyboard.press('Enter');
  await expect(
    page.getByText(
      `Minimum Order quantity is ${wifi.minOrderQuantity}. Please select a value between ${wifi.minOrderQuantity} and ${wifi.availableQuantity}`,
    ),
  ).toBeVisible();
  expect((await callApi<Cart>(page, 'GET', '/api/cart')).body.lines[0]?.quantity).toBe(5);
  // Back in bounds with "One more" pressed from the keyboard.
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.type('5');
  await page.keyboard.press('Tab');
  await expect(page.getByRole('button', { name: `One more ${cardName}` })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(quantity).toHaveValue('6');
  await expect
    .poll(async () => (await callApi<Cart>(page, 'GET', '/api/cart')).body.itemCount)
    .toBe(6);

  // To the checkout and the order, from the keyboard.
  const checkout = page.getByRole('link', { name: 'Checkout' });
  for (
    let presses = 0;
    presses < 10 && !(await checkout.evaluate((link) => link === document.activeElement));
    presses++
  ) {
    await page.keyboard.press('Tab');
  }
  await expect(checkout).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL('/checkout');
  // Country, Address, City, State, ZIP code, Recipient (left empty), Phone number.
  await page.getByLabel('Country').focus();
  await page.keyboard.type(OREGON.countryName);
  await page.keyboard.press('Tab');
  await page.keyboard.type('7 Key Road');
  await page.keyboard.press('Tab');
  await page.keyboard.type(OREGON.city);
  await page.keyboard.press('Tab');
  await page.keyboard.type(OREGON.regionName);
  await page.keyboard.press('Tab');
  await page.keyboard.type(OREGON.postalCode);
  await page.keyboard.press('Tab');
  await page.keyboard.press('Tab');
  await page.keyboard.type('503 555 0107');
  await expect(page.getByRole('radio', { name: /^Ground/ })).toBeChecked();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/dashboard\/payment\//);
  await expect(page.getByText(`Please pay: $ ${(wifi.price * 6).toFixed(2)}`)).toBeVisible();
});

test('the cart tells a price that moved and a tool that left, and checkout names the short line', async ({
  page,
  baseURL,
  consoleErrors,
  makePart,
  adminApi,
}) => {
  const { kitName, cardName } = await twoParts(makePart);
  await signInAsNewCustomer(page, baseURL!, 'Pia Prices');
  const kit = await findTool(page, kitName);
  await fillCart(page, [kitName, cardName]);

  const newPrice = Math.round((kit.price + 1) * 100) / 100;
  const repriced = await adminApi.call('PATCH', `/api/tools/${kit._id}`, { price: newPrice });
  expect(repriced.status, JSON.stringify(repriced.body)).toBe(200);

  await page.goto('/cart');
  await expect(cartLine(page, kit.title)).toContainText(
    `Price went up since you added it: was $ ${kit.price.toFixed(2)}, now $ ${newPrice.toFixed(2)}.`,
  );

  // The stock falls below the line's quantity: the line says so, and a checkout is refused
  // whole, naming it, with nothing taken.
  const wifi = await findTool(page, cardName);
  const short = await adminApi.call('PATCH', `/api/tools/${wifi._id}`, {
    availableQuantity: 0,
  });
  expect(short.status, JSON.stringify(short.body)).toBe(200);
  await page.reload();
  await expect(cartLine(page, wifi.title)).toContainText(`${cardName} is no longer available`);
  await expect(page.getByRole('link', { name: 'Checkout' })).toHaveCount(0);
  await page.goto('/checkout');
  await expect(page.getByRole('alert')).toContainText(`${cardName} is no longer available`);
  await fillDelivery(page);
  await page.getByRole('button', { name: 'Place order' }).click();
  await expect(page.getByRole('form', { name: 'Checkout' }).getByRole('alert')).toContainText(
    `Not enough stock for: ${cardName}.`,
  );
  await expect(page).toHaveURL('/checkout');
  await expect(page.getByLabel('Address')).toHaveValue('4 Cart Court\nSuite 2');
  expect((await findTool(page, kitName)).availableQuantity).toBe(kit.availableQuantity);
  consoleErrors.splice(
    0,
    consoleErrors.length,
    ...consoleErrors.filter((e) => !e.includes('status of 409')),
  );
});
