export { reportsRoutes } from './reports.routes';
export { createReportsService } from './reports.service';
