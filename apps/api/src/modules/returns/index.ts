/**
 * The returns module's surface (decision 053): its service and routes for app.ts; receiving and
 * refunding a return are the return flow's (flows/return.ts), made of the service's steps.
 */
export { type ReturnFlowSteps, returnsRoutes } from './returns.routes';
export { createReturnsService, type ReturnsService } from './returns.service';
export type { ReturnsOrders } from './returns.steps';
