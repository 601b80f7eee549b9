/**
 * The payments module's surface (decision 053): its service and routes for app.ts, the
 * providers, and what it asks of orders (`PaymentsOrders`, wired by app.ts).
 */
export { type PaymentRefunds, paymentsRoutes } from './payments.routes';
export { type AnyProvider, createPaymentsService, type PaymentsService } from './payments.service';
export type { PayableOrder, PaymentsOrders } from './payment-steps';
export { createSandboxProvider } from './sandbox-provider';
export { createStripeProvider } from './stripe-provider';
export { refundsPerOrderSince } from './refunds-since';
