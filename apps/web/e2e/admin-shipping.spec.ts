import type { Page } from '@playwright/test';
import type { ShippingQuote, ShippingZone, Tool } from '@shop/shared';
import { expect, test } from './fixtures';
import { signInAsAdmin, signInAsNewCustomer } from './support/accounts';
import {
  animationsDone,
  callApi,
  expectAccessible,
  expectOnlyStatusErrors,
} from './support/orders';

// Shipping and tax (issue 35): an admin adds a zone and a method on /dashboard/shipping, and a
// quote for one of its countries offers that method at once. The demo data starts with the
// migration's zones (the US, Canada, the EU, the UK and the rest of the world).

const NORDIC = ['NO', 'IS'];

/** Removes what an earlier run left: any zone holding one of these countries. */
async function forgetZonesOf(page: Page, countries: string[]) {
  const { body } = await callApi<ShippingZone[]>(page, 'GET', '/api/shipping/zones');
  for (const zone of body) {
    if (!zone.countries.some((country) => countries.includes(country.code))) continue;
    const status = await page.evaluate(async (id) => {
      const response = await fetch(`/api/shipping/zones/${id}`, {
        method: 'DELETE',
        headers: { Authorization: `Bearer ${localStorage.getItem('accessToken')}` },
      });
      return response.status;
    }, zone.id);
    expect(status).toBe(204);
  }
}

const quoteFor = async (page: Page, country: string, tool: Tool) =>
  callApi<ShippingQuote>(page, 'POST', '/api/shipping/quote', {
    country,
    lines: [{ toolId: tool._id, quantity: tool.minOrderQuantity }],
  });

test.describe('Shipping and tax', () => {
  test('an admin adds a zone with a flat method and a tax rate, and a buyer sees them at once', async ({
    page,
    browser,
    baseURL,
    consoleErrors,
  }) => {
    test.slow();
    await signInAsAdmin(page, baseURL ?? '');
    await page.goto('/dashboard/shipping');
    await forgetZonesOf(page, NORDIC);
    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: 'Shipping and tax' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'European Union' })).toBeVisible();
    const tools = await callApi<Tool[]>(page, 'GET', '/api/tools?limit=1');
    const tool = tools.body[0]!;

    // The side menu leads here.
    await expect(
      page
        .getByRole('navigation', { name: 'Dashboard' })
        .getByRole('link', { name: 'Shipping and tax' }),
    ).toHaveAttribute('aria-current', 'page');

    await page.getByRole('button', { name: 'Add a zone' }).click();
    const form = page.getByRole('form', { name: 'New zone' });
    await form.getByLabel('Zone name').fill('Nordics');
    const countryBox = form.getByRole('combobox', { name: 'Add a country' });
    await countryBox.fill('Norw');
    await countryBox.press('Enter');
    await countryBox.fill('IS');
    await countryBox.press('Enter');
    // A country another zone holds is refused under the field, naming that zone.
    await countryBox.fill('Germany');
    await countryBox.press('Enter');
    await expect(form.getByRole('button', { name: 'Remove Germany' })).toBeVisible();
    await form.getByRole('button', { name: 'Add zone' }).click();
    await expect(form.getByText('Germany is already in European Union')).toBeVisible();
    await page.setViewportSize({ width: 360, height: 900 });
    await form.screenshot({ path: 'test-results/admin-shipping-zone-360.png' });
    await page.setViewportSize({ width: 1280, height: 900 });
    await form.getByRole('button', { name: 'Remove Germany' }).click();
    // The focus goes to the chip before it, the last one left: never to the page's top.
    await expect(form.getByRole('button', { name: 'Remove Iceland' })).toBeFocused();
    await expect(form.getByRole('button', { name: 'Remove Norway' })).toBeVisible();
    await expect(form.getByRole('button', { name: 'Remove Iceland' })).toBeVisible();
    await form.getByRole('button', { name: 'Add zone' }).click();

    const zone = page.getByRole('region', { name: 'Nordics' });
    await expect(zone).toContainText('Iceland, Norway');
    await expect(zone).toContainText('No method yet');
    await zone.getByRole('button', { name: 'Add a method to Nordics' }).click();
    const methodForm = zone.getByRole('form', { name: 'New method for Nordics' });
    // By weight: bands in order; shown, then back to a flat price.
    await methodForm.getByLabel('Price rule').selectOption({ label: 'By weight' });
    await methodForm.getByRole('button', { name: 'Add a band' }).click();
    await expect(methodForm.getByLabel('Band 2: up to (g)')).toHaveValue('2000');
    await page.setViewportSize({ width: 360, height: 900 });
    await methodForm.screenshot({ path: 'test-results/admin-shipping-method-360.png' });
    await page.setViewportSize({ width: 1280, height: 900 });
    await methodForm.getByLabel('Price rule').selectOption({ label: 'Flat price' });
    await methodForm.getByLabel('Method name').fill('Nordic Post');
    await methodForm.getByLabel('Price ($)').fill('15');
    await methodForm.getByLabel('Delivery from (days)').fill('6');
    await methodForm.getByLabel('To (days)').fill('3');
    await methodForm.getByRole('button', { name: 'Add method' }).click();
    await expect(
      methodForm.getByText('Maximum days must be at least the minimum days'),
    ).toBeVisible();
    await expect(page.locator('[data-sonner-toast]')).toHaveCount(0, { timeout: 15_000 });
    await expectAccessible(page, 'any');
    await methodForm.getByLabel('Delivery from (days)').fill('3');
    await methodForm.getByLabel('To (days)').fill('5');
    await methodForm.getByRole('button', { name: 'Add method' }).click();
    const methods = zone.getByRole('list', { name: 'Methods of Nordics' });
    await expect(methods).toContainText('Nordic Post');
    await expect(methods).toContainText('Flat price: $ 15.00');
    await expect(methods).toContainText('3-5 days');

    const quote = await quoteFor(page, 'NO', tool);
    expect(quote.status).toBe(200);
    expect(quote.body.options).toEqual([
      expect.objectContaining({ name: 'Nordic Post', shipping: 15, minDays: 3, maxDays: 5 }),
    ]);

    // A tax rate for Norway; then a buyer in another browser sees the method and the rate at once.
    const rateForm = page.getByRole('form', { name: 'Set a tax rate' });
    await rateForm.getByLabel('Country').selectOption({ label: 'Norway' });
    await rateForm.getByLabel('Tax name').fill('MVA');
    await rateForm.getByLabel('Rate (%)').fill('25');
    await rateForm.getByRole('button', { name: 'Save rate' }).click();
    await expect(page.getByRole('list', { name: 'Tax rates by country' })).toContainText('Norway');
    const buyer = await (await browser.newContext({ baseURL })).newPage();
    await signInAsNewCustomer(buyer, baseURL ?? '', 'Nora Nordic');
    await buyer.goto(`/tools/${tool._id}`);
    await buyer.getByLabel('Country').selectOption({ label: 'Norway' });
    const offered = buyer.getByRole('group', { name: 'Shipping method' });
    await expect(offered.getByRole('radio', { name: /^Nordic Post/ })).toBeChecked();
    await expect(offered).toContainText('3-5 days');
    await expect(buyer.getByText('MVA (25%)', { exact: true })).toBeVisible();
    await buyer.context().close();

    // The toasts fade out on their own; axe reads the screen once they have.
    await expect(page.locator('[data-sonner-toast]')).toHaveCount(0, { timeout: 15_000 });
    for (const width of [360, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      await animationsDone(page);
      await expectAccessible(page, 'any');
      // Nothing wider than the screen: no sideways scrolling on a phone.
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
        width,
      );
      await page.screenshot({ path: `test-results/admin-shipping-${width}.png`, fullPage: true });
    }

    // Deleted after a question: the country goes by the rest of the world again.
    await zone.getByRole('button', { name: 'Delete zone Nordics' }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete this zone?' });
    await dialog.getByRole('button', { name: 'Delete' }).click();
    await expect(page.getByRole('region', { name: 'Nordics' })).toHaveCount(0);
    const after = await quoteFor(page, 'NO', tool);
    expect(after.body.options.map((option) => option.name)).not.toContain('Nordic Post');
    // The refused country (409) is the only failed request.
    expectOnlyStatusErrors(consoleErrors, [409]);
  });

  test('an admin keeps the carriers Ship offers: adds one, is refused a bad link and a taken name, edits and deletes it', async ({
    page,
    baseURL,
    consoleErrors,
  }) => {
    test.setTimeout(90_000);
    await signInAsAdmin(page, baseURL!);
    await page.goto('/dashboard/shipping');
    const carriers = page.getByRole('region', { name: 'Carriers' });
    const list = carriers.getByRole('list', { name: 'Carriers' });
    // Seeded with the common carriers, by name.
    await expect(list.getByRole('listitem').first()).toContainText('DHL');
    await expect(list).toContainText('Royal Mail');

    const form = carriers.getByRole('form', { name: 'Add a carrier' });
    await form.getByLabel('Name').fill('Parcel Bird');
    await form.getByLabel('Tracking link').fill('http://parcel-bird.example/track');
    await form.getByRole('button', { name: 'Add carrier' }).click();
    await expect(form.getByLabel('Tracking link')).toHaveAccessibleDescription(
      /must be an https:\/\/ address/,
    );
    await form.getByLabel('Tracking link').fill('https://parcel-bird.example/track?n={tracking}');
    await form.getByRole('button', { name: 'Add carrier' }).click();
    await expect(list.getByRole('listitem').filter({ hasText: 'Parcel Bird' })).toContainText(
      'https://parcel-bird.example/track?n={tracking}',
    );

    // A name another carrier has, whatever its case, is refused under the name.
    await form.getByLabel('Name').fill('dhl');
    await form.getByLabel('Tracking link').fill('https://dhl.example/{tracking}');
    await form.getByRole('button', { name: 'Add carrier' }).click();
    await expect(form.getByLabel('Name')).toHaveAccessibleDescription(
      'A carrier named dhl exists already',
    );
    await form.getByLabel('Name').fill('');
    await form.getByLabel('Tracking link').fill('');

    await carriers.getByRole('button', { name: 'Edit Parcel Bird' }).click();
    const editing = carriers.getByRole('form', { name: 'Change Parcel Bird' });
    await editing.getByLabel('Name').fill('Parcel Bird Express');
    await editing.getByRole('button', { name: 'Save carrier' }).click();
    const row = list.getByRole('listitem').filter({ hasText: 'Parcel Bird Express' });
    await expect(row).toBeVisible();
    await expect(page.locator('[data-sonner-toast]')).toHaveCount(0, { timeout: 15_000 });
    for (const width of [360, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      await carriers.scrollIntoViewIfNeeded();
      await animationsDone(page);
      await expectAccessible(page, 'any');
      await page.screenshot({ path: `test-results/admin-carriers-${width}.png`, fullPage: true });
    }

    await carriers.getByRole('button', { name: 'Delete Parcel Bird Express' }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete this carrier?' });
    await dialog.getByRole('button', { name: 'Delete' }).click();
    await expect(row).toHaveCount(0);
    // The taken name (409) is the only failed request.
    expectOnlyStatusErrors(consoleErrors, [409]);
  });
});
