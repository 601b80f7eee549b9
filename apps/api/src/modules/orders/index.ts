/**
 * The orders module's surface (decision 053): what app.ts wires and what the flows compose. The
 * steps (`…In`) take the flow's transaction; nothing else of the module is for other code.
 */
export { createOrderEmails, INVOICE_ATTACHMENT } from './order-emails';
export { createOrderExpiry } from './order-expiry';
export { ordersRoutes } from './orders.routes';
export {
  createOrdersService,
  type OrdersService,
  type OrdersServiceOptions,
} from './orders.service';
export type { BillableOrder } from './orders.presenter';
export { createPurchaseKeyCleanup } from './purchase-key-cleanup';
export {
  checkLinesRefundable,
  type LineClaim,
  lineRefundFigures,
  lineRefundOf,
} from './orders.refund-figures';
export {
  claimLinesIn,
  type LinesSettled,
  type OrderRefunded,
  refundOrderIn,
  settleLinesIn,
} from './orders.refunds';
export { linesInWords, markPaidIn, noteInHistory, restockLines } from './orders.steps';
export { linesSoldSince, paidOrdersSince } from './orders.sales';
