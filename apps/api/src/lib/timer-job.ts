import { AsyncResource } from 'node:async_hooks';
import type { Logger } from 'pino';

/** A wake runs the job this soon, so a burst of wakes (one per queued email) makes one run. */
export const WAKE_DELAY_MS = 50;

export interface TimerJobOptions {
  /** Named in the log line of a run that failed: "<name> failed". */
  name: string;
  /** How often `start` runs the job. */
  intervalMs: number;
  /** One run. A run that throws is logged; the next tick runs again. */
  run: () => Promise<unknown>;
  logger: Logger;
}

/**
 * Work that runs on a timer in every process (the order expiry, the mail worker, the count
 * folding...), never twice at once in one process: a tick or a wake that comes while a run is
 * under way asks for one more run right after it, so work queued meanwhile is not left for the
 * next tick, and ticks held up by a slow run do not pile up. Across processes, each job keeps
 * its own rule (claims with `for update skip locked`, one-statement folds).
 */
export function createTimerJob({ name, intervalMs, run, logger }: TimerJobOptions) {
  let timer: NodeJS.Timeout | undefined;
  let wakeTimer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  let again = false;

  /** Runs now, or, during a run, once more after it (when started); resolves when it ends. */
  function runNow(): Promise<void> {
    if (running) {
      again = true;
      return running;
    }
    running = run()
      .then(
        () => undefined,
        (error: unknown) => logger.error({ err: error }, `${name} failed`),
      )
      .finally(() => {
        running = undefined;
        if (again && timer) {
          again = false;
          void runNow();
        }
      });
    return running;
  }

  /**
   * Bound to the context the job was made in, not the waking request's: the run it starts
   * does other requests' work too, and its log lines must not carry this request's id.
   */
  const wakeSoon = AsyncResource.bind(() => {
    wakeTimer = setTimeout(() => {
      wakeTimer = undefined;
      void runNow();
    }, WAKE_DELAY_MS);
    wakeTimer.unref();
  });

  return {
    runNow,

    /** Runs now, then every `intervalMs`; the timer does not keep the process alive. */
    start() {
      if (timer) return;
      timer = setInterval(() => void runNow(), intervalMs);
      timer.unref();
      void runNow();
    },

    /** Runs in a moment, if started: something was queued for the job. */
    wake() {
      if (timer && !wakeTimer) wakeSoon();
    },

    /** Stops the timer and waits for a run under way (before the database closes). */
    async stop() {
      if (timer) clearInterval(timer);
      if (wakeTimer) clearTimeout(wakeTimer);
      timer = undefined;
      wakeTimer = undefined;
      again = false;
      await running;
    },
  };
}

export type TimerJob = ReturnType<typeof createTimerJob>;
