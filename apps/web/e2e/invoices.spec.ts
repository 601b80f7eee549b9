import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import type { Page } from '@playwright/test';
import { type BillingDocument, formatMoney, formatOrderNumber } from '@shop/shared';
import { expect, test } from './fixtures';
import { signInAsAdmin, signInAsNewCustomer } from './support/accounts';
import {
  BERLIN,
  callApi,
  checkOutViaApi,
  expectAccessible,
  findTool,
  getOrderViaApi,
  lookAtWidths,
} from './support/orders';

// Invoices and credit notes: a buyer in Berlin pays for two parts and finds the invoice on the
// order's page, as a PDF that names the parts and the total; an admin refunds one line and the
// credit note for that invoice shows beside it; an admin sets the details printed on invoices.

const run = promisify(execFile);

const PASTE = 'Thermal Paste 4g';
const CHARGER = '65W USB-C Charger';
/** A document's PDF, as the app fetches it to save it. */
const PDF_ROUTE = '**/api/purchase/*/documents/*';

const documentsOf = (page: Page) =>
  page.getByRole('region', { name: 'Invoice and credit notes', exact: true });
const legalDetailsOf = (page: Page) =>
  page.getByRole('region', { name: 'Details printed on invoices', exact: true });

/** The order's documents as the API lists them, oldest first. */
async function documentsViaApi(page: Page, orderId: string) {
  const { status, body } = await callApi<BillingDocument[]>(
    page,
    'GET',
    `/api/purchase/${orderId}/documents`,
  );
  expect(status, JSON.stringify(body)).toBe(200);
  return body;
}

/**
 * Whether a PDF's text names a part by its full title, which wraps within the Item column: its
 * words in their order, a line's other cells between them (a line may break after a space, a
 * hyphen or a slash).
 */
const namesTitle = (text: string, title: string) =>
  new RegExp(
    title
      .split(/[\s/-]+/)
      .map((word) => word.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
      .join('[\\s\\S]*?'),
  ).test(text);

/** What a reader of the PDF can select: `pdftotext -layout` (poppler-utils). */
async function pdfText(file: string) {
  const { stdout } = await run('pdftotext', ['-layout', file, '-']);
  return stdout;
}

test('a buyer downloads the invoice, a line refund adds a credit note, an admin sets the details', async ({
  page,
  browser,
  baseURL,
  consoleErrors,
}, testInfo) => {
  test.slow();
  await signInAsNewCustomer(page, baseURL ?? '', 'Ines Invoice');
  const placed = await checkOutViaApi(page, [PASTE, CHARGER], BERLIN);
  const orderId = placed._id;

  // Unpaid: nothing is billed yet, so the order's page has no documents to show.
  await page.goto(`/dashboard/orders/${orderId}`);
  await expect(
    page.getByRole('heading', { level: 1, name: `Order ${formatOrderNumber(placed.number)} of` }),
  ).toBeVisible();
  await expect(page.getByRole('heading', { name: 'History' })).toBeVisible();
  await expect(documentsOf(page)).toHaveCount(0);

  // Paid with the test card on the payment page.
  await page.getByRole('link', { name: 'Pay', exact: true }).click();
  await page.getByLabel('Card number').fill('4242 4242 4242 4242');
  await page.getByLabel('Expiry (MM/YY)').fill('12/34');
  await page.getByLabel('CVC').fill('123');
  await page.getByRole('button', { name: 'Pay', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Congratulation!!' })).toBeVisible();
  const paid = await getOrderViaApi(page, orderId);
  expect(paid).toMatchObject({ status: 'paid', paid: true });
  const total = formatMoney(paid.price);

  // Back on the order's page, which refreshes the paid order: its invoice, with the order's
  // total as the page shows it.
  await page.goBack();
  await expect(page).toHaveURL(new RegExp(`/dashboard/orders/${orderId}$`));
  await expect(page.getByRole('table', { name: 'The tools of this order' })).toContainText(total);
  const [invoice] = await documentsViaApi(page, orderId);
  expect(invoice).toMatchObject({ kind: 'invoice', total: paid.price, invoiceNumber: null });
  const number = invoice!.number;
  const documents = documentsOf(page);
  const invoiceRow = documents.getByRole('row', { name: new RegExp(`^Invoice ${number}`) });
  await expect(invoiceRow).toContainText(`Invoice ${number}`);
  await expect(invoiceRow).toContainText(total);

  // A download that gets no answer says so under the list; the button works again after.
  const download = documents.getByRole('button', { name: `Download PDF of invoice ${number}` });
  let answer!: () => void;
  const answered = new Promise<void>((resolve) => (answer = resolve));
  await page.route(PDF_ROUTE, async (route) => {
    await answered;
    await route.abort();
  });
  await download.click();
  await expect(download).toBeDisabled();
  await expect(download).toHaveAttribute('aria-busy', 'true');
  answer();
  await expect(documents.getByRole('alert')).toHaveText(
    `The PDF of invoice ${number} could not be downloaded. Could not reach the shop. Check your connection and try again.`,
  );
  await expect(download).toBeEnabled();
  await documents.screenshot({ path: 'test-results/invoices-download-failed.png' });
  await page.unroute(PDF_ROUTE);
  expect(consoleErrors.filter((error) => !error.includes('net::ERR_FAILED'))).toEqual([]);
  consoleErrors.length = 0;

  // Saved as the API names it; its text names the invoice, both parts (by the full titles they
  // were bought under) and the total.
  const [saved] = await Promise.all([page.waitForEvent('download'), download.click()]);
  expect(saved.suggestedFilename()).toBe(`invoice-${number}.pdf`);
  const file = testInfo.outputPath(`invoice-${number}.pdf`);
  await saved.saveAs(file);
  const text = await pdfText(file);
  // The invoice names the order by the number its page shows (issue 49).
  const orderNumber = formatOrderNumber(placed.number);
  for (const expected of [number, `Order: ${orderNumber}`, total]) {
    expect(text).toContain(expected);
  }
  for (const name of [PASTE, CHARGER]) {
    const { title } = await findTool(page, name);
    expect(namesTitle(text, title), `${title} in\n${text}`).toBe(true);
  }
  await expect(documents.getByRole('alert')).toHaveCount(0);

  // The admin gives back the paste with the refund dialog: the credit note shows at once.
  const paste = paid.lines.find((line) => line.tool === PASTE)!;
  const given = formatMoney(paste.price + paste.shipping + paste.tax + paste.shippingTax);
  const admin = await (await browser.newContext({ baseURL })).newPage();
  await signInAsAdmin(admin, baseURL ?? '');
  await admin.goto(`/dashboard/orders/${orderId}`);
  await expect(documentsOf(admin)).toContainText(`Invoice ${number}`);
  await admin
    .getByRole('region', { name: 'Admin actions' })
    .getByRole('button', { name: 'Refund' })
    .click();
  const dialog = admin.getByRole('dialog', { name: 'Refund this order?' });
  await dialog
    .getByRole('group', { name: 'Lines to refund' })
    .getByRole('checkbox', { name: new RegExp(CHARGER) })
    .uncheck();
  await dialog.getByLabel('Reason').fill('Does not fit');
  await dialog.getByRole('button', { name: 'Refund' }).click();
  await expect(dialog).toBeHidden();
  const creditNoteTitle = new RegExp(`^Credit note CN-\\d{4}-\\d{6,} for invoice ${number}`);
  await expect(documentsOf(admin).getByRole('row', { name: creditNoteTitle })).toContainText(
    `${given} refunded`,
  );

  // The buyer sees it too, for that invoice, with what was given back.
  await page.reload();
  const creditNoteRow = documents.getByRole('row', { name: creditNoteTitle });
  await expect(creditNoteRow).toContainText(`${given} refunded`);
  const [, creditNote] = await documentsViaApi(page, orderId);
  expect(creditNote).toMatchObject({ kind: 'credit_note', invoiceNumber: number });
  expect(formatMoney(creditNote!.total)).toBe(given);
  await expect(
    documents.getByRole('button', { name: `Download PDF of credit note ${creditNote!.number}` }),
  ).toBeEnabled();

  // The page fits the phone, its lines with their VAT and the documents' list.
  await lookAtWidths(page, 'invoices-order', () =>
    documents.evaluate((section) =>
      section.scrollIntoView({ block: 'center', behavior: 'instant' }),
    ),
  );

  // The admin sets the details printed on the invoices issued from now on.
  await admin.goto('/dashboard/shipping');
  await expect(admin.getByText("the shop's details printed on invoices")).toBeVisible();
  const legal = legalDetailsOf(admin);
  await expect(legal).toContainText(
    'Invoices and credit notes already issued keep the details they were issued with.',
  );
  const legalName = legal.getByLabel('Legal name');
  await expect(legalName).toBeEditable();
  await expect(legal.getByLabel('Address')).toHaveAttribute('rows', '4');
  await expect(legal.getByLabel('Tax number')).toHaveAccessibleDescription(
    'VAT or sales tax number; leave empty if you have none',
  );

  // An empty legal name is refused under its field, and nothing is saved.
  await legalName.fill('');
  await legal.getByRole('button', { name: 'Save' }).click();
  await expect(legalName).toHaveAttribute('aria-invalid', 'true');
  await expect(legalName).toHaveAccessibleDescription('Legal name is required');
  await expect(legalName).toBeFocused();
  for (const width of [360, 1280]) {
    await admin.setViewportSize({ width, height: 900 });
    await expectAccessible(admin, 'any');
  }

  await legalName.fill('Laptop Parts Berlin GmbH');
  await legal.getByLabel('Address').fill('Friedrichstraße 10\n10117 Berlin\nGermany');
  await legal.getByLabel('Tax number').fill('DE123456789');
  await legal.getByRole('button', { name: 'Save' }).click();
  const confirmation = admin.getByText('Saved. Invoices issued from now on carry these details.');
  await expect(confirmation).toBeVisible();
  await expect(legalName).not.toHaveAttribute('aria-invalid');
  expect(await callApi(admin, 'GET', '/api/settings/legal')).toEqual({
    status: 200,
    body: {
      legalName: 'Laptop Parts Berlin GmbH',
      address: 'Friedrichstraße 10\n10117 Berlin\nGermany',
      taxNumber: 'DE123456789',
    },
  });
  // A toast fading out is half transparent: axe would count its contrast mid-fade.
  await expect(confirmation).toBeHidden({ timeout: 15_000 });
  await lookAtWidths(admin, 'invoices-legal-details', () => legal.scrollIntoViewIfNeeded());
  // Closed: left open, the admin's page would go on asking tokens for the run's one admin
  // session, which keeps its newest three, and sign the next tests' admin pages out.
  await admin.context().close();
});
