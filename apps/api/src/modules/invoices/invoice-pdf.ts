/**
 * Draws an issued invoice or credit note as an A4 PDF: the seller, the document's number and
 * dates, the buyer, a table of the lines (continued on new pages with its header repeated), the
 * totals and the payment's reference. It is drawn from the document as it was issued, never from
 * the shop's current settings.
 *
 * The text is set in DejaVu Sans, embedded in the file (pdfkit keeps only the glyphs used): the
 * fonts every PDF reader has cover only Western European letters, and names such as "Łódź",
 * "Ελένη" or "Иван" must print, and be selectable and searchable, as the buyer typed them.
 */
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { centsToDollars, formatMoney, formatPercent } from '@shop/shared';
import PDFDocument from 'pdfkit';
import type { DocumentLine, IssuedDocument } from './invoice-document';

type Pdf = PDFKit.PDFDocument;

const MARGIN = 50;
const GRAY = '#555555';
const RULE = '#bbbbbb';
const TABLE_SIZE = 9;
const CELL_PADDING = 4;
const COLUMN_GAP = 8;

interface Column {
  title: string;
  width: number;
  align: 'left' | 'right';
  value: (line: DocumentLine) => string;
}

/** The table's columns; the item's takes whatever width the others leave. */
const COLUMNS: Column[] = [
  { title: 'Item', width: 0, align: 'left', value: (line) => line.tool },
  { title: 'Qty', width: 30, align: 'right', value: (line) => String(line.quantity) },
  { title: 'Unit price', width: 72, align: 'right', value: (line) => money(line.unitPriceCents) },
  { title: 'Tax rate', width: 46, align: 'right', value: (line) => formatPercent(line.taxRate) },
  { title: 'Tax', width: 66, align: 'right', value: (line) => money(line.taxCents) },
  { title: 'Amount', width: 76, align: 'right', value: (line) => money(line.amountCents) },
];

interface Fonts {
  regular: Buffer;
  bold: Buffer;
}
let fontFiles: Promise<Fonts> | undefined;

/** The two font files, read on the first render and kept; a failed read is tried again. */
function loadFonts(): Promise<Fonts> {
  const resolve = createRequire(import.meta.url).resolve;
  fontFiles ??= Promise.all([
    readFile(resolve('dejavu-fonts-ttf/ttf/DejaVuSans.ttf')),
    readFile(resolve('dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf')),
  ]).then(
    ([regular, bold]) => ({ regular, bold }),
    (error: unknown) => {
      fontFiles = undefined;
      throw error;
    },
  );
  return fontFiles;
}

const money = (cents: number) => formatMoney(centsToDollars(cents));
/** The day of an instant, in UTC: "2026-03-14". */
const day = (instant: string) => new Date(instant).toISOString().slice(0, 10);
const titleOf = (document: IssuedDocument) =>
  document.kind === 'credit_note' ? 'Credit note' : 'Invoice';

const contentWidth = (pdf: Pdf) => pdf.page.width - 2 * MARGIN;
const pageBottom = (pdf: Pdf) => pdf.page.height - pdf.page.margins.bottom;

/** Starts a new page when `height` more points would not fit on this one. */
function makeRoom(pdf: Pdf, height: number) {
  if (pdf.y + height > pageBottom(pdf)) pdf.addPage();
}

/** Lines of text at the left margin, each wrapped to the page's width. */
function paragraph(pdf: Pdf, lines: string[], size = 10, font = 'Regular', color = 'black') {
  pdf.font(font).fontSize(size).fillColor(color);
  for (const line of lines) pdf.text(line, MARGIN, pdf.y, { width: contentWidth(pdf) });
}

function drawHeading(pdf: Pdf, document: IssuedDocument) {
  const { seller } = document;
  paragraph(pdf, [seller.legalName], 16, 'Bold');
  const details = seller.address.split(/\r?\n/).filter((line) => line.trim() !== '');
  if (seller.taxNumber !== '') details.push(`Tax number: ${seller.taxNumber}`);
  paragraph(pdf, details, 9.5, 'Regular', GRAY);
  pdf.moveDown(1.5);

  paragraph(pdf, [titleOf(document)], 20, 'Bold');
  const facts = [
    `No. ${document.number}`,
    `Date: ${day(document.issuedAt)}`,
    `Order: ${document.orderNumber ?? document.orderId}`,
    `Order date: ${day(document.orderedAt)}`,
  ];
  if (document.kind === 'credit_note') {
    if (document.invoiceNumber) facts.push(`Corrects invoice ${document.invoiceNumber}`);
    if (document.reason) facts.push(`Reason: ${document.reason}`);
  }
  paragraph(pdf, facts);
  pdf.moveDown(1.5);
}

/** "Bill to" on the left and, when the order was shipped somewhere, "Ship to" on the right. */
function drawParties(pdf: Pdf, document: IssuedDocument) {
  const half = (contentWidth(pdf) - COLUMN_GAP) / 2;
  const blocks: { title: string; lines: string[] }[] = [
    { title: 'Bill to', lines: [document.buyer.name, document.buyer.email] },
  ];
  if (document.shipTo.length > 0) blocks.push({ title: 'Ship to', lines: document.shipTo });
  const top = pdf.y;
  let bottom = top;
  blocks.forEach((block, index) => {
    const x = MARGIN + index * (half + COLUMN_GAP);
    pdf.font('Bold').fontSize(10).fillColor('black').text(block.title, x, top, { width: half });
    pdf.font('Regular');
    for (const line of block.lines) pdf.text(line, x, pdf.y, { width: half });
    bottom = Math.max(bottom, pdf.y);
  });
  pdf.x = MARGIN;
  pdf.y = bottom;
  pdf.moveDown(1.5);
}

/** The columns' left edges and widths on this page. */
function layoutColumns(pdf: Pdf) {
  const fixed = COLUMNS.reduce((sum, column) => sum + column.width, 0);
  const gaps = COLUMN_GAP * (COLUMNS.length - 1);
  let x = MARGIN;
  return COLUMNS.map((column) => {
    const width = column.width || contentWidth(pdf) - fixed - gaps;
    const cell = { ...column, x, width };
    x += width + COLUMN_GAP;
    return cell;
  });
}

/** The height of a row of cells: its tallest cell, wrapped to its column, and the padding. */
function rowHeight(pdf: Pdf, cells: string[], font: 'Regular' | 'Bold') {
  pdf.font(font).fontSize(TABLE_SIZE);
  const heights = layoutColumns(pdf).map((column, i) =>
    pdf.heightOfString(cells[i] ?? '', { width: column.width }),
  );
  return Math.max(...heights) + 2 * CELL_PADDING;
}

/** A row of cells at the current position, with a rule under it; moves below the row. */
function drawRow(pdf: Pdf, cells: string[], font: 'Regular' | 'Bold', height: number) {
  const top = pdf.y;
  pdf.font(font).fontSize(TABLE_SIZE).fillColor('black');
  layoutColumns(pdf).forEach((column, i) => {
    const options = { width: column.width, align: column.align };
    pdf.text(cells[i] ?? '', column.x, top + CELL_PADDING, options);
  });
  pdf.y = top + height;
  // The line's width and color are set before its path: PDF allows no changes within a path.
  pdf.lineWidth(font === 'Bold' ? 0.8 : 0.4).strokeColor(font === 'Bold' ? 'black' : RULE);
  pdf
    .moveTo(MARGIN, pdf.y)
    .lineTo(MARGIN + contentWidth(pdf), pdf.y)
    .stroke();
  pdf.x = MARGIN;
}

/** The lines' table; a row that does not fit goes to a new page, under the header again. */
function drawTable(pdf: Pdf, lines: DocumentLine[]) {
  const header = COLUMNS.map((column) => column.title);
  const headerHeight = rowHeight(pdf, header, 'Bold');
  const rows = lines.map((line) => COLUMNS.map((column) => column.value(line)));
  const heights = rows.map((cells) => rowHeight(pdf, cells, 'Regular'));
  // The header is never left alone at the bottom of a page.
  makeRoom(pdf, headerHeight + (heights[0] ?? 0));
  drawRow(pdf, header, 'Bold', headerHeight);
  rows.forEach((cells, index) => {
    const height = heights[index] ?? 0;
    if (pdf.y + height > pageBottom(pdf)) {
      pdf.addPage();
      drawRow(pdf, header, 'Bold', headerHeight);
    }
    drawRow(pdf, cells, 'Regular', height);
  });
  pdf.moveDown(1);
}

interface SummaryRow {
  label: string;
  value: string;
  bold?: boolean;
}

function summaryRows(document: IssuedDocument): SummaryRow[] {
  const { shipping, taxName } = document;
  const rows: SummaryRow[] = [{ label: 'Subtotal', value: money(document.subtotalCents) }];
  if (shipping.method !== null || shipping.amountCents !== 0 || shipping.taxCents !== 0) {
    const label = shipping.method === null ? 'Shipping' : `Shipping (${shipping.method})`;
    rows.push({ label, value: money(shipping.amountCents) });
  }
  const taxLabel = document.pricesIncludeTax ? `${taxName} included` : taxName;
  rows.push({ label: taxLabel, value: money(document.taxCents) });
  const fee = document.feeCents ?? 0;
  if (fee > 0) rows.push({ label: 'Restocking fee kept', value: `− ${money(fee)}` });
  const totalLabel = document.kind === 'credit_note' ? 'Total refunded' : 'Total';
  rows.push({ label: totalLabel, value: money(document.totalCents), bold: true });
  return rows;
}

/** The totals, right-aligned under the Amount column (wider when an amount needs it). */
function drawSummary(pdf: Pdf, document: IssuedDocument) {
  const rows = summaryRows(document);
  const right = MARGIN + contentWidth(pdf);
  pdf.font('Bold').fontSize(10);
  const widest = Math.max(...rows.map((row) => pdf.widthOfString(row.value)));
  const valueWidth = Math.max(COLUMNS.at(-1)?.width ?? 0, Math.ceil(widest) + 1);
  const labelWidth = 260;
  const labelX = right - valueWidth - COLUMN_GAP - labelWidth;
  makeRoom(pdf, rows.length * (pdf.currentLineHeight(true) + 3) + 10);
  for (const row of rows) {
    const top = pdf.y;
    pdf.font(row.bold ? 'Bold' : 'Regular').fillColor('black');
    pdf.text(row.label, labelX, top, { width: labelWidth, align: 'right' });
    const bottom = pdf.y;
    pdf.text(row.value, right - valueWidth, top, { width: valueWidth, align: 'right' });
    pdf.y = Math.max(bottom, pdf.y) + 3;
  }
  pdf.x = MARGIN;
  pdf.moveDown(1.5);
}

function drawClosing(pdf: Pdf, document: IssuedDocument) {
  const { taxName } = document;
  makeRoom(pdf, 60);
  paragraph(pdf, [`Payment reference: ${document.paymentReference}`]);
  pdf.moveDown(2);
  const note = document.pricesIncludeTax
    ? `Amounts in ${document.currency}. Prices include ${taxName}.`
    : `Amounts in ${document.currency}. ${taxName} is added to the prices.`;
  paragraph(pdf, [note], 8, 'Regular', GRAY);
}

/** The document as a PDF file. */
export async function renderDocumentPdf(document: IssuedDocument): Promise<Buffer> {
  const fonts = await loadFonts();
  const pdf: Pdf = new PDFDocument({
    size: 'A4',
    margin: MARGIN,
    displayTitle: true,
    info: {
      Title: `${titleOf(document)} ${document.number}`,
      Author: document.seller.legalName,
      // The issue date, not the clock: the same document makes the same file.
      CreationDate: new Date(document.issuedAt),
    },
  });
  const chunks: Uint8Array[] = [];
  const finished = new Promise<Buffer>((resolve, reject) => {
    pdf.on('data', (chunk: Uint8Array) => chunks.push(chunk));
    pdf.on('end', () => resolve(Buffer.concat(chunks)));
    pdf.on('error', reject);
  });
  pdf.registerFont('Regular', fonts.regular);
  pdf.registerFont('Bold', fonts.bold);

  drawHeading(pdf, document);
  drawParties(pdf, document);
  drawTable(pdf, document.lines);
  drawSummary(pdf, document);
  drawClosing(pdf, document);
  pdf.end();
  return finished;
}
