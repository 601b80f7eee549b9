import { Hono } from 'hono';
import type { Kysely } from 'kysely';
import type { Logger } from 'pino';
import type { Database } from './db/schema';
import type { Env } from './env';
import { apiNotFound, createErrorHandler } from './lib/errors';
import { requestLogger } from './lib/logger';
import { corsForConfiguredOrigins, jsonBodyLimit, securityHeaders } from './lib/security';
import { healthRoutes } from './modules/health/health.routes';
import { reviewsRoutes } from './modules/reviews/reviews.routes';
import { createReviewsService } from './modules/reviews/reviews.service';
import { summaryRoutes } from './modules/summary/summary.routes';
import { createSummaryService } from './modules/summary/summary.service';
import { toolsRoutes } from './modules/tools/tools.routes';
import { createToolsService } from './modules/tools/tools.service';

export type AppEnv = Pick<Env, 'NODE_ENV' | 'CORS_ORIGINS' | 'BODY_LIMIT_BYTES'>;

export interface AppDeps {
  db: Kysely<Database>;
  env: AppEnv;
  logger: Logger;
}

/** The API, under `/api`. The server adds the web app's files around it. */
export function createApi({ db, env, logger }: AppDeps) {
  const api = new Hono();
  const cors = corsForConfiguredOrigins(env);
  if (cors) api.use('*', cors);
  api.use('*', jsonBodyLimit(env));

  api.route('/', healthRoutes(db));
  api.route('/tools', toolsRoutes(createToolsService(db)));
  api.route('/summary', summaryRoutes(createSummaryService(db)));
  api.route('/reviews', reviewsRoutes(createReviewsService(db)));

  api.all('*', apiNotFound);
  api.onError(createErrorHandler(logger));
  return api;
}

/** The whole HTTP app: headers and logs on every response, the API under `/api`. */
export function createApp(deps: AppDeps) {
  const app = new Hono();
  app.use('*', requestLogger(deps.logger));
  app.use('*', securityHeaders(deps.env));
  app.route('/api', createApi(deps));
  app.onError(createErrorHandler(deps.logger));
  return app;
}
