export { emailsRoutes } from './emails.routes';
