import os from 'node:os';
import path from 'node:path';
import { randomBytes, randomUUID, scrypt } from 'node:crypto';
import pino, { type Logger } from 'pino';
import { OPENAPI_PATH } from '../api-docs';
import { type AppDeps, type AppEnv, type ShopJobs, createApp } from '../app';
import { createAuth } from '../auth/better-auth';
import { migrateToLatest } from '../db/database';
import { seedDemoData } from '../db/seed';
import { metricsFor } from '../lib/metrics';
import { type Mail, createMail } from '../mail/mail-queue';
import { type MailTransport, outboxTransport, smtpTransport } from '../mail/mail-transport';
import { serveWebApp } from '../web';
import { type ImageStorage, folderImageStorage } from '../modules/catalogue';
import { contractChecker } from './contract';
import {
  type TestDatabase,
  type TestDatabaseKind,
  type TestSchema,
  createTestDatabase,
} from './databases';

export interface TestApp {
  database: TestDatabase;
  /**
   * Every route the app answers, the API's and the site's own (the sitemap, robots.txt), as
   * "METHOD /path" (middleware and catch-alls left out).
   */
  routes: string[];
  /**
   * An in-process request. Its answer is checked against `GET /api/openapi.json` (contract.ts):
   * an undocumented status or a body unlike the documented schema fails the test that asked.
   */
  request(path: string, init?: RequestInit): Promise<Response>;
  /** The app's own answer, unchecked: for measuring what a request itself costs. */
  uncheckedRequest(path: string, init?: RequestInit): Promise<Response>;
  /** The app's jobs on a timer (the order expiry...); never started: tests run one with `runOnce`. */
  jobs: ShopJobs;
  /** The app's mail; its worker never started: tests send what is due with `runOnce(now)`. */
  mail: Mail;
  /** Where emails are written when the test gives no SMTP server. */
  outboxDir: string;
  /** The product images' folder, when the test gave no storage of its own. */
  imagesDir: string;
  close(): Promise<void>;
  /** Closes this app (its data stays) and answers a new one on the same database and outbox. */
  restart(): Promise<TestApp>;
}

export const TEST_ORIGIN = 'http://shop.test';
const silentLogger = pino({ level: 'silent' });
const TEST_SECRET = 'test-secret-that-is-long-enough-for-better-auth';

export const testEnv: AppEnv = {
  NODE_ENV: 'test',
  CORS_ORIGINS: [],
  BODY_LIMIT_BYTES: 100 * 1024,
  // Small, so a test reaches it; production's is 20 MB (env.ts).
  CATALOGUE_IMPORT_LIMIT_BYTES: 4 * 1024 * 1024,
  PUBLIC_URL: TEST_ORIGIN,
  ADMIN_EMAIL: 'admin@partsshop.com',
  ACCESS_TOKEN_TTL_MINUTES: 60,
  TRUST_PROXY: false,
  OIDC_NAME: 'OpenID Connect',
  AUTH_RATE_LIMIT_PER_MINUTE: 10,
  UNPAID_ORDER_TTL_MINUTES: 60,
  MAX_UNPAID_ORDERS: 5,
  ORDER_EXPIRY_INTERVAL_SECONDS: 30,
  // As in production (env.ts): the catalogue cache on, for a second.
  CATALOGUE_CACHE_MS: 1000,
};

/** The sign-in tables (Better Auth's, the same whatever the env), then the shop's. */
export const SIGN_IN_AND_SHOP_SCHEMA: TestSchema = {
  name: 'sign-in-and-shop',
  migrate: async (handle) => {
    await createAuth(handle.db, testEnv, TEST_SECRET, silentLogger).migrate();
    await migrateToLatest(handle.db);
  },
};

/** A cheap scrypt (N = 16, r = 1), stored as Better Auth stores its own: `salt:key` in hex. */
const cheapKey = (password: string, salt: string) =>
  new Promise<string>((resolve, reject) =>
    scrypt(password.normalize('NFKC'), salt, 64, { N: 16, r: 1, p: 1 }, (error, key) =>
      error ? reject(error) : resolve(key.toString('hex')),
    ),
  );
const cheapPasswords = {
  hash: async (password: string) => {
    const salt = randomBytes(16).toString('hex');
    return `${salt}:${await cheapKey(password, salt)}`;
  },
  verify: async ({ hash, password }: { hash: string; password: string }) => {
    const [salt, key] = hash.split(':');
    return Boolean(salt && key) && (await cheapKey(password, salt!)) === key;
  },
};

/** Tests say which address a request comes from; rate limits count per address. */
export const TEST_CLIENT_IP_HEADER = 'x-test-client-ip';

/** The app called in-process (no port) on a fresh database, seeded unless told otherwise. */
export async function createTestApp(
  kind: TestDatabaseKind,
  options: {
    seed?: boolean;
    env?: Partial<AppEnv>;
    paymentProvider?: AppDeps['paymentProvider'];
    /** Silent unless a test reads what is logged. */
    logger?: Logger;
    /** A data folder for `/api/ready` to check, as the server gives on the embedded database. */
    dataDir?: string;
    /** An SMTP server's URL to send to; otherwise emails are written to `outboxDir`. */
    smtpUrl?: string;
    /** The outbox folder (a fresh temporary one unless given). */
    outboxDir?: string;
    /** An existing database: a restart on the same data (`restart`). */
    database?: TestDatabase;
    /** A built web app, served around the API as the server serves it (web.ts). */
    webRoot?: string;
    /** The product images' folder (a fresh temporary one unless given). */
    imagesDir?: string;
    /** The product images' storage, when a test gives its own (else a folder: `imagesDir`). */
    imageStorage?: ImageStorage;
    /** The server's copies of public answers (`createCatalogueReplay`), when a test reads them. */
    replay?: AppDeps['replay'];
    /**
     * Passwords hashed by a cheap scrypt instead of Better Auth's (N = 16384, r = 16: 1.2 s a
     * hash on the busy 2-core machine, 2026-12-07), for the files that sign three people
     * up for each of their cases (the authorization matrix, the fuzz and control-character
     * tests, issue 50). What they prove is about routes, not the hash: every other file, the
     * sign-up and password tests among them, keeps Better Auth's own.
     */
    cheapPasswordHash?: boolean;
  } = {},
): Promise<TestApp> {
  const env = { ...testEnv, ...options.env };
  const logger = options.logger ?? silentLogger;
  const database = options.database ?? (await createTestDatabase(kind, SIGN_IN_AND_SHOP_SCHEMA));
  const outboxDir = options.outboxDir ?? path.join(os.tmpdir(), `shop-test-outbox-${randomUUID()}`);
  const imagesDir = options.imagesDir ?? path.join(os.tmpdir(), `shop-test-images-${randomUUID()}`);
  options = { ...options, outboxDir, imagesDir };
  const transport: MailTransport = options.smtpUrl
    ? smtpTransport(options.smtpUrl)
    : outboxTransport(outboxDir, logger);
  const mail = createMail(database.db, {
    transport,
    from: 'Laptop Parts Shop <shop@shop.test>',
    publicUrl: env.PUBLIC_URL,
    logger,
  });
  const auth = createAuth(database.db, env, TEST_SECRET, logger, { mail });
  // The context every request of this auth shares (Better Auth copies it shallowly per request).
  if (options.cheapPasswordHash) Object.assign((await auth.$context).password, cheapPasswords);
  if (!options.database && (options.seed ?? true)) await seedDemoData(database.db);
  const app = createApp({
    db: database.db,
    copyCsv: database.copyCsv,
    env,
    logger,
    auth,
    clientAddress: (c) => c.req.header(TEST_CLIENT_IP_HEADER) ?? '192.0.2.1',
    paymentProvider: options.paymentProvider,
    dataDir: options.dataDir,
    // Kept, and served at /metrics, when the test's env sets METRICS_TOKEN.
    metrics: metricsFor(env, database.poolUse),
    mail,
    outboxDir: options.smtpUrl ? undefined : outboxDir,
    imageStorage: options.imageStorage ?? folderImageStorage(imagesDir),
    replay: options.replay,
  });
  const routes = [
    ...new Set(
      app.routes
        // A layer over every path (`use`, or `on(methods, '*')` as the body limit's) is no route.
        .filter((route) => route.method !== 'ALL' && route.path !== '/api/*')
        .map((route) => `${route.method} ${route.path}`),
    ),
  ].sort();
  // After the routes are listed: the web app's files and pages are none of them.
  if (options.webRoot && !serveWebApp(app, options.webRoot)) {
    throw new Error(`No web app built in ${options.webRoot}`);
  }
  let checker: ReturnType<typeof contractChecker> | undefined;
  const checkAnswer = async (method: string, path: string, response: Response) => {
    checker ??= contractChecker(await (await app.request(OPENAPI_PATH)).text());
    const mismatch = await checker({ method, url: path, response });
    if (mismatch) throw new Error(`Not as the published contract says: ${mismatch}`);
  };
  return {
    database,
    routes,
    request: async (path, init) => {
      const response = await app.request(path, init);
      await checkAnswer(init?.method ?? 'GET', path, response);
      return response;
    },
    uncheckedRequest: async (path, init) => app.request(path, init),
    jobs: app.jobs,
    mail,
    outboxDir,
    imagesDir,
    close: async () => {
      await mail.stop();
      await database.close();
    },
    restart: async () => {
      await mail.stop();
      return createTestApp(kind, { ...options, database: await database.reopen() });
    },
  };
}
