export { summaryRoutes } from './summary.routes';
export { createSummaryService } from './summary.service';
