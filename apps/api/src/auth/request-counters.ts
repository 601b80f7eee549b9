import { type Kysely, sql } from 'kysely';
import type { Database } from '../db/schema';

/** Counters older than this are gone: longer than any window we count in. */
const KEEP_MINUTES = 60;

/**
 * Fixed-window request counters in the database, so several servers share one count (like
 * Better Auth's limits and the sign-in failures).
 */
export function createRequestCounters(db: Kysely<Database>) {
  return {
    /** Counts one request under `key`; answers how many this window has seen, this one included. */
    async hit(key: string, windowSeconds: number): Promise<number> {
      const windowOpen = sql<boolean>`request_counters.window_started_at > now() - make_interval(secs => ${windowSeconds})`;
      // One statement: the upsert is atomic per key, and old counters are swept on the way.
      const { rows } = await sql<{ hits: number }>`
        with swept as (
          delete from request_counters
          where window_started_at < now() - make_interval(mins => ${KEEP_MINUTES}) and key <> ${key}
        )
        insert into request_counters (key, window_started_at, hits) values (${key}, now(), 1)
        on conflict (key) do update set
          hits = case when ${windowOpen} then request_counters.hits + 1 else 1 end,
          window_started_at = case when ${windowOpen} then request_counters.window_started_at else now() end
        returning hits`.execute(db);
      return rows[0]!.hits;
    },
  };
}

export type RequestCounters = ReturnType<typeof createRequestCounters>;
