import type { BillingDocumentKind, LegalDetails } from '@shop/shared';

/** One line of an invoice or a credit note, in cents, as the order stored it. */
export interface DocumentLine {
  tool: string;
  quantity: number;
  unitPriceCents: number;
  /** Percent (19 for 19 %). */
  taxRate: number;
  taxCents: number;
  /** The line's price: quantity x unit price, with its tax when prices include it. */
  amountCents: number;
}

/**
 * An invoice or a credit note as it was issued, kept whole in `billing_documents.body`
 * (migration 0031) and never changed: the PDF is drawn from it, so a document downloaded a year
 * later says what it said the day it was issued, whatever the shop's settings or prices became.
 */
export interface IssuedDocument {
  kind: BillingDocumentKind;
  number: string;
  /** ISO instant, the database's clock. */
  issuedAt: string;
  /** The invoice a credit note corrects; null for an invoice. */
  invoiceNumber: string | null;
  orderId: string;
  /**
   * The order's number as `formatOrderNumber` writes it ("ORD-000123", issue 49); absent from
   * documents issued before order numbers, which name the order by its id.
   */
  orderNumber?: string;
  /** ISO instant the order was placed. */
  orderedAt: string;
  seller: LegalDetails;
  buyer: { name: string; email: string };
  /** Where the order went, a line each (the recipient first). */
  shipTo: string[];
  lines: DocumentLine[];
  /** The shipping charged (or, on a credit note, given back), and its tax. */
  shipping: { method: string | null; amountCents: number; taxCents: number };
  /** "VAT", "Sales tax": the tax's name where the order went. */
  taxName: string;
  /** Whether the lines' and shipping's amounts include their tax. */
  pricesIncludeTax: boolean;
  /** The lines' amounts added up. */
  subtotalCents: number;
  /** All the tax: the lines' and the shipping's. */
  taxCents: number;
  /**
   * A return's restocking fee, kept from what a credit note gives back (issue 36); 0 otherwise,
   * and absent from documents issued before returns.
   */
  feeCents?: number;
  /** What was paid (an invoice) or given back (a credit note), less any fee. */
  totalCents: number;
  /** The payment provider's reference of the payment (its intent's id). */
  paymentReference: string;
  /** Why a credit note was issued (the refund's reason); null for an invoice. */
  reason: string | null;
  currency: string;
}
