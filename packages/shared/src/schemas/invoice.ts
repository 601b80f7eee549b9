import { z } from 'zod';
import { idParams } from './id';
import { noControlCharacters } from './text';

/** An invoice (issued when an order is paid) or a credit note (issued by each refund). */
export const BILLING_DOCUMENT_KINDS = ['invoice', 'credit_note'] as const;
export type BillingDocumentKind = (typeof BILLING_DOCUMENT_KINDS)[number];

/**
 * An invoice's number: the year it was issued in and its place in that year's sequence
 * ("2026-000123"); a credit note's has its own sequence ("CN-2026-000004"). Neither skips nor
 * repeats a number (docs/product.md, Invoices).
 */
export const INVOICE_NUMBER_PATTERN = /^(CN-)?\d{4}-\d{6,}$/;

/** One of an order's invoices or credit notes, as its list shows it; the PDF is the document. */
export const BillingDocumentSchema = z
  .object({
    kind: z.enum(BILLING_DOCUMENT_KINDS),
    number: z.string(),
    issuedAt: z.string(),
    /** What it charges (an invoice) or gives back (a credit note), tax included. */
    total: z.number(),
    /** The invoice a credit note corrects; null for an invoice. */
    invoiceNumber: z.string().nullable(),
  })
  .meta({ id: 'BillingDocument' });
export type BillingDocument = z.infer<typeof BillingDocumentSchema>;

/** `GET /api/purchase/{id}/documents/{number}`: one document of the order, as a PDF. */
export const DocumentParamsSchema = idParams('Order').extend({
  number: z.string().regex(INVOICE_NUMBER_PATTERN, { error: 'Document not found' }),
});

export const LEGAL_NAME_MAX = 200;
export const LEGAL_ADDRESS_MAX = 500;
export const TAX_NUMBER_MAX = 40;

/**
 * The shop's legal details, printed on every invoice and credit note as they were when it was
 * issued: a later change never changes a document issued before.
 */
export const LegalDetailsSchema = z
  .object({
    legalName: z
      .string({ error: 'Legal name is required' })
      .check(noControlCharacters('Legal name'))
      .trim()
      .min(1, 'Legal name is required')
      .max(LEGAL_NAME_MAX, `Legal name must have at most ${LEGAL_NAME_MAX} characters`),
    address: z
      .string({ error: 'Address is required' })
      .check(noControlCharacters('Address', 'multi-line'))
      .trim()
      .min(1, 'Address is required')
      .max(LEGAL_ADDRESS_MAX, `Address must have at most ${LEGAL_ADDRESS_MAX} characters`),
    /** A VAT or sales-tax registration number; empty where the shop has none. */
    taxNumber: z
      .string({ error: 'Tax number must be text' })
      .check(noControlCharacters('Tax number'))
      .trim()
      .max(TAX_NUMBER_MAX, `Tax number must have at most ${TAX_NUMBER_MAX} characters`),
  })
  .strict()
  .meta({ id: 'LegalDetails' });
export type LegalDetails = z.infer<typeof LegalDetailsSchema>;
