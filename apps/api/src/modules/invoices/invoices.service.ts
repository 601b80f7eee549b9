import { type BillingDocument, centsToDollars, type LegalDetails } from '@shop/shared';
import type { Kysely } from 'kysely';
import type { CurrentUser } from '../../auth/identity';
import type { Database } from '../../db/schema';
import { notFound } from '../../lib/errors';
import type { IssuedDocument } from './invoice-document';
import { renderDocumentPdf } from './invoice-pdf';
import { legalDetails, setLegalDetails } from '../settings';

/** A document as a file: what an email attaches and a download answers. */
export interface DocumentFile {
  fileName: string;
  content: Buffer;
}

const fileNameOf = (document: Pick<IssuedDocument, 'kind' | 'number'>) =>
  `${document.kind === 'invoice' ? 'invoice' : 'credit-note'}-${document.number.replace(/^CN-/, '')}.pdf`;

/** Who may read an order's documents: its buyer and the admins (the orders module, app.ts). */
export interface OrderReader {
  /** The order `caller` may see; a 404 for anyone else. */
  visibleTo(caller: CurrentUser, orderId: string): Promise<{ id: string }>;
}

/**
 * Invoices and credit notes (issue 36): issued by the payment and the refunds
 * (invoice-issue.ts, run by the order-paid and refund flows), read here. An order's documents are its buyer's and the admins'; anyone
 * else is told the order does not exist, as for the order itself. The PDF is drawn from the
 * document as issued, each time it is asked for: nothing a later change makes reaches it.
 */
export function createInvoicesService(db: Kysely<Database>, orders: OrderReader) {
  async function file(body: unknown): Promise<DocumentFile> {
    const document = body as IssuedDocument;
    return { fileName: fileNameOf(document), content: await renderDocumentPdf(document) };
  }

  return {
    /** The order's invoice and credit notes, in the order they were issued. */
    async list(caller: CurrentUser, orderId: string): Promise<BillingDocument[]> {
      const order = await orders.visibleTo(caller, orderId);
      const rows = await db
        .selectFrom('billing_documents as document')
        .leftJoin('billing_documents as invoice', 'invoice.id', 'document.invoice_id')
        .select([
          'document.kind',
          'document.number',
          'document.issued_at',
          'document.total_cents',
          'invoice.number as invoice_number',
        ])
        .where('document.order_id', '=', order.id)
        .orderBy('document.issued_at')
        .orderBy('document.kind', 'desc')
        .orderBy('document.sequence')
        .execute();
      return rows.map((row) => ({
        kind: row.kind,
        number: row.number,
        issuedAt: row.issued_at.toISOString(),
        total: centsToDollars(row.total_cents),
        invoiceNumber: row.invoice_number,
      }));
    },

    /** One of the order's documents as a PDF; 404 when the order has no such document. */
    async pdf(caller: CurrentUser, orderId: string, number: string): Promise<DocumentFile> {
      const order = await orders.visibleTo(caller, orderId);
      const row = await db
        .selectFrom('billing_documents')
        .select('body')
        .where('order_id', '=', order.id)
        .where('number', '=', number)
        .executeTakeFirst();
      if (!row) throw notFound('Document');
      return file(row.body);
    },

    /** A document by its id, for the email that attaches it (the receipt attaches the invoice). */
    async attachment(id: string): Promise<DocumentFile> {
      const row = await db
        .selectFrom('billing_documents')
        .select('body')
        .where('id', '=', id)
        .executeTakeFirst();
      if (!row) throw new Error(`no invoice or credit note ${id} to attach`);
      return file(row.body);
    },

    legalDetails: (): Promise<LegalDetails> => legalDetails(db),

    /** The details printed on the documents issued from now on; those issued keep theirs. */
    setLegalDetails: (input: LegalDetails): Promise<LegalDetails> => setLegalDetails(db, input),
  };
}

export type InvoicesService = ReturnType<typeof createInvoicesService>;
