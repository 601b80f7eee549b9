import { type ServerResponse, createServer } from 'node:http';
import { fileURLToPath } from 'node:url';
import { getRequestListener } from '@hono/node-server';
import { createApp, createCatalogueReplay } from './app';
import { resolveAuthSecret } from './auth/auth-secret';
import { createAuth } from './auth/better-auth';
import {
  type DatabaseHandle,
  migrateToLatest,
  openDatabase,
  refreshStatistics,
} from './db/database';
import { seedDemoData } from './db/seed';
import type { Env } from './env';
import { createLogger } from './lib/logger';
import { serveWebApp } from './web';

/** Both `src/` (tsx) and `dist/` (bundle) sit one level under apps/api. */
const defaultWebRoot = fileURLToPath(new URL('../../web/dist', import.meta.url));

export interface RunningServer {
  url: string;
  database: DatabaseHandle;
  /** Stops accepting, lets requests in flight finish within `timeoutMs`, then closes the rest. */
  close(timeoutMs?: number): Promise<void>;
}

/** Opens and migrates the database, seeds it if empty, then listens. */
export async function startServer(env: Env): Promise<RunningServer> {
  const logger = createLogger(env);
  const database = await openDatabase(
    env.DATABASE_URL
      ? { databaseUrl: env.DATABASE_URL, timeoutMs: env.DATABASE_TIMEOUT_MS }
      : { dataDir: env.DATA_DIR },
  );
  let auth;
  try {
    auth = createAuth(database.db, env, resolveAuthSecret(env), logger);
    await auth.migrate();
    await migrateToLatest(database.db);
    if (env.SEED_DEMO && (await seedDemoData(database.db))) logger.info('seeded demo data');
    await refreshStatistics(database.db);
  } catch (error) {
    await database.close();
    throw error;
  }

  const replay = createCatalogueReplay(env, logger);
  const app = createApp({
    db: database.db,
    env,
    logger,
    auth,
    replay,
    dataDir: database.kind === 'pglite' ? env.DATA_DIR : undefined,
  });
  const webRoot = env.WEB_DIST_DIR ?? defaultWebRoot;
  if (!serveWebApp(app, webRoot)) {
    logger.warn({ webRoot }, 'web app not built: serving the API only (run npm run build)');
  }

  const honoListener = getRequestListener(app.fetch);
  // Answers being written; on shutdown each one closes its connection once sent.
  const inFlight = new Set<ServerResponse>();
  let stopping = false;
  // A fresh copy of a catalogue answer is written before Hono sees the request.
  const server = createServer((request, response) => {
    if (stopping) response.shouldKeepAlive = false;
    inFlight.add(response);
    response.once('close', () => inFlight.delete(response));
    if (!replay.serve(request, response)) void honoListener(request, response);
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(env.PORT, env.HOST, () => {
      server.off('error', reject);
      resolve();
    });
  });
  // Unpaid orders past their time give their stock back, now and every interval.
  app.orderExpiry.start();
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : env.PORT;
  const host = env.HOST === '0.0.0.0' || env.HOST === '::' ? 'localhost' : env.HOST;

  return {
    url: `http://${host}:${port}`,
    database,
    close: async (timeoutMs = env.SHUTDOWN_TIMEOUT_MS) => {
      stopping = true;
      // Clients in the middle of a request get their answer with `Connection: close`;
      // kept-alive connections without a request are closed now.
      for (const response of inFlight) {
        if (!response.headersSent) response.shouldKeepAlive = false;
      }
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      // Node 19+ does this inside close() too; kept so the rule does not rest on that.
      server.closeIdleConnections();
      // server.close() also stops Node's request timeouts, so a client that sent half a
      // request would hold the process forever: whatever is left is cut at the deadline.
      const deadline = setTimeout(() => server.closeAllConnections(), timeoutMs);
      await closed;
      clearTimeout(deadline);
      await app.orderExpiry.stop();
      await database.close();
    },
  };
}
