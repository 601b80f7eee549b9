import { randomUUID } from 'node:crypto';
import pg from 'pg';
import type { Logger } from 'pino';
import { type CacheSync, type CacheTarget, parseCacheChange } from '../lib/cache-sync';

/** The channel migration 0011's triggers announce on. */
export const CACHE_CHANNEL = 'shop_cache';
/** Shown in pg_stat_activity, with the process id, so an operator can find each listener. */
export const LISTENER_APPLICATION_NAME = 'shop-cache-listener';
/** A probe's payload starts so; every listener knows it is no change to apply. */
export const PROBE_PREFIX = 'probe:';
/** How long a listener waits for its own probe before it concludes it hears nothing. */
export const PROBE_WAIT_MS = 2000;

export interface CacheListenerOptions {
  databaseUrl: string;
  logger: Logger;
  /** The first wait before reconnecting; it doubles at each failure up to `maxRetryMs`. */
  retryMs?: number;
  maxRetryMs?: number;
  /**
   * A connection can die without a word (a network cut, a frozen server): it is asked a
   * question this often, and given up when an answer or a connection takes over `timeoutMs`.
   */
  pingEveryMs?: number;
  timeoutMs?: number;
  /**
   * Announces `payload` on the channel through another connection (the shop's pool): sent
   * after each LISTEN, the listener must hear it, or it hears nothing. Through a pooler in
   * transaction mode a LISTEN stays with a server connection the listener is no longer linked
   * to, and its notifications are dropped (issue 37).
   */
  probe?: (payload: string) => Promise<unknown>;
  probeWaitMs?: number;
}

/**
 * One dedicated PostgreSQL connection per process that LISTENs to the caches' announcements.
 * While it is down, `live` is false (the caches stand aside) and it reconnects with a growing
 * wait; when it is back, every cache is cleared first, since changes may have been missed.
 */
export function createCacheListener(options: CacheListenerOptions) {
  const firstRetryMs = options.retryMs ?? 500;
  const maxRetryMs = options.maxRetryMs ?? 10_000;
  const timeoutMs = options.timeoutMs ?? 5000;
  const targets: CacheTarget[] = [];
  let live = false;
  let client: pg.Client | undefined;
  let retryMs = firstRetryMs;
  let retryTimer: NodeJS.Timeout | undefined;
  let closed = false;
  let everLive = false;
  let probe: { payload: string; heard(): void } | undefined;

  const ping = setInterval(() => {
    const current = client;
    if (!current || !live) return;
    current.query('select 1').catch((error: unknown) => lost(current, error));
  }, options.pingEveryMs ?? 10_000);
  ping.unref();

  const clearAll = () => {
    for (const target of targets) target.clearAll();
  };

  const lost = (from: pg.Client, error?: unknown) => {
    if (client !== from) return;
    client = undefined;
    from.removeAllListeners('notification');
    from.on('error', () => {}); // a late error of a connection given up must not crash
    void from.end().catch(() => {});
    if (live) {
      live = false;
      clearAll();
      options.logger.warn(
        { err: error },
        'cache listener lost: serving without caches until it reconnects',
      );
    }
    scheduleConnect();
  };

  const scheduleConnect = () => {
    if (closed || retryTimer) return;
    retryTimer = setTimeout(() => {
      retryTimer = undefined;
      void connect();
    }, retryMs);
    retryTimer.unref();
    retryMs = Math.min(retryMs * 2, maxRetryMs);
  };

  const connect = async (): Promise<void> => {
    const next = new pg.Client({
      connectionString: options.databaseUrl,
      application_name: `${LISTENER_APPLICATION_NAME} ${process.pid}`,
      keepAlive: true,
      // Its only questions are LISTEN and the ping: one unanswered this long means it is gone.
      query_timeout: timeoutMs,
      connectionTimeoutMillis: timeoutMs,
    });
    client = next;
    next.on('error', (error) => lost(next, error));
    next.on('end', () => lost(next));
    next.on('notification', (message) => {
      if (message.channel !== CACHE_CHANNEL) return;
      if (message.payload?.startsWith(PROBE_PREFIX)) {
        if (message.payload === probe?.payload) probe.heard();
        return; // a probe, this process's or another's: no change
      }
      if (!live) return;
      const change = message.payload === undefined ? undefined : parseCacheChange(message.payload);
      for (const target of targets) {
        if (change) target.apply(change);
        else target.clearAll(); // an announcement this version does not know: forget all
      }
    });
    try {
      await next.connect();
      await next.query(`LISTEN ${CACHE_CHANNEL}`);
    } catch (error) {
      lost(next, error);
      return;
    }
    if (client !== next || closed) return;
    if (options.probe && !(await hears(options.probe))) {
      if (client !== next || closed) return;
      client = undefined;
      next.removeAllListeners('notification');
      next.removeAllListeners('end');
      next.on('error', () => {});
      void next.end().catch(() => {});
      options.logger.warn(
        'cache announcements are not heard (a pooler in transaction mode in front of PostgreSQL? set DATABASE_DIRECT_URL): serving without the caches that depend on them',
      );
      return;
    }
    if (client !== next || closed) return;
    // Whatever was cached before may have missed changes: from now on nothing is missed.
    clearAll();
    live = true;
    retryMs = firstRetryMs;
    if (everLive) options.logger.warn('cache listener back: caches on');
    everLive = true;
  };

  /** Sends a probe through `send` and waits for the listening connection to hear it. */
  const hears = (send: (payload: string) => Promise<unknown>) =>
    new Promise<boolean>((resolve) => {
      const payload = `${PROBE_PREFIX}${process.pid}:${randomUUID()}`;
      const done = (heard: boolean) => {
        clearTimeout(timer);
        if (probe?.payload === payload) probe = undefined;
        resolve(heard);
      };
      const timer = setTimeout(() => done(false), options.probeWaitMs ?? PROBE_WAIT_MS);
      probe = { payload, heard: () => done(true) };
      send(payload).catch(() => done(false));
    });

  const sync: CacheSync & { start(): Promise<void>; close(): Promise<void> } = {
    get live() {
      return live;
    },
    subscribe(target) {
      targets.push(target);
    },
    /** Connects once (the caches stay off until it succeeds, retrying in the background). */
    start: () => connect(),
    async close() {
      closed = true;
      live = false;
      clearInterval(ping);
      if (retryTimer) clearTimeout(retryTimer);
      const last = client;
      client = undefined;
      if (last) {
        last.removeAllListeners();
        last.on('error', () => {});
        await last.end().catch(() => {});
      }
    },
  };
  return sync;
}
