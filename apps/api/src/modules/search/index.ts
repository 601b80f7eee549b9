export { searchRoutes } from './search.routes';
export { createSearchService } from './search.service';
