import cluster from 'node:cluster';
import { type Server, ServerResponse, createServer } from 'node:http';
import { fileURLToPath } from 'node:url';
import { getRequestListener } from '@hono/node-server';
import { createApp, createCatalogueReplay } from './app';
import { resolveAuthSecret } from './auth/auth-secret';
import { sql } from 'kysely';
import type { Logger } from 'pino';
import { type Auth, createAuth } from './auth/better-auth';
import { CACHE_CHANNEL, createCacheListener } from './db/cache-listener';
import {
  type DatabaseHandle,
  MIGRATION_TIMEOUT_MS,
  migrateToLatest,
  openDatabase,
  refreshStatistics,
  withMigrationLock,
} from './db/database';
import { encodeBackup, readAuthSecretFile, readImagesFolder } from './db/backup';
import { type BackupChannel, serveBackups } from './db/backup-channel';
import { seedDemoData } from './db/seed';
import type { Env } from './env';
import { createLogger } from './lib/logger';
import { mailFor, outboxDirFor } from './mail/mail-setup';
import { metricsFor, metricsPortListener } from './lib/metrics';
import { requestScopedLogger } from './lib/request-context';
import { imageStorageFor } from './modules/catalogue';
import { serveWebApp } from './web';

/** Both `src/` (tsx) and `dist/` (bundle) sit one level under apps/api. */
const defaultWebRoot = fileURLToPath(new URL('../../web/dist', import.meta.url));

export interface RunningServer {
  url: string;
  /** METRICS_PORT's address, when it is set. */
  metricsUrl?: string;
  database: DatabaseHandle;
  /** Stops accepting, lets requests in flight finish within `timeoutMs`, then closes the rest. */
  close(timeoutMs?: number): Promise<void>;
}

/**
 * Better Auth's tables, then ours, then the demo data when the shop is empty. Processes
 * starting together on one PostgreSQL take turns (one lock around all three): the first does
 * the work, the others find it done. Each logs what it did.
 */
export async function migrateAndSeed(
  database: Pick<DatabaseHandle, 'db' | 'kind'>,
  auth: Pick<Auth, 'migrate'>,
  options: { seed: boolean; logger: Logger },
): Promise<void> {
  const { logger } = options;
  await withMigrationLock(database, async (connection) => {
    const signInTables = await auth.migrate(connection);
    if (signInTables.length > 0) logger.info({ tables: signInTables }, 'sign-in tables migrated');
    const applied = await migrateToLatest(connection);
    if (applied.length > 0) logger.info({ migrations: applied }, 'database migrated');
    if (options.seed && (await seedDemoData(connection))) logger.info('seeded demo data');
  });
}

/** Opens and migrates the database, seeds it if empty, then listens. */
const listen = (server: Server, port: number, host: string) =>
  new Promise<number>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      const address = server.address();
      resolve(typeof address === 'object' && address ? address.port : port);
    });
  });

const urlOf = (host: string, port: number) =>
  `http://${host === '0.0.0.0' || host === '::' ? 'localhost' : host}:${port}`;

export async function startServer(env: Env): Promise<RunningServer> {
  const logger = requestScopedLogger(createLogger(env));
  const database = await openDatabase(
    env.DATABASE_URL
      ? { databaseUrl: env.DATABASE_URL, timeoutMs: env.DATABASE_TIMEOUT_MS }
      : { dataDir: env.DATA_DIR },
  );
  if (env.NODE_ENV === 'production' && !env.PUBLIC_URL_SET) {
    logger.warn(
      { publicUrl: env.PUBLIC_URL },
      `PUBLIC_URL is not set: canonical links, sitemaps and emails point at ${env.PUBLIC_URL}, ` +
        'which only this machine can open. Set PUBLIC_URL to the address customers open ' +
        '(for example https://shop.example).',
    );
  }
  let auth;
  // Emails wait in the database; this process's worker sends them once it listens.
  const mail = mailFor(database.db, env, logger);
  try {
    auth = createAuth(database.db, env, resolveAuthSecret(env), logger, { mail });
    // A session connection when there is one (DATABASE_DIRECT_URL): past the pooler.
    const migrating = env.DATABASE_URL
      ? await openDatabase({
          databaseUrl: env.DATABASE_DIRECT_URL ?? env.DATABASE_URL,
          timeoutMs: MIGRATION_TIMEOUT_MS,
        })
      : undefined;
    try {
      await migrateAndSeed(migrating ?? database, auth, { seed: env.SEED_DEMO, logger });
      // On the migrating connection too: analyzing 100,000 parts' documents outlasts the
      // requests' timeout (DATABASE_TIMEOUT_MS, 1 s), and the shop would not start.
      await refreshStatistics((migrating ?? database).db);
    } finally {
      await migrating?.close();
    }
  } catch (error) {
    await database.close();
    throw error;
  }

  // Several processes on one PostgreSQL hear each other's changes; PGlite has only this one.
  const cacheListener = env.DATABASE_URL
    ? createCacheListener({
        databaseUrl: env.DATABASE_DIRECT_URL ?? env.DATABASE_URL,
        logger,
        // Through the requests' pool: another connection than the listener's.
        probe: (payload) =>
          sql`select pg_notify(${CACHE_CHANNEL}, ${payload})`.execute(database.db),
      })
    : undefined;
  await cacheListener?.start();
  const metrics = metricsFor(env, database.poolUse);
  const replay = createCatalogueReplay(env, logger, cacheListener, metrics);
  const app = createApp({
    db: database.db,
    copyCsv: database.copyCsv,
    env,
    logger,
    auth,
    replay,
    cacheSync: cacheListener,
    dataDir: database.kind === 'pglite' ? env.DATA_DIR : undefined,
    metrics,
    mail,
    outboxDir: outboxDirFor(env),
    imageStorage: imageStorageFor(env),
  });
  const webRoot = env.WEB_DIST_DIR ?? defaultWebRoot;
  if (!serveWebApp(app, webRoot, { screens: app.screens, logger })) {
    logger.warn({ webRoot }, 'web app not built: serving the API only (run npm run build)');
  }

  const honoListener = getRequestListener(app.fetch);
  let stopping = false;
  // Once stopping, every answer whose head is still to be written says `Connection: close`.
  // Checked where the head is written (every answer's head goes through writeHead, Hono's,
  // a replayed one and Node's implicit one alike), so requests cost no bookkeeping.
  class ShopResponse extends ServerResponse {}
  const writeHead = ServerResponse.prototype.writeHead;
  ShopResponse.prototype.writeHead = function (this: ServerResponse, ...args: unknown[]) {
    if (stopping) this.shouldKeepAlive = false;
    return Reflect.apply(writeHead, this, args) as ServerResponse;
  } as typeof writeHead;
  // A fresh copy of a catalogue answer is written before Hono sees the request.
  const server = createServer({ ServerResponse: ShopResponse }, (request, response) => {
    if (!replay.serve(request, response)) void honoListener(request, response);
  });
  // Metrics without a token on a port of their own, on loopback unless METRICS_HOST says
  // otherwise. Under WORKERS=n the primary serves that port, with every worker's figures.
  const metricsServer =
    metrics && env.METRICS_PORT !== undefined && !cluster.isWorker
      ? createServer(metricsPortListener(metrics))
      : undefined;
  let port: number;
  let metricsPort: number | undefined;
  try {
    if (metricsServer)
      metricsPort = await listen(metricsServer, env.METRICS_PORT!, env.METRICS_HOST);
    port = await listen(server, env.PORT, env.HOST);
  } catch (error) {
    metricsServer?.close();
    await cacheListener?.close();
    await database.close();
    throw error;
  }
  // Unpaid orders past their time give their stock back, old purchase keys are forgotten and
  // the lists' counts folded, now and every interval.
  for (const job of Object.values(app.jobs)) job.start();
  // Queued emails (a restart's leftovers too) are sent now, then as they come.
  mail.start();
  let backups: BackupChannel | undefined;
  const copyDatabase = database.backup;
  if (copyDatabase) {
    // A shop that cannot offer backups still sells: it says so, and `npm run backup` works
    // with the shop stopped.
    const channel = await serveBackups(
      env.DATA_DIR,
      // The images after the database: each row copied names files written before it.
      async () =>
        encodeBackup(
          await copyDatabase(),
          readAuthSecretFile(env.DATA_DIR),
          await readImagesFolder(env.DATA_DIR),
        ),
      (error) => logger.error({ err: error }, 'backup failed'),
    ).catch((error: unknown) => ({ unavailable: (error as Error).message }));
    if ('unavailable' in channel) logger.warn(`backups while running: ${channel.unavailable}`);
    else backups = channel;
  }

  return {
    url: urlOf(env.HOST, port),
    metricsUrl: metricsPort === undefined ? undefined : urlOf(env.METRICS_HOST, metricsPort),
    database,
    close: async (timeoutMs = env.SHUTDOWN_TIMEOUT_MS) => {
      stopping = true;
      // A scrape lost to the shutdown costs nothing: the metrics port closes at once.
      const metricsClosed = new Promise<void>((resolve) =>
        metricsServer ? metricsServer.close(() => resolve()) : resolve(),
      );
      metricsServer?.closeAllConnections();
      // Clients in the middle of a request get their answer with `Connection: close`
      // (ShopResponse); kept-alive connections without a request are closed now.
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      // Node 19+ does this inside close() too; kept so the rule does not rest on that.
      server.closeIdleConnections();
      // server.close() also stops Node's request timeouts, so a client that sent half a
      // request would hold the process forever: whatever is left is cut at the deadline.
      const deadline = setTimeout(() => server.closeAllConnections(), timeoutMs);
      await closed;
      clearTimeout(deadline);
      await metricsClosed;
      await Promise.all(Object.values(app.jobs).map((job) => job.stop()));
      await mail.stop();
      await cacheListener?.close();
      await backups?.close();
      await database.close();
    },
  };
}
