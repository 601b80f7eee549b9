export type { OrderCents } from './pricing';
export { shippingAdminRoutes } from './shipping-admin.routes';
export { createShippingAdminService } from './shipping-admin.service';
export { shippingRoutes } from './shipping.routes';
export {
  catalogueLines,
  createRulesCache,
  createShippingService,
  figuresFor,
} from './shipping.service';
export type { RulesReader } from './shipping.service';
