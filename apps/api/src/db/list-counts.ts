import { type Kysely, sql } from 'kysely';
import type { Logger } from 'pino';
import { createTimerJob } from '../lib/timer-job';
import type { Database, ListCountsTable } from './schema';

/** How often each process folds the lists' counts: reads stay a few rows under heavy writes. */
export const LIST_COUNT_FOLD_INTERVAL_MS = 30_000;

/**
 * How many rows a kept list holds in a bucket (orders of a status, users of a role), or in all
 * its buckets, as a subquery: the sum of the changes the triggers of migration 0017 appended.
 */
export const keptCount = (db: Kysely<Database>, list: ListCountsTable['list'], bucket?: string) =>
  db
    .selectFrom('list_counts')
    .where('list', '=', list)
    .$if(bucket !== undefined, (query) => query.where('bucket', '=', bucket!))
    .select(sql<number>`coalesce(sum(rows), 0)::int`.as('total'));

/** A kept list's rows per bucket (orders per status, users per role), for a dashboard. */
export const keptCountsByBucket = (db: Kysely<Database>, list: ListCountsTable['list']) =>
  db
    .selectFrom('list_counts')
    .where('list', '=', list)
    .groupBy('bucket')
    .select(['bucket', sql<number>`sum(rows)::int`.as('count')])
    .execute();

/**
 * Folds the changes appended since the last fold into one row per list and bucket, so a count
 * reads a few rows. One statement: a reader sees the rows before or after, never both; a fold
 * running at once skips the rows this one took (deleted), and rows added meanwhile wait for
 * the next fold.
 */
export async function foldListCounts(db: Kysely<Database>) {
  await sql`with taken as (delete from list_counts returning list, bucket, rows)
    insert into list_counts (list, bucket, rows)
      select list, bucket, sum(rows) from taken group by list, bucket`.execute(db);
}

/** The job that folds the lists' counts on a timer (`foldListCounts`). */
export function createListCountFolding(
  db: Kysely<Database>,
  options: { logger: Logger; intervalMs?: number },
) {
  const runOnce = () => foldListCounts(db);
  const job = createTimerJob({
    name: 'list count folding',
    intervalMs: options.intervalMs ?? LIST_COUNT_FOLD_INTERVAL_MS,
    run: runOnce,
    logger: options.logger,
  });
  return { runOnce, start: job.start, stop: job.stop };
}
