export { PUBLIC_PAGE_ROUTES, createPublicPages } from './public-pages';
export type { PublicPageAnswer } from './public-pages';
