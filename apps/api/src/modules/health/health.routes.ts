import fs from 'node:fs/promises';
import path from 'node:path';
import { HealthSchema, ReadySchema } from '@shop/shared';
import { type Kysely, sql } from 'kysely';
import type { Logger } from 'pino';
import type { Database } from '../../db/schema';
import { DATABASE_RETRY_AFTER_SECONDS } from '../../lib/database-unavailable';
import { errorBody } from '../../lib/errors';
import { defineRoute, errors, json, routesOf } from '../../lib/openapi';

/**
 * `/ready` answers within this however the database behaves: a load balancer or an
 * orchestrator asks often and must not pile up hung checks.
 */
export const READY_TIMEOUT_MS = 1000;

/** The file `/ready` writes and removes in the data folder, one per process. */
export const readyProbePath = (dataDir: string, pid = process.pid) =>
  path.join(dataDir, `.ready-probe-${pid}`);

const health = defineRoute({
  method: 'get',
  path: '/health',
  tags: ['Health'],
  summary: 'The process answers',
  responses: { 200: json(HealthSchema, 'Up') },
});

const ready = defineRoute({
  method: 'get',
  path: '/ready',
  tags: ['Health'],
  summary: 'The process and its database answer, and the data folder can be written',
  description: `503 DATABASE_UNAVAILABLE when the database does not answer within ${READY_TIMEOUT_MS} ms, or (embedded database) its data folder cannot be written, e.g. a full disk.`,
  responses: { 200: json(ReadySchema, 'Ready to serve'), ...errors(503) },
});

class NotReady extends Error {}

/** Rejects with `NotReady(message)` when the work fails or takes longer than `ms`. */
async function within(ms: number, message: string, work: () => Promise<unknown>) {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new NotReady(message)), ms);
  });
  try {
    await Promise.race([
      work().catch((cause: unknown) => Promise.reject(new NotReady(message, { cause }))),
      late,
    ]);
  } finally {
    clearTimeout(timer);
  }
}

/** Writes, syncs and removes a small file: fails on a full, read-only or missing folder. */
async function writeProbe(dataDir: string) {
  const file = readyProbePath(dataDir);
  const handle = await fs.open(file, 'w');
  try {
    await handle.writeFile('ready\n');
    await handle.datasync();
  } finally {
    await handle.close();
  }
  await fs.unlink(file);
}

/**
 * `/health`: the process answers. `/ready`: and its database does too, and, when the database
 * is the embedded one in `dataDir`, that folder can be written (PostgreSQL keeps its own disk;
 * the shop then only reads the generated auth secret there, once, at start).
 */
export const healthRoutes = (
  db: Kysely<Database>,
  {
    dataDir,
    logger,
    announcements,
  }: {
    dataDir?: string;
    logger: Logger;
    /** Several processes on PostgreSQL: whether this one hears the caches' announcements. */
    announcements?: () => 'heard' | 'not heard';
  },
) =>
  routesOf()
    .openapi(health, (c) => c.json({ status: 'ok' as const }, 200))
    .openapi(ready, async (c) => {
      try {
        await Promise.all([
          within(READY_TIMEOUT_MS, 'The database does not answer', () => sql`select 1`.execute(db)),
          dataDir &&
            within(READY_TIMEOUT_MS, 'The data folder cannot be written', () =>
              writeProbe(dataDir),
            ),
        ]);
        return c.json(
          {
            status: 'ready' as const,
            ...(announcements ? { announcements: announcements() } : {}),
          },
          200,
        );
      } catch (error) {
        if (!(error instanceof NotReady)) throw error;
        logger.warn({ err: error.cause, dataDir }, `not ready: ${error.message}`);
        c.header('Retry-After', String(DATABASE_RETRY_AFTER_SECONDS));
        return c.json(errorBody('DATABASE_UNAVAILABLE', error.message), 503);
      }
    });
