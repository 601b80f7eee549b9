import type { Kysely } from 'kysely';
import type { Logger } from 'pino';
import type { ClientAddress } from './auth/auth.routes';
import type { Auth, AuthEnv } from './auth/better-auth';
import type { DatabaseHandle } from './db/database';
import type { Database } from './db/schema';
import type { Env } from './env';
import type { CacheSync } from './lib/cache-sync';
import type { Metrics } from './lib/metrics';
import type { ResponseReplay } from './lib/response-replay';
import type { Mail } from './mail/mail-queue';
import type { ImageStorage } from './modules/catalogue';
import { type AnyProvider, createSandboxProvider, createStripeProvider } from './modules/payments';

/** What the app is made from (app.ts): its environment and the pieces the server or a test gives. */
export type AppEnv = AuthEnv &
  Pick<
    Env,
    | 'NODE_ENV'
    | 'CORS_ORIGINS'
    | 'BODY_LIMIT_BYTES'
    | 'CATALOGUE_IMPORT_LIMIT_BYTES'
    | 'ADMIN_EMAIL'
    | 'ACCESS_TOKEN_TTL_MINUTES'
    | 'TRUST_PROXY'
    | 'METRICS_TOKEN'
    | 'STRIPE_SECRET_KEY'
    | 'STRIPE_PUBLISHABLE_KEY'
    | 'STRIPE_WEBHOOK_SECRET'
    | 'UNPAID_ORDER_TTL_MINUTES'
    | 'MAX_UNPAID_ORDERS'
    | 'ORDER_EXPIRY_INTERVAL_SECONDS'
    | 'CATALOGUE_CACHE_MS'
  > &
  Partial<Pick<Env, 'TOKEN_CACHE_MS'>>;

export interface AppDeps {
  db: Kysely<Database>;
  /** A bounded query's rows as CSV, formatted by the database (db/copy-csv.ts). */
  copyCsv: DatabaseHandle['copyCsv'];
  env: AppEnv;
  logger: Logger;
  auth: Auth;
  /** Tests name the caller's address themselves; the server reads the socket. */
  clientAddress?: ClientAddress;
  /** Tests point Stripe at a local stand-in; otherwise chosen from the environment. */
  paymentProvider?: AnyProvider;
  /** The server's replay of catalogue answers (`createCatalogueReplay`); tests may leave it. */
  replay?: ResponseReplay;
  /**
   * Other processes' changes, announced (PostgreSQL: db/cache-listener.ts). Without it (PGlite,
   * tests) the caches know only this process's changes, which is all there is.
   */
  cacheSync?: CacheSync;
  /** The embedded database's folder, when it has one: `/api/ready` checks it can be written. */
  dataDir?: string;
  /** Kept only when served (`metricsFor`): then every request and order is counted. */
  metrics?: Metrics;
  /** The shop's emails (mail/): the queue, its worker, the failed sends. */
  mail: Mail;
  /** Where emails are written instead of sent (no SMTP_URL): the dev outbox lists it. */
  outboxDir?: string;
  /** The product images' files (`DATA_DIR/images` by the server; a fresh folder per test). */
  imageStorage: ImageStorage;
}

/** Stripe when its three keys are set, the built-in test mode otherwise (decision 008). */
export function choosePaymentProvider(db: Kysely<Database>, env: AppEnv): AnyProvider {
  if (env.STRIPE_SECRET_KEY && env.STRIPE_WEBHOOK_SECRET && env.STRIPE_PUBLISHABLE_KEY) {
    return createStripeProvider({
      secretKey: env.STRIPE_SECRET_KEY,
      webhookSecret: env.STRIPE_WEBHOOK_SECRET,
    });
  }
  return createSandboxProvider(db);
}
