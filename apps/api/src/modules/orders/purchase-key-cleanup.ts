import { type Kysely, sql } from 'kysely';
import type { Logger } from 'pino';
import type { Database } from '../../db/schema';
import { createTimerJob } from '../../lib/timer-job';

/** Idempotency keys are kept this long, at least: a retry within it gets the first answer. */
export const PURCHASE_KEY_TTL_HOURS = 24;

/** How often each process forgets the purchase keys past their time. */
export const PURCHASE_KEY_CLEANUP_INTERVAL_MS = 10 * 60_000;

/**
 * The job that forgets purchases' Idempotency-Keys older than `PURCHASE_KEY_TTL_HOURS`. One
 * statement, so several processes may run it at once.
 */
export function createPurchaseKeyCleanup(
  db: Kysely<Database>,
  options: { logger: Logger; intervalMs?: number },
) {
  /** Deletes the keys older than the TTL, judged by `now` or the database's clock. */
  async function runOnce(now?: Date): Promise<number> {
    const at = now ? sql<Date>`${now}::timestamptz` : sql<Date>`now()`;
    const result = await db
      .deleteFrom('purchase_keys')
      .where(
        'created_at',
        '<',
        sql<Date>`${at} - make_interval(hours => ${PURCHASE_KEY_TTL_HOURS})`,
      )
      .executeTakeFirst();
    return Number(result.numDeletedRows);
  }

  const job = createTimerJob({
    name: 'purchase key cleanup',
    intervalMs: options.intervalMs ?? PURCHASE_KEY_CLEANUP_INTERVAL_MS,
    run: () => runOnce(),
    logger: options.logger,
  });
  return { runOnce, start: job.start, stop: job.stop };
}
