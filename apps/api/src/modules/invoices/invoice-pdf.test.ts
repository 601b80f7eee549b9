import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { centsToDollars, formatMoney } from '@shop/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DocumentLine, IssuedDocument } from './invoice-document';
import { renderDocumentPdf } from './invoice-pdf';

const run = promisify(execFile);
const money = (cents: number) => formatMoney(centsToDollars(cents));

let folder: string;
beforeAll(async () => {
  folder = await mkdtemp(path.join(os.tmpdir(), 'invoice-pdf-'));
});
afterAll(async () => {
  await rm(folder, { recursive: true, force: true });
});

/** A line as the order would store it: its tax worked out from its rate. */
function line(
  tool: string,
  quantity: number,
  unitPriceCents: number,
  taxRate: number,
  included: boolean,
): DocumentLine {
  const amountCents = quantity * unitPriceCents;
  const taxCents = included
    ? Math.round(amountCents - amountCents / (1 + taxRate / 100))
    : Math.round((amountCents * taxRate) / 100);
  return { tool, quantity, unitPriceCents, taxRate, taxCents, amountCents };
}

/** A document of these lines, its totals added up the way the order adds them. */
function issued(
  lines: DocumentLine[],
  changes: Partial<IssuedDocument> & Pick<IssuedDocument, 'pricesIncludeTax'>,
): IssuedDocument {
  const shipping = changes.shipping ?? { method: null, amountCents: 0, taxCents: 0 };
  const subtotalCents = lines.reduce((sum, each) => sum + each.amountCents, 0);
  const taxCents = lines.reduce((sum, each) => sum + each.taxCents, shipping.taxCents);
  const totalCents =
    subtotalCents + shipping.amountCents + (changes.pricesIncludeTax ? 0 : taxCents);
  return {
    kind: 'invoice',
    number: '2026-000123',
    issuedAt: '2026-03-14T09:30:00.000Z',
    invoiceNumber: null,
    orderId: '0b7f4c1e-7d43-4a57-9a41-2f0f7f0e2a11',
    orderedAt: '2026-03-13T23:59:00.000Z',
    seller: {
      legalName: 'Laptopteile Weiß GmbH',
      address: 'Hauptstraße 5\n10115 Berlin\nGermany',
      taxNumber: 'DE123456789',
    },
    buyer: { name: 'Jürgen Groß', email: 'juergen@example.com' },
    shipTo: ['Jürgen Groß', 'Königsallee 12', '40212 Düsseldorf', 'Germany'],
    lines,
    shipping,
    taxName: 'VAT',
    subtotalCents,
    taxCents,
    totalCents,
    paymentReference: 'pi_3Px4Yb2eZvKYlo2C1a2b3c4d',
    reason: null,
    currency: 'USD',
    ...changes,
  };
}

interface Rendered {
  bytes: Buffer;
  /** What `pdftotext -layout` reads: the text a reader can select, pages split by form feeds. */
  text: string;
  /** What `pdfinfo` says of the file. */
  info: string;
}

async function render(name: string, document: IssuedDocument): Promise<Rendered> {
  const bytes = await renderDocumentPdf(document);
  const file = path.join(folder, `${name}.pdf`);
  await writeFile(file, bytes);
  const [text, info] = await Promise.all([
    run('pdftotext', ['-layout', file, '-']),
    run('pdfinfo', [file]),
  ]);
  return { bytes, text: text.stdout, info: info.stdout };
}

const pagesOf = (info: string) => Number(/^Pages:\s+(\d+)$/m.exec(info)?.[1]);
/** A label and its amount, on one line of the summary. */
const row = (label: string, cents: number) =>
  new RegExp(`${label.replace(/[()]/g, '\\$&')}\\s+${money(cents).replace(/[$.]/g, '\\$&')}`);

describe('renderDocumentPdf', () => {
  it('draws an invoice with VAT added to the prices', async () => {
    const longName =
      'Dell XPS 15 9570 replacement keyboard with backlight, US English layout, and palmrest assembly';
    const document = issued(
      [
        line('ThinkPad T480 Battery 24Wh', 2, 5450, 19, false),
        line(longName, 1, 125000, 19, false),
        line('iFixit Moray Driver Kit', 3, 1999, 19, false),
      ],
      {
        pricesIncludeTax: false,
        shipping: { method: 'EU Road', amountCents: 1490, taxCents: 283 },
      },
    );
    const { bytes, text, info } = await render('invoice', document);

    expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(info).toMatch(/^Title:\s+Invoice 2026-000123$/m);
    expect(info).toMatch(/^Author:\s+Laptopteile Weiß GmbH$/m);
    expect(pagesOf(info)).toBe(1);
    expect(text).toContain('Laptopteile Weiß GmbH');
    expect(text).toContain('Hauptstraße 5');
    expect(text).toContain('Tax number: DE123456789');
    expect(text).toMatch(/^\s*Invoice\s*$/m);
    expect(text).toContain('No. 2026-000123');
    expect(text).toContain('Date: 2026-03-14');
    expect(text).toContain('Order date: 2026-03-13');
    expect(text).toContain('Jürgen Groß');
    expect(text).toContain('40212 Düsseldorf');
    expect(text).toContain('ThinkPad T480 Battery 24Wh');
    expect(text).toContain('iFixit Moray Driver Kit');
    // The long name wraps inside its column: its words in order, on more than one line.
    expect(text).not.toContain(longName);
    expect(text).toMatch(new RegExp(longName.split(' ').join('[\\s\\S]*?')));
    expect(text).toContain('19%');
    expect(text).toContain('$ 1,250.00');
    expect(text).toMatch(row('Subtotal', document.subtotalCents));
    expect(text).toMatch(row('Shipping (EU Road)', 1490));
    expect(text).toMatch(row('VAT', 27243));
    expect(text).toMatch(row('Total', 170630));
    expect(text).toContain('Payment reference: pi_3Px4Yb2eZvKYlo2C1a2b3c4d');
    expect(text).toContain('Amounts in USD. VAT is added to the prices.');
  });

  it('draws a credit note with the tax included in the prices', async () => {
    const document = issued([line('MacBook Pro A1990 Trackpad', 1, 8900, 7.25, true)], {
      kind: 'credit_note',
      number: 'CN-2026-000004',
      invoiceNumber: '2026-000120',
      reason: 'Arrived damaged',
      pricesIncludeTax: true,
      taxName: 'Sales tax',
      seller: {
        legalName: 'Parts & Tools LLC',
        address: '1 Main St\nAustin, TX 78701',
        taxNumber: '',
      },
      buyer: { name: 'Иван Петров', email: 'ivan@example.com' },
      shipTo: [],
    });
    const { bytes, text, info } = await render('credit-note', document);

    expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(info).toMatch(/^Title:\s+Credit note CN-2026-000004$/m);
    expect(text).toContain('Parts & Tools LLC');
    expect(text).not.toContain('Tax number');
    expect(text).toMatch(/^\s*Credit note\s*$/m);
    expect(text).toContain('No. CN-2026-000004');
    expect(text).toContain('Corrects invoice 2026-000120');
    expect(text).toContain('Reason: Arrived damaged');
    expect(text).toContain('Иван Петров');
    expect(text).not.toContain('Ship to');
    expect(text).toContain('MacBook Pro A1990 Trackpad');
    expect(text).toContain('7.25%');
    // No shipping was given back and none was named: no shipping row.
    expect(text).not.toContain('Shipping');
    expect(text).toMatch(row('Sales tax included', document.taxCents));
    expect(text).toMatch(row('Total refunded', 8900));
    expect(text).toContain('Amounts in USD. Prices include Sales tax.');
  });

  it('continues a long table on new pages, its header on each', async () => {
    const lines = Array.from({ length: 60 }, (_, index) =>
      line(`Part ${String(index + 1).padStart(2, '0')} hinge cover`, 1, 1000 + index, 19, false),
    );
    const document = issued(lines, {
      pricesIncludeTax: false,
      buyer: { name: 'Zoë Łódź-Müller', email: 'zoe@example.com' },
      shipping: { method: null, amountCents: 0, taxCents: 0 },
    });
    const { bytes, text, info } = await render('long-invoice', document);

    expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const pages = pagesOf(info);
    expect(pages).toBeGreaterThan(1);
    expect(text).toContain('Zoë Łódź-Müller');
    for (const each of lines) expect(text).toContain(each.tool);
    expect(text).toContain('Part 60 hinge cover');
    // Every page the table reaches starts it with its header.
    const tablePages = text.split('\f').filter((page) => /Part \d\d hinge cover/.test(page));
    expect(tablePages.length).toBeGreaterThan(1);
    for (const page of tablePages) expect(page).toMatch(/Item\s+Qty\s+Unit price\s+Tax rate/);
    expect(text).toMatch(row('VAT', document.taxCents));
    expect(text).toMatch(row('Total', document.totalCents));
    expect(text).not.toContain('Shipping');
  });
});
