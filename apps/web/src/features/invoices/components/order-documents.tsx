import type { BillingDocument, Order } from '@shop/shared';
import { useState } from 'react';
import { type DataColumn, DataTable } from '../../../components/ui/data-table';
import { QueryState } from '../../../components/ui/query-state';
import { errorMessage } from '../../../lib/form-errors';
import { formatMediumDate } from '../../../lib/format';
import { downloadDocument } from '../api/download-document';
import { useDocuments } from '../api/get-documents';
import { documentName, documentTitle, documentTotal } from '../utils/document-words';

/** An order never paid has no invoice: it is issued by the payment. */
const unbilled = new Set<Order['status']>(['unpaid', 'cancelled']);

interface DownloadFailure {
  document: BillingDocument;
  message: string;
}

/** Saves one document's PDF: its button is busy meanwhile, and a failure is said under the list. */
function useDocumentDownloads(orderId: string) {
  const [running, setRunning] = useState<ReadonlySet<string>>(new Set());
  const [failure, setFailure] = useState<DownloadFailure | null>(null);
  const download = async (document: BillingDocument) => {
    setFailure(null);
    setRunning((now) => new Set(now).add(document.number));
    try {
      await downloadDocument(orderId, document);
    } catch (error) {
      setFailure({ document, message: errorMessage(error) });
    } finally {
      setRunning((now) => {
        const left = new Set(now);
        left.delete(document.number);
        return left;
      });
    }
  };
  return { running, failure, download };
}

/**
 * An order's invoice and credit notes, oldest first, each with its date, its total (what a
 * credit note gave back) and its PDF to download: for its buyer and for admins, once it is paid.
 */
export function OrderDocuments({ order }: { order: Pick<Order, '_id' | 'status'> }) {
  const billed = !unbilled.has(order.status);
  const documents = useDocuments(order._id, billed);
  const { running, failure, download } = useDocumentDownloads(order._id);
  if (!billed) return null;

  const columns: DataColumn<BillingDocument>[] = [
    {
      header: 'Document',
      rowHeader: true,
      className: 'font-normal break-words',
      cell: documentTitle,
    },
    {
      header: 'Issued',
      className: 'whitespace-nowrap',
      cell: (document) => (
        <time dateTime={document.issuedAt}>{formatMediumDate(new Date(document.issuedAt))}</time>
      ),
    },
    {
      header: 'Total',
      align: 'end',
      className: 'whitespace-nowrap',
      cell: documentTotal,
    },
    {
      header: 'File',
      align: 'end',
      cell: (document) => {
        const busy = running.has(document.number);
        return (
          <button
            type="button"
            className="btn btn-outline btn-primary btn-sm whitespace-nowrap"
            disabled={busy}
            aria-busy={busy || undefined}
            onClick={() => void download(document)}
          >
            {busy && <span className="loading loading-spinner loading-xs" aria-hidden="true" />}
            Download PDF<span className="sr-only"> of {documentName(document)}</span>
          </button>
        );
      },
    },
  ];

  return (
    <section aria-labelledby="order-documents-title" className="flex min-w-0 flex-col gap-2">
      <h2 id="order-documents-title" className="text-lg font-semibold">
        Invoice and credit notes
      </h2>
      <QueryState
        query={documents}
        pendingLabel="Loading the invoice and credit notes"
        errorTitle="The invoice and credit notes could not be loaded"
        errorHeadingLevel={3}
        isEmpty={(loaded) => loaded.length === 0}
        empty={
          <p className="text-base-content/70">
            No invoice yet: it is issued when the order is paid.
          </p>
        }
      >
        {(loaded) => (
          <DataTable
            rows={loaded}
            rowKey={(document) => document.number}
            columns={columns}
            tableClassName="table table-sm sm:table-md"
            busy={documents.isFetching}
          />
        )}
      </QueryState>
      {failure && (
        <p role="alert" className="text-sm text-red-700">
          The PDF of {documentName(failure.document)} could not be downloaded. {failure.message}
        </p>
      )}
    </section>
  );
}
