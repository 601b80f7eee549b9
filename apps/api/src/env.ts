import path from 'node:path';
import { z } from 'zod';

const booleanFlag = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'], {
    error: 'must be true or false',
  })
  .transform((value) => value === 'true' || value === '1' || value === 'yes');

const EnvSchema = z.object({
  /**
   * Production unless chosen otherwise: what `npm start` runs is what a merchant puts on the
   * internet. `npm run dev` sets development (docs/operations.md lists what each mode changes).
   */
  NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
  HOST: z.string().min(1).default('0.0.0.0'),
  PORT: z.coerce
    .number({ error: 'must be a port number' })
    .int('must be a whole number')
    .min(0, 'must be between 0 and 65535')
    .max(65535, 'must be between 0 and 65535')
    .default(3000),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .url({ protocol: /^postgres(ql)?$/, error: 'must be a postgres:// or postgresql:// URL' })
    .optional(),
  /**
   * With DATABASE_URL pointing at a pooler in transaction mode (pgbouncer, a managed service's
   * pooled address): a session connection to the same database, for what needs one: the
   * migrations at start, LISTEN for the caches' announcements, and the operator's commands
   * (make-admin). Without it, those go through DATABASE_URL too (docs/operations.md).
   */
  DATABASE_DIRECT_URL: z
    .url({ protocol: /^postgres(ql)?$/, error: 'must be a postgres:// or postgresql:// URL' })
    .optional(),
  /**
   * PostgreSQL only: how long a statement may run, and a new connection may take, before the
   * request is answered 503 DATABASE_UNAVAILABLE; the client gives up on a silent (frozen)
   * server 500 ms later. A wait for a free connection may last 10 times this, but ends at once
   * when the database is found gone. So a stopped or frozen database answers within about
   * 2 s, not never. Raise it for an upgrade whose migration rebuilds a large table.
   */
  DATABASE_TIMEOUT_MS: z.coerce
    .number({ error: 'must be a number of milliseconds' })
    .int('must be a whole number')
    .min(100, 'must be at least 100')
    .max(600_000, 'must be at most 600000')
    .default(1000),
  SEED_DEMO: booleanFlag.default(true),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Comma-separated origins allowed to call the API from another site; empty: same origin only. */
  CORS_ORIGINS: z
    .string()
    .default('')
    .transform((value) =>
      value
        .split(',')
        .map((origin) => origin.trim())
        .filter(Boolean),
    )
    .pipe(z.array(z.url({ error: 'must list full origins such as https://shop.example' }))),
  BODY_LIMIT_BYTES: z.coerce
    .number({ error: 'must be a number of bytes' })
    .int('must be a whole number')
    .min(1024, 'must be at least 1024')
    .max(50 * 1024 * 1024, 'must be at most 52428800')
    .default(100 * 1024),
  /**
   * The largest CSV file `POST /api/catalogue/import` takes (admins): 50,000 parts with short
   * descriptions are about 15 MB. Every other route keeps BODY_LIMIT_BYTES.
   */
  CATALOGUE_IMPORT_LIMIT_BYTES: z.coerce
    .number({ error: 'must be a number of bytes' })
    .int('must be a whole number')
    .min(1024, 'must be at least 1024')
    .max(200 * 1024 * 1024, 'must be at most 209715200')
    .default(20 * 1024 * 1024),
  /**
   * How long a bearer token's caller may be remembered in memory (decision 010); 0 turns it
   * off. Changes apply at once: through this process, or announced by PostgreSQL (LISTEN/NOTIFY)
   * when several share it; this time bounds what a process whose listener is cut could miss.
   */
  TOKEN_CACHE_MS: z.coerce
    .number({ error: 'must be a number of milliseconds' })
    .int()
    .min(0, 'must be 0 or more')
    .max(60_000, 'must be at most 60000')
    .default(2000),
  /** How long a catalogue page may be served from memory (decision 010); 0 turns it off. */
  CATALOGUE_CACHE_MS: z.coerce
    .number({ error: 'must be a number of milliseconds' })
    .int()
    .min(0, 'must be 0 or more')
    .max(60_000, 'must be at most 60000')
    .default(1000),
  /** Folder of the built web app; served with history fallback when it exists. */
  WEB_DIST_DIR: z.string().min(1).optional(),

  /** The address users open; OAuth callbacks and the sign-in origin check use it. */
  PUBLIC_URL: z.url({ error: 'must be a full URL such as https://shop.example' }).optional(),
  /**
   * Signs sessions; at least 32 characters. Not set: one is generated once into DATA_DIR (and
   * kept in its backups). Several servers on one database need the same one set here.
   */
  AUTH_SECRET: z.string().min(32, 'must have at least 32 characters').optional(),
  /**
   * This account becomes admin when it signs in with the email verified by its provider
   * (Google, GitHub, OpenID Connect). A password sign-up of it stays a customer: the first
   * admin is then made on the server with `npm run make-admin -- EMAIL`.
   */
  ADMIN_EMAIL: z.email({ error: 'must be an email address' }).optional(),
  ACCESS_TOKEN_TTL_MINUTES: z.coerce
    .number({ error: 'must be a number of minutes' })
    .int('must be a whole number')
    .min(1, 'must be at least 1')
    .max(60 * 24 * 30, 'must be at most 43200 (30 days)')
    .default(12 * 60),
  /** Sign-in (password or provider) and sign-up attempts allowed per minute from one address. */
  AUTH_RATE_LIMIT_PER_MINUTE: z.coerce
    .number({ error: 'must be a number' })
    .int('must be a whole number')
    .min(1, 'must be at least 1')
    .max(100_000, 'must be at most 100000')
    .default(10),
  /** How long an unpaid order holds its stock; then it is cancelled and the stock returns. */
  UNPAID_ORDER_TTL_MINUTES: z.coerce
    .number({ error: 'must be a number of minutes' })
    .int('must be a whole number')
    .min(1, 'must be at least 1')
    .max(60 * 24 * 30, 'must be at most 43200 (30 days)')
    .default(60),
  /** How many unpaid orders one customer may hold at once. */
  MAX_UNPAID_ORDERS: z.coerce
    .number({ error: 'must be a number' })
    .int('must be a whole number')
    .min(1, 'must be at least 1')
    .max(1_000_000, 'must be at most 1000000')
    .default(5),
  /** How often each process looks for unpaid orders past their time. */
  ORDER_EXPIRY_INTERVAL_SECONDS: z.coerce
    .number({ error: 'must be a number of seconds' })
    .int('must be a whole number')
    .min(1, 'must be at least 1')
    .max(3600, 'must be at most 3600')
    .default(30),
  /**
   * On SIGTERM or SIGINT, how long requests in flight may take before their connections are
   * closed and the process exits; a second signal exits at once.
   */
  SHUTDOWN_TIMEOUT_MS: z.coerce
    .number({ error: 'must be a number of milliseconds' })
    .int('must be a whole number')
    .min(0, 'must be 0 or more')
    .max(600_000, 'must be at most 600000')
    .default(10_000),
  /**
   * Processes serving the port (node:cluster), for several cores; more than 1 needs
   * DATABASE_URL, since the embedded database belongs to one process.
   */
  WORKERS: z.coerce
    .number({ error: 'must be a number of processes' })
    .int('must be a whole number')
    .min(1, 'must be between 1 and 64')
    .max(64, 'must be between 1 and 64')
    .default(1),
  /**
   * Behind a reverse proxy: the client address is the last entry of X-Forwarded-For, and a
   * request's id is taken from X-Request-Id when it is sane.
   */
  TRUST_PROXY: booleanFlag.default(false),
  /**
   * `GET /metrics` on the public port, for a scraper that sends `Authorization: Bearer <token>`.
   * Neither this nor METRICS_PORT: no metrics are kept or served.
   */
  METRICS_TOKEN: z
    .string()
    .min(16, 'must have at least 16 characters')
    .max(256, 'must have at most 256 characters')
    .regex(/^[\x21-\x7e]+$/, 'must be printable ASCII without spaces')
    .optional(),
  /** `GET /metrics` without a token on a port of its own, bound to METRICS_HOST. */
  METRICS_PORT: z.coerce
    .number({ error: 'must be a port number' })
    .int('must be a whole number')
    .min(1, 'must be between 1 and 65535')
    .max(65535, 'must be between 1 and 65535')
    .optional(),
  /** Where METRICS_PORT listens: loopback unless the scraper runs on another machine. */
  METRICS_HOST: z.string().min(1).default('127.0.0.1'),
  GOOGLE_CLIENT_ID: z.string().min(1).optional(),
  GOOGLE_CLIENT_SECRET: z.string().min(1).optional(),
  GITHUB_CLIENT_ID: z.string().min(1).optional(),
  GITHUB_CLIENT_SECRET: z.string().min(1).optional(),
  OIDC_ISSUER: z.url({ error: 'must be the issuer URL of an OpenID provider' }).optional(),
  OIDC_CLIENT_ID: z.string().min(1).optional(),
  OIDC_CLIENT_SECRET: z.string().min(1).optional(),
  /** Real card payments: all three, or none for the built-in test mode. */
  STRIPE_SECRET_KEY: z
    .string()
    .regex(/^(sk|rk)_/, 'must be a Stripe secret key (sk_...)')
    .optional(),
  STRIPE_PUBLISHABLE_KEY: z
    .string()
    .regex(/^pk_/, 'must be a Stripe publishable key (pk_...)')
    .optional(),
  STRIPE_WEBHOOK_SECRET: z
    .string()
    .regex(/^whsec_/, 'must be a Stripe webhook secret (whsec_...)')
    .optional(),
  /**
   * Where emails go: an SMTP server's URL (smtp://user:pass@host:587, smtps://... for TLS).
   * Not set: every email is written to DATA_DIR/outbox/ as an .eml file and its links logged.
   */
  SMTP_URL: z.url({ protocol: /^smtps?$/, error: 'must be an smtp:// or smtps:// URL' }).optional(),
  /** The sender of the shop's emails, as `Name <address>` or an address. */
  MAIL_FROM: z
    .string()
    .min(3)
    .max(200)
    .regex(/^[^\r\n]*@[^\r\n]*$/, 'must be an email address, optionally as Name <address>')
    .default('Laptop Parts Shop <shop@localhost>'),
  /**
   * Sign-in with email and password waits until the account opened the link of its
   * verification email (Better Auth's email verification). Off: unverified accounts sign in and
   * are reminded to verify.
   */
  REQUIRE_EMAIL_VERIFICATION: booleanFlag.default(false),
  /**
   * Product images in an S3 bucket (AWS's, or any S3-compatible store: MinIO, Cloudflare R2...)
   * instead of DATA_DIR/images: S3_BUCKET and both keys, or none. S3_ENDPOINT is the store's
   * address; not set, AWS's for S3_REGION.
   */
  S3_ENDPOINT: z.url({ error: 'must be the URL of an S3-compatible endpoint' }).optional(),
  S3_BUCKET: z
    .string()
    .regex(
      /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/,
      'must be a bucket name (3-63 characters: a-z, 0-9, . and -)',
    )
    .optional(),
  S3_REGION: z
    .string()
    .regex(/^[a-z0-9-]{1,40}$/, 'must be a region such as eu-west-1')
    .default('us-east-1'),
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  /** The label of the OpenID Connect button, e.g. "Okta" or "Keycloak". */
  OIDC_NAME: z.string().min(1).max(30).default('OpenID Connect'),
});

/** Every variable the shop reads; docs/operations.md lists each one (operations-doc.test.ts). */
export const environmentVariableNames: readonly string[] = Object.keys(EnvSchema.shape);

export type Env = z.infer<typeof EnvSchema> & {
  DATA_DIR: string;
  /** PUBLIC_URL as set, or the address the shop listens on (`http://localhost:PORT`). */
  PUBLIC_URL: string;
  /** Whether PUBLIC_URL was set, or is the shop's own guess on this machine. */
  PUBLIC_URL_SET: boolean;
};

/** Both halves of a pair, or neither: half a provider configuration is a mistake. */
const pairs = [
  ['GOOGLE_CLIENT_ID', 'GOOGLE_CLIENT_SECRET'],
  ['GITHUB_CLIENT_ID', 'GITHUB_CLIENT_SECRET'],
  ['OIDC_CLIENT_ID', 'OIDC_CLIENT_SECRET'],
] as const;

export class EnvError extends Error {}

/**
 * Reads and checks the configuration once. The only place that reads `process.env`;
 * a bad value stops the start with a message naming the variable.
 */
export function loadEnv(source: NodeJS.ProcessEnv = process.env): Env {
  // An empty variable means "not set", as in most deploy tools.
  const present = Object.fromEntries(Object.entries(source).filter(([, value]) => value !== ''));
  const parsed = EnvSchema.safeParse(present);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new EnvError(`Invalid environment:\n${lines.join('\n')}`);
  }
  const env = parsed.data;
  const problems: string[] = [];
  for (const [id, secret] of pairs) {
    if (Boolean(env[id]) !== Boolean(env[secret]))
      problems.push(`  ${id} and ${secret}: set both or neither`);
  }
  const stripeKeys = [env.STRIPE_SECRET_KEY, env.STRIPE_PUBLISHABLE_KEY, env.STRIPE_WEBHOOK_SECRET];
  if (stripeKeys.some(Boolean) && !stripeKeys.every(Boolean)) {
    problems.push(
      '  STRIPE_SECRET_KEY, STRIPE_PUBLISHABLE_KEY and STRIPE_WEBHOOK_SECRET: set all three or none',
    );
  }
  if (Boolean(env.OIDC_ISSUER) !== Boolean(env.OIDC_CLIENT_ID)) {
    problems.push('  OIDC_ISSUER and OIDC_CLIENT_ID: set both or neither');
  }
  if (env.DATABASE_DIRECT_URL && !env.DATABASE_URL) {
    problems.push('  DATABASE_DIRECT_URL: set DATABASE_URL too (the address the requests use)');
  }
  if (env.WORKERS > 1 && !env.DATABASE_URL) {
    problems.push(
      `  WORKERS: ${env.WORKERS} processes need DATABASE_URL (PostgreSQL); the embedded database (DATA_DIR) is used by one process`,
    );
  }
  const s3 = [env.S3_BUCKET, env.S3_ACCESS_KEY_ID, env.S3_SECRET_ACCESS_KEY];
  if ((s3.some(Boolean) || env.S3_ENDPOINT) && !s3.every(Boolean)) {
    problems.push(
      '  S3_BUCKET, S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY: set all three (and S3_ENDPOINT for a store other than AWS) or none',
    );
  }
  if (env.METRICS_PORT !== undefined && env.METRICS_PORT === env.PORT) {
    problems.push('  METRICS_PORT: must differ from PORT');
  }
  if (problems.length > 0) throw new EnvError(`Invalid environment:\n${problems.join('\n')}`);
  const localHost = env.HOST === '0.0.0.0' || env.HOST === '::' ? 'localhost' : env.HOST;
  return {
    ...env,
    DATA_DIR: path.resolve(env.DATA_DIR),
    PUBLIC_URL: (env.PUBLIC_URL ?? `http://${localHost}:${env.PORT}`).replace(/\/$/, ''),
    PUBLIC_URL_SET: env.PUBLIC_URL !== undefined,
  };
}
