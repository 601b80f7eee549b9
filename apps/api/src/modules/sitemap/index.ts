export { sitemapRoutes } from './sitemap.routes';
export { createSitemapService } from './sitemap.service';
