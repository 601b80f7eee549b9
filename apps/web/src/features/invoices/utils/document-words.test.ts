import { describe, expect, it } from 'vitest';
import { documentFileName, documentName, documentTitle, documentTotal } from './document-words';

const invoice = {
  kind: 'invoice',
  number: '2026-000123',
  invoiceNumber: null,
  total: 1234.5,
} as const;
const creditNote = {
  kind: 'credit_note',
  number: 'CN-2026-000004',
  invoiceNumber: '2026-000123',
  total: 19.99,
} as const;

describe("an order's documents in words", () => {
  it('names an invoice by its number, and a credit note by its own and its invoice', () => {
    expect(documentTitle(invoice)).toBe('Invoice 2026-000123');
    expect(documentTitle(creditNote)).toBe('Credit note CN-2026-000004 for invoice 2026-000123');
    // A credit note is never without its invoice; if one came so, it is still named.
    expect(documentTitle({ ...creditNote, invoiceNumber: null })).toBe(
      'Credit note CN-2026-000004',
    );
  });

  it('names a document inside a sentence, as its button and its failure do', () => {
    expect(documentName(invoice)).toBe('invoice 2026-000123');
    expect(documentName(creditNote)).toBe('credit note CN-2026-000004');
  });

  it("shows an invoice's total as charged and a credit note's as given back", () => {
    expect(documentTotal(invoice)).toBe('$ 1,234.50');
    expect(documentTotal(creditNote)).toBe('$ 19.99 refunded');
  });

  it('names the file as the API does when its answer names none', () => {
    expect(documentFileName(invoice)).toBe('invoice-2026-000123.pdf');
    expect(documentFileName(creditNote)).toBe('credit-note-2026-000004.pdf');
  });
});
