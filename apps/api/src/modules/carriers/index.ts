export { carriersRoutes } from './carriers.routes';
export { createCarriersService } from './carriers.service';
