/**
 * The cart module's surface (decision 053): its service and routes for app.ts, and the lines a
 * checkout takes.
 */
export { cartRoutes } from './cart.routes';
export { type CartService, type CheckoutLine, createCartService } from './cart.service';
