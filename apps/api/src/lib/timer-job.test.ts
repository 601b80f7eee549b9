import pino from 'pino';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { WAKE_DELAY_MS, createTimerJob } from './timer-job';

/** On a fake clock: each test moves time itself, so nothing here sleeps. */
describe('a timer job', () => {
  let runs: number;
  let logged: Record<string, unknown>[];
  /** Held runs, released in order. */
  let holds: (() => void)[];
  let holdRuns: boolean;
  let failRuns: boolean;

  const job = (intervalMs = 1000) =>
    createTimerJob({
      name: 'test job',
      intervalMs,
      logger: pino(
        { level: 'error' },
        { write: (line: string) => logged.push(JSON.parse(line) as Record<string, unknown>) },
      ),
      run: async () => {
        runs += 1;
        if (holdRuns) await new Promise<void>((resolve) => holds.push(resolve));
        if (failRuns) throw new Error('database went away');
      },
    });

  beforeEach(() => {
    vi.useFakeTimers();
    runs = 0;
    logged = [];
    holds = [];
    holdRuns = false;
    failRuns = false;
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('runs at start, then every interval, and a second start changes nothing', async () => {
    const timed = job(1000);
    timed.start();
    timed.start();
    await vi.advanceTimersByTimeAsync(0);
    expect(runs).toBe(1);
    await vi.advanceTimersByTimeAsync(999);
    expect(runs).toBe(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(runs).toBe(2);
    await vi.advanceTimersByTimeAsync(3000);
    expect(runs).toBe(5);
    await timed.stop();
  });

  it('never runs twice at once: the ticks during a slow run make one run after it', async () => {
    const timed = job(100);
    holdRuns = true;
    timed.start();
    await vi.advanceTimersByTimeAsync(1000); // ten ticks while the first run is held
    expect(runs).toBe(1);
    holdRuns = false;
    holds.shift()!();
    await vi.advanceTimersByTimeAsync(0);
    expect(runs).toBe(2); // the one run asked for meanwhile, at once
    await vi.advanceTimersByTimeAsync(100);
    expect(runs).toBe(3); // then the interval again
    await timed.stop();
  });

  it('logs a run that failed as "<name> failed", and runs again at the next tick', async () => {
    const timed = job(1000);
    failRuns = true;
    timed.start();
    await vi.advanceTimersByTimeAsync(0);
    expect(logged).toHaveLength(1);
    expect(logged[0]).toMatchObject({
      msg: 'test job failed',
      err: { message: 'database went away' },
    });
    failRuns = false;
    await vi.advanceTimersByTimeAsync(1000);
    expect(runs).toBe(2);
    expect(logged).toHaveLength(1);
    await timed.stop();
  });

  it('a wake runs it within a moment, once for a burst of wakes, and only when started', async () => {
    const timed = job(60_000);
    timed.wake();
    await vi.advanceTimersByTimeAsync(WAKE_DELAY_MS);
    expect(runs).toBe(0); // not started: a test's app runs its jobs by hand

    timed.start();
    await vi.advanceTimersByTimeAsync(0);
    expect(runs).toBe(1);
    for (let i = 0; i < 10; i++) timed.wake();
    await vi.advanceTimersByTimeAsync(WAKE_DELAY_MS - 1);
    expect(runs).toBe(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(runs).toBe(2);
    await timed.stop();
  });

  it('runNow answers when the run ends; during a run, when that run ends', async () => {
    const timed = job();
    holdRuns = true;
    let firstEnded = false;
    const first = timed.runNow().then(() => (firstEnded = true));
    const second = timed.runNow();
    await vi.advanceTimersByTimeAsync(0);
    expect(runs).toBe(1); // not started: no run after this one
    expect(firstEnded).toBe(false);
    holds.shift()!();
    await Promise.all([first, second]);
    await vi.advanceTimersByTimeAsync(0);
    expect(runs).toBe(1);
  });

  it('stop waits for the run under way, and nothing runs after it', async () => {
    const timed = job(100);
    holdRuns = true;
    timed.start();
    await vi.advanceTimersByTimeAsync(0);
    timed.wake(); // asks for one more run after the held one
    let stopped = false;
    const stopping = timed.stop().then(() => (stopped = true));
    await vi.advanceTimersByTimeAsync(500);
    expect(stopped).toBe(false);
    holds.shift()!();
    await stopping;
    await vi.advanceTimersByTimeAsync(1000);
    expect(runs).toBe(1);
  });
});
