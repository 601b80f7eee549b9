import type { APIRequestContext, Browser, Locator, Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { ADMIN_EMAIL, signInAsAdmin, signInAsNewCustomer, storedToken } from './support/accounts';
import { expectAccessible, firstMethodTo, oregonDelivery } from './support/orders';

/** The base URL of the run (playwright.config.ts always sets it). */
function origin(baseURL: string | undefined): string {
  if (!baseURL) throw new Error('baseURL is not set in playwright.config.ts');
  return baseURL;
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The field is marked invalid and its message is shown under it and read out with it. */
async function expectFieldError(page: Page, label: string, message: string) {
  const field = page.getByLabel(label, { exact: true });
  await expect(field).toHaveAttribute('aria-invalid', 'true');
  await expect(field).toHaveAccessibleDescription(new RegExp(escapeRegExp(message)));
  await expect(page.getByText(message, { exact: true })).toBeVisible();
}

async function expectFieldValid(page: Page, label: string) {
  await expect(page.getByLabel(label, { exact: true })).not.toHaveAttribute('aria-invalid');
}

/** A toast of sonner, found by its text. */
const toast = (page: Page, text: string) =>
  page.locator('[data-sonner-toast]').filter({ hasText: text });

/**
 * Another visitor: a customer account that has signed in once in a browser of its own (so the
 * shop knows the user), with that browser's access token.
 */
async function otherCustomer(browser: Browser, baseURL: string, name: string) {
  const context = await browser.newContext({ baseURL });
  const page = await context.newPage();
  const email = await signInAsNewCustomer(page, baseURL, name);
  const token = await storedToken(page);
  if (!token) throw new Error('no access token');
  return { context, page, email, token };
}

const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });

async function adminToken(page: Page) {
  const token = await storedToken(page);
  if (!token) throw new Error('the admin has no access token');
  return token;
}

let toolSequence = 0;
/** A tool name of at most 20 characters that no seeded tool's name contains. */
const uniqueToolName = (prefix: string) =>
  `${prefix} ${(Date.now() % 100_000) * 10 + (toolSequence++ % 10)}`.slice(0, 20);

interface CreatedTool {
  _id: string;
  name: string;
  price: number;
}

/** A tool made through the API by the signed-in admin, as the Add Tool screen would. */
async function createTool(request: APIRequestContext, token: string, name: string) {
  const response = await request.post('/api/tools', {
    headers: bearer(token),
    data: {
      name,
      description: 'A tool made by the back-office tests.',
      minOrderQuantity: 1,
      availableQuantity: 40,
      price: 9.99,
      img: '/images/tools/screwdriver-kit.svg',
    },
  });
  expect(response.status()).toBe(201);
  return (await response.json()) as CreatedTool;
}

/** Keeps the shared database as the storefront tests expect it. */
async function removeTool(request: APIRequestContext, token: string, id: string) {
  const response = await request.delete(`/api/tools/${id}`, { headers: bearer(token) });
  expect([200, 404]).toContain(response.status());
}

/** Searches the home page's tool list by name and answers the cards found. */
async function searchHomeTools(page: Page, name: string): Promise<Locator> {
  const box = page.getByRole('searchbox', { name: 'Search tools by name' });
  await box.fill(name);
  await box.press('Enter');
  await expect(page.getByRole('status').filter({ hasText: `"${name}"` })).toBeVisible();
  return page.getByTestId('tool-card');
}

const userRow = (page: Page, email: string) =>
  page.getByTestId('user-row').filter({ hasText: email });
/** All Users is paged, oldest first: a new user is found by searching their email. */
async function findUser(page: Page, email: string): Promise<Locator> {
  await page.getByRole('searchbox', { name: 'Search email or name' }).fill(email);
  const row = userRow(page, email);
  await expect(page.getByTestId('user-row')).toHaveCount(1);
  return row;
}
const toolRow = (page: Page, name: string) =>
  page.getByTestId('tool-row').filter({ has: page.getByText(name, { exact: true }) });

test.describe('All Users', () => {
  test('an admin makes a customer an admin: "Admin Selected!!" and the button goes', async ({
    page,
    browser,
    baseURL,
  }) => {
    const other = await otherCustomer(browser, origin(baseURL), 'Promoted Person');
    await other.context.close();
    await signInAsAdmin(page, origin(baseURL));
    await page.goto('/dashboard/users');
    await expect(page.getByRole('heading', { name: 'All Users', level: 1 })).toBeVisible();

    // The count of all the users is in the table's header; a search counts what it finds.
    await expect(page.getByRole('table')).toContainText(/\d+ users/);
    const row = await findUser(page, other.email);
    await expect(page.getByRole('table')).toContainText('1 user');

    await expect(row).toContainText('Promoted Person');
    await expect(row).toContainText('Customer');
    await row.getByRole('button', { name: 'Make Admin' }).click();
    await expect(toast(page, 'Admin Selected!!')).toBeVisible();
    await expect(row.getByRole('button', { name: 'Make Admin' })).toHaveCount(0);
    await expect(row).toContainText('Admin');
    // The button is gone; focus stays in the row, on the new role.
    await expect(row.getByText('Admin', { exact: true }).first()).toBeFocused();

    // The server agrees, after a reload too.
    const check = await page.request.get(`/api/admin/${other.email}`, {
      headers: bearer(await adminToken(page)),
    });
    expect(await check.json()).toEqual({ admin: true });
    await page.reload();
    await expect(
      (await findUser(page, other.email)).getByRole('button', { name: 'Make Admin' }),
    ).toHaveCount(0);
    // Admins have no Make Admin button at all; the admin's own row cannot be removed.
    const own = await findUser(page, ADMIN_EMAIL);
    await expect(own.getByRole('button')).toHaveCount(0);
    await expect(own).toContainText('you cannot remove yourself');
  });

  test('an admin removes a user through the modal, and that user is signed out at once', async ({
    page,
    browser,
    baseURL,
  }) => {
    const victim = await otherCustomer(browser, origin(baseURL), 'Removed Person');
    const theirCheck = () =>
      victim.context.request.get(`/api/admin/${victim.email}`, { headers: bearer(victim.token) });
    expect((await theirCheck()).status()).toBe(200);

    await signInAsAdmin(page, origin(baseURL));
    await page.goto('/dashboard/users');
    const row = await findUser(page, victim.email);
    const remove = row.getByRole('button', { name: 'Remove User' });

    // The modal: its question, Cancel focused (the safe choice), Escape closes it.
    await remove.click();
    const dialog = page.getByRole('dialog', { name: 'Are You Sure?' });
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText('You want to delete Removed Person');
    await expect(dialog.getByRole('button', { name: 'Cancel' })).toBeFocused();
    await page.keyboard.press('Tab');
    await expect(dialog.getByRole('button', { name: 'OK' })).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(remove).toBeFocused();
    // Cancel keeps the user too.
    await page.keyboard.press('Enter');
    await expect(dialog).toBeVisible();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toBeHidden();
    await expect(row).toBeVisible();

    await remove.click();
    await dialog.getByRole('button', { name: 'OK' }).click();
    await expect(toast(page, 'User Removed!!')).toBeVisible();
    await expect(dialog).toBeHidden();
    await expect(row).toHaveCount(0);

    // Their token died with them: their next call is refused.
    expect((await theirCheck()).status()).toBe(401);
    const session = await victim.context.request.get('/api/auth/get-session');
    expect(await session.json()).toBeNull();
    await victim.context.close();

    await page.reload();
    await expect(page.getByTestId('user-row').first()).toBeVisible();
    await page.getByRole('searchbox', { name: 'Search email or name' }).fill(victim.email);
    await expect(page.getByText('No users match this search.')).toBeVisible();
  });
});

test.describe('Add Tool and Manage Tools', () => {
  test('an admin adds a tool; it shows on the home page', async ({ page, baseURL }) => {
    await signInAsAdmin(page, origin(baseURL));
    await page.goto('/dashboard/addTool');
    await expect(page.getByRole('heading', { name: 'Add A Tool', level: 1 })).toBeVisible();
    const name = uniqueToolName('Pry Tool');
    await page.getByLabel('Name', { exact: true }).fill(name);
    await page.getByLabel('Description').fill('Nylon spudger for opening laptop cases.');
    await page.getByLabel('Minimum order quantity').fill('3');
    await page.getByLabel('Available quantity').fill('75');
    await page.getByLabel('Price per unit ($)').fill('4.25');
    await page.getByLabel('Image URL').fill('/images/tools/screwdriver-kit.svg');
    const created = page.waitForResponse(
      (response) => response.url().endsWith('/api/tools') && response.request().method() === 'POST',
    );
    await page.getByRole('button', { name: 'Add Tool' }).click();
    const tool = (await (await created).json()) as CreatedTool;
    await expect(toast(page, 'Tool Added')).toBeVisible();
    // The form is empty again, ready for the next tool.
    await expect(page.getByLabel('Name', { exact: true })).toHaveValue('');
    await expect(page.getByLabel('Name', { exact: true })).toBeFocused();
    await expect(page.getByLabel('Price per unit ($)')).toHaveValue('');

    await page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: 'Home' })
      .click();
    const cards = await searchHomeTools(page, name);
    await expect(cards).toHaveCount(1);
    await expect(cards.first().getByRole('heading', { name })).toBeVisible();
    await expect(cards.first()).toContainText(/Minimum order\s*3/);
    await expect(cards.first()).toContainText(/Available\s*75/);
    await expect(cards.first()).toContainText('$ 4.25');

    await removeTool(page.request, await adminToken(page), tool._id);
  });

  test('an admin removes a tool after the browser confirm; the shop no longer shows it', async ({
    page,
    baseURL,
  }) => {
    await signInAsAdmin(page, origin(baseURL));
    const tool = await createTool(
      page.request,
      await adminToken(page),
      uniqueToolName('Gone Tool'),
    );
    const deletes: string[] = [];
    page.on('request', (request) => {
      if (request.method() === 'DELETE') deletes.push(request.url());
    });
    await page.goto('/dashboard/manageTools');
    const row = toolRow(page, tool.name);
    const remove = row.getByRole('button', { name: `Remove ${tool.name}` });

    // Answering the confirm with Cancel keeps the tool.
    page.once('dialog', (dialog) => {
      expect(dialog.type()).toBe('confirm');
      expect(dialog.message()).toBe('Are you sure?');
      void dialog.dismiss();
    });
    await remove.click();
    await expect(row).toBeVisible();
    expect(deletes).toEqual([]);

    page.once('dialog', (dialog) => {
      expect(dialog.message()).toBe('Are you sure?');
      void dialog.accept();
    });
    await remove.click();
    await expect(toast(page, `${tool.name} removed`)).toBeVisible();
    await expect(row).toHaveCount(0);
    expect(deletes).toHaveLength(1);

    await page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: 'Home' })
      .click();
    const cards = await searchHomeTools(page, tool.name);
    await expect(cards).toHaveCount(0);
    await expect(page.getByText(`No tools match "${tool.name}".`)).toBeVisible();
  });

  test('removing a tool that has orders retires it, and says so', async ({
    page,
    browser,
    baseURL,
  }) => {
    await signInAsAdmin(page, origin(baseURL));
    const tool = await createTool(
      page.request,
      await adminToken(page),
      uniqueToolName('Sold Tool'),
    );
    const buyer = await otherCustomer(browser, origin(baseURL), 'Retire Buyer');
    const method = await firstMethodTo(page, [{ toolId: tool._id, quantity: 1 }]);
    const order = await buyer.context.request.post('/api/purchase', {
      headers: bearer(buyer.token),
      data: {
        toolId: tool._id,
        quantity: 1,
        address: '1 Main St',
        ...oregonDelivery(method.methodId),
      },
    });
    expect(order.status()).toBe(201);
    await buyer.context.close();

    await page.goto('/dashboard/manageTools');
    page.once('dialog', (dialog) => void dialog.accept());
    await toolRow(page, tool.name)
      .getByRole('button', { name: `Remove ${tool.name}` })
      .click();
    await expect(
      toast(page, 'Retired: it has orders, so it is hidden from the shop and its orders are kept'),
    ).toBeVisible();
    await expect(toolRow(page, tool.name)).toHaveCount(0);
  });

  test('an admin edits a tool in place: price, with its checks, Escape and Save', async ({
    page,
    baseURL,
  }) => {
    await signInAsAdmin(page, origin(baseURL));
    const token = await adminToken(page);
    const tool = await createTool(page.request, token, uniqueToolName('Edit Tool'));
    await page.goto('/dashboard/manageTools');
    const row = toolRow(page, tool.name);
    await expect(row).toContainText('$ 9.99');
    const edit = row.getByRole('button', { name: `Edit ${tool.name}` });

    // Escape closes the editor without saving; focus returns to Edit.
    await edit.click();
    const editor = page.getByRole('form', { name: `Edit ${tool.name}` });
    await expect(editor).toBeVisible();
    await expect(edit).toHaveAttribute('aria-expanded', 'true');
    const price = editor.getByLabel('Price per unit ($)');
    await expect(price).toBeFocused();
    await expect(price).toHaveValue('9.99');
    await page.keyboard.press('Escape');
    await expect(editor).toBeHidden();
    await expect(edit).toBeFocused();

    // The shared rules apply: an empty price is refused in the form.
    await edit.click();
    await price.fill('');
    await editor.getByRole('button', { name: 'Save' }).click();
    await expectFieldError(page, 'Price per unit ($)', 'Price is required');
    await price.fill('12.345');
    await expectFieldError(page, 'Price per unit ($)', 'Price can have at most 2 decimals');
    await price.fill('12.34');
    await expectFieldValid(page, 'Price per unit ($)');
    const patched = page.waitForRequest(
      (request) => request.method() === 'PATCH' && request.url().endsWith(`/api/tools/${tool._id}`),
    );
    await editor.getByRole('button', { name: 'Save' }).click();
    // Only what changed is sent.
    expect((await patched).postDataJSON()).toEqual({ price: 12.34 });
    await expect(toast(page, `${tool.name} saved`)).toBeVisible();
    await expect(editor).toBeHidden();
    await expect(row).toContainText('$ 12.34');
    await expect(edit).toBeFocused();

    const stored = await page.request.get(`/api/tools/${tool._id}`);
    expect(((await stored.json()) as CreatedTool).price).toBe(12.34);
    await removeTool(page.request, token, tool._id);
  });
});

test.describe('Add A Review', () => {
  test('a customer adds a review; it shows in the home page testimonials', async ({
    page,
    baseURL,
  }) => {
    await signInAsNewCustomer(page, origin(baseURL), 'Riley Reviewer');
    // The testimonials are loaded (and cached) before the review is written.
    await page.goto('/');
    await page.getByRole('heading', { name: 'What Our Clients Says' }).scrollIntoViewIfNeeded();
    await expect(page.getByTestId('review').first()).toBeVisible();

    await page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: 'Dashboard' })
      .click();
    await page
      .getByRole('navigation', { name: 'Dashboard' })
      .getByRole('link', { name: 'Add a Review' })
      .click();
    await expect(page.getByRole('heading', { name: 'Add A Review', level: 1 })).toBeVisible();
    // The reviewer's name starts as the account's name.
    await expect(page.getByLabel('Name', { exact: true })).toHaveValue('Riley Reviewer');
    const headline = `Thermal Paste ${Date.now()}`;
    await page.getByLabel('Tool Name').fill(headline);
    await page.getByLabel('Location').fill('Lisbon, Portugal');
    await page.getByLabel('Description').fill('Temperatures dropped by ten degrees.');
    await page.getByLabel('Image URL').fill('/images/avatars/avatar-2.svg');
    await page.getByRole('button', { name: 'Add Review' }).click();
    await expect(toast(page, 'Review Added')).toBeVisible();
    await expect(page.getByLabel('Tool Name')).toHaveValue('');

    await page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: 'Home' })
      .click();
    await page.getByRole('heading', { name: 'What Our Clients Says' }).scrollIntoViewIfNeeded();
    const review = page.getByTestId('review').filter({ hasText: headline });
    await expect(review).toBeVisible();
    await expect(review.getByRole('heading', { name: headline })).toBeVisible();
    await expect(review.locator('blockquote')).toHaveText('“Temperatures dropped by ten degrees.”');
    await expect(review).toContainText('Riley Reviewer');
    await expect(review).toContainText('Lisbon, Portugal');
    await expect(review.locator('img')).toHaveAttribute('src', '/images/avatars/avatar-2.svg');
  });
});

test.describe('Profile', () => {
  test('a customer updates the profile; the card shows it; the same again is "Already Updated!!"', async ({
    page,
    baseURL,
  }) => {
    const email = await signInAsNewCustomer(page, origin(baseURL), 'Parker Profile');
    await page.goto('/dashboard/profile');
    const card = page.getByTestId('profile-card');
    await expect(card).toContainText('Parker Profile');
    await expect(card).toContainText(email);
    await expect(card.getByText('Not added yet')).toHaveCount(4);

    const emailField = page.getByLabel('Email', { exact: true });
    await expect(emailField).toHaveValue(email);
    await expect(emailField).not.toBeEditable();
    await expect(page.getByLabel('Date of birth')).toHaveAccessibleDescription(/dd-mm-yy/);

    await page.getByLabel('Date of birth').fill('15-08-92');
    await page.getByLabel('Address', { exact: true }).fill('12 Harbour Road, Cork');
    await page.getByLabel('Phone').fill('+353 21 555 0100');
    await page.getByLabel('LinkedIn profile link').fill('https://www.linkedin.com/in/parker');
    await page.getByRole('button', { name: 'Update Profile' }).click();
    await expect(toast(page, 'Updated!!')).toBeVisible();
    // Once slid in, the toast sits below the sticky navbar: it never covers (or, hovered,
    // holds) its links.
    const navbar = (await page.getByRole('navigation', { name: 'Main' }).boundingBox())!;
    await expect
      .poll(async () => (await toast(page, 'Updated!!').boundingBox())?.y ?? 0)
      .toBeGreaterThanOrEqual(navbar.y + navbar.height);

    await expect(card).toContainText('15-08-92');
    await expect(card).toContainText('12 Harbour Road, Cork');
    await expect(card).toContainText('+353 21 555 0100');
    await expect(
      card.getByRole('link', { name: 'https://www.linkedin.com/in/parker' }),
    ).toHaveAttribute('href', 'https://www.linkedin.com/in/parker');
    await expect(card.getByText('Not added yet')).toHaveCount(0);

    // Nothing changed: the shop says so.
    await page.getByRole('button', { name: 'Update Profile' }).click();
    await expect(toast(page, 'Already Updated!!')).toBeVisible();

    // The form starts from the stored profile.
    await page.reload();
    await expect(page.getByLabel('Date of birth')).toHaveValue('15-08-92');
    await expect(page.getByLabel('Address', { exact: true })).toHaveValue('12 Harbour Road, Cork');
    await expect(page.getByLabel('Phone')).toHaveValue('+353 21 555 0100');
    await expect(page.getByLabel('LinkedIn profile link')).toHaveValue(
      'https://www.linkedin.com/in/parker',
    );
    // A screen reader may send a click with no pointer or key press: the toast still shows.
    await page.getByRole('button', { name: 'Update Profile' }).dispatchEvent('click');
    await expect(toast(page, 'Already Updated!!')).toBeVisible();
  });
});

test.describe('back office at 375 px and 1280 px', () => {
  // Four axe scans a test, on a machine that may be busy (as in accessibility.spec.ts).
  test.describe.configure({ timeout: 90_000 });
  for (const width of [375, 1280]) {
    test(`the admin screens have no serious axe violations and no sideways scroll (${width} px)`, async ({
      page,
      baseURL,
    }) => {
      await page.setViewportSize({ width, height: 900 });
      await signInAsAdmin(page, origin(baseURL));
      const noSidewaysScroll = async () =>
        expect(
          await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth),
        ).toBeLessThanOrEqual(0);

      await page.goto('/dashboard/users');
      await expect(page.getByTestId('user-row').first()).toBeVisible();
      await noSidewaysScroll();
      await expectAccessible(page);
      const remove = page.getByRole('button', { name: 'Remove User' }).first();
      if ((await remove.count()) > 0) {
        await remove.click();
        await expect(page.getByRole('dialog', { name: 'Are You Sure?' })).toBeVisible();
        await expectAccessible(page);
        await page.keyboard.press('Escape');
      }

      await page.goto('/dashboard/manageTools');
      await expect(page.getByTestId('tool-row').first()).toBeVisible();
      await page
        .getByRole('button', { name: /^Edit / })
        .first()
        .click();
      await expect(page.getByRole('form', { name: /^Edit / })).toBeVisible();
      await noSidewaysScroll();
      await expectAccessible(page);

      await page.goto('/dashboard/profile');
      await expect(page.getByTestId('profile-card')).toBeVisible();
      await noSidewaysScroll();
      await expectAccessible(page);
    });
  }
});
