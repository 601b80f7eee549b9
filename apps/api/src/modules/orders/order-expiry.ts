import { type Kysely, type RawBuilder, sql } from 'kysely';
import type { Logger } from 'pino';
import type { Database } from '../../db/schema';
import { createTimerJob } from '../../lib/timer-job';

export interface OrderExpiryOptions {
  /**
   * Expires one unpaid order past its time: cancels it and returns its stock, and answers
   * whether it changed anything. `orders.expire` by default (the database only); a payment
   * module may put its own in front, to settle the payment with its provider first.
   */
  expire: (orderId: string) => Promise<boolean>;
  logger: Logger;
  /** How often `start` runs the sweep (ORDER_EXPIRY_INTERVAL_SECONDS). */
  intervalMs: number;
  /** Orders claimed per statement. */
  batchSize?: number;
  /** At most this many batches per sweep, so one sweep stays bounded; the rest wait a tick. */
  maxBatches?: number;
}

/** A claimed order is left to its claimer this long; a claimer that died lets it go then. */
const LEASE = sql`interval '5 minutes'`;

/**
 * The job that gives back the stock of orders nobody paid. Its state is the database's
 * (`pay_by`, `status`, the claim's lease), so it survives restarts, and several processes
 * may run it at once: each claims its own due orders (`for update skip locked`), and the
 * expiry itself is a conditional update, so an order expires and its stock returns once.
 */
export function createOrderExpiry(db: Kysely<Database>, options: OrderExpiryOptions) {
  const batchSize = options.batchSize ?? 100;
  const maxBatches = options.maxBatches ?? 100;

  /** Claims up to `batchSize` due orders nobody else is expiring; `at`: the time to judge by. */
  async function claim(at: RawBuilder<Date>) {
    const rows = await db
      .updateTable('orders')
      .set({ expiry_lease_until: sql<Date>`${at} + ${LEASE}` })
      .where('id', 'in', (eb) =>
        eb
          .selectFrom('orders')
          .select('id')
          .where('status', '=', 'unpaid')
          .where('pay_by', '<=', at)
          .where((inner) =>
            inner.or([
              inner('expiry_lease_until', 'is', null),
              inner('expiry_lease_until', '<=', at),
            ]),
          )
          .orderBy('pay_by')
          .limit(batchSize)
          .forUpdate()
          .skipLocked(),
      )
      .returning('id')
      .execute();
    return rows.map((row) => row.id);
  }

  /**
   * One sweep: expires every unpaid order whose time has come (by `now`, or the database's
   * clock). Answers how many orders it expired.
   */
  async function runOnce(now?: Date): Promise<number> {
    const at = now ? sql<Date>`${now}::timestamptz` : sql<Date>`now()`;
    let expired = 0;
    for (let batch = 0; batch < maxBatches; batch++) {
      const due = await claim(at);
      for (const id of due) {
        try {
          if (await options.expire(id)) expired += 1;
        } catch (error) {
          // Left claimed: retried once the lease runs out, the others go on meanwhile.
          options.logger.error({ err: error, orderId: id }, 'could not expire an unpaid order');
        }
      }
      if (due.length < batchSize) break;
    }
    if (expired > 0) options.logger.info({ expired }, 'expired unpaid orders');
    return expired;
  }

  const job = createTimerJob({
    name: 'order expiry',
    intervalMs: options.intervalMs,
    run: () => runOnce(),
    logger: options.logger,
  });
  return { runOnce, start: job.start, stop: job.stop };
}

export type OrderExpiry = ReturnType<typeof createOrderExpiry>;
