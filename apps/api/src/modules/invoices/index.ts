/**
 * The invoices module's surface (decision 053): its service and routes for app.ts, and the two
 * steps the flows run inside their transactions (an invoice with a payment, a credit note with
 * a refund).
 */
export { issueCreditNote, issueInvoice } from './invoice-issue';
export { invoicesRoutes } from './invoices.routes';
export { createInvoicesService, type InvoicesService } from './invoices.service';
