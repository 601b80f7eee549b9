import type { BillingDocument } from '@shop/shared';
import { api } from '../../../lib/api-client';
import { saveFile } from '../../../lib/save-file';
import { documentFileName } from '../utils/document-words';

/**
 * `GET /api/purchase/{id}/documents/{number}` (buyer or admin): one invoice or credit note as
 * the PDF it was issued as, which the browser saves under the name the API gives.
 */
export async function downloadDocument(orderId: string, document: BillingDocument) {
  const { blob, fileName } = await api.file('/purchase/{id}/documents/{number}', {
    path: { id: orderId, number: document.number },
  });
  saveFile(blob, fileName ?? documentFileName(document));
}
