import { type Kysely, sql } from 'kysely';
import type { Database, ListCountsTable } from './schema';

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
