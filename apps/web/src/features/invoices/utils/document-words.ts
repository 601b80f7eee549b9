import { type BillingDocument, formatMoney } from '@shop/shared';

type Numbered = Pick<BillingDocument, 'kind' | 'number'>;

/** The document in a sentence: "invoice 2026-000123", "credit note CN-2026-000004". */
export const documentName = ({ kind, number }: Numbered) =>
  `${kind === 'invoice' ? 'invoice' : 'credit note'} ${number}`;

/**
 * What a row of the list calls the document: "Invoice 2026-000123", or "Credit note
 * CN-2026-000004 for invoice 2026-000123" (the invoice it corrects).
 */
export function documentTitle(document: Numbered & Pick<BillingDocument, 'invoiceNumber'>) {
  const named = documentName(document);
  const title = `${named.charAt(0).toUpperCase()}${named.slice(1)}`;
  return document.kind === 'credit_note' && document.invoiceNumber
    ? `${title} for invoice ${document.invoiceNumber}`
    : title;
}

/** What the document charged, or, for a credit note, what it gave back: "$ 12.50 refunded". */
export const documentTotal = ({ kind, total }: Pick<BillingDocument, 'kind' | 'total'>) =>
  kind === 'invoice' ? formatMoney(total) : `${formatMoney(total)} refunded`;

/**
 * The file's name when the API names none, as the API would: "invoice-2026-000123.pdf",
 * "credit-note-2026-000004.pdf".
 */
export const documentFileName = ({ kind, number }: Numbered) =>
  kind === 'invoice' ? `invoice-${number}.pdf` : `credit-note-${number.replace(/^CN-/, '')}.pdf`;
