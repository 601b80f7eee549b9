// Load with autocannon, and the few statistics the table shows.
import autocannon from 'autocannon';

/**
 * Runs autocannon and answers { rps, p50, p99, requests, non2xx, errors }. `rps` counts 2xx
 * answers only; the caller decides whether any other answer is a failure.
 */
export async function load(options) {
  const result = await autocannon({ duration: 5, ...options });
  const ok = result['2xx'];
  return {
    rps: ok / result.duration,
    p50: result.latency.p50,
    p99: result.latency.p99,
    requests: result.requests.total,
    ok,
    non2xx: result.non2xx,
    statusCodes: result.statusCodeStats,
    errors: result.errors + result.timeouts,
  };
}

/** Throws when a load run had errors or unexpected statuses. */
export function assertClean(label, run) {
  if (run.errors > 0 || run.non2xx > 0) {
    throw new Error(
      `${label}: ${run.errors} errors and ${run.non2xx} non-2xx answers in ${run.requests} requests`,
    );
  }
}

/** The best of several runs (noise on a shared machine only ever slows things down). */
export const best = (runs) => ({
  ...runs[0],
  rps: Math.max(...runs.map((run) => run.rps)),
  p50: Math.min(...runs.map((run) => run.p50)),
  p99: Math.min(...runs.map((run) => run.p99)),
});

/** Percentile of a list of numbers (nearest rank). */
export function percentile(values, p) {
  if (values.length === 0) return NaN;
  const sorted = Float64Array.from(values).sort();
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

/**
 * Runs `task` from `workers` concurrent loops for `durationMs`; answers operations per second
 * and latency percentiles (ms), as autocannon does for HTTP.
 */
export async function loop({ workers, durationMs, task }) {
  const latencies = [];
  const until = performance.now() + durationMs;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: workers }, async (_, worker) => {
      while (performance.now() < until) {
        const begun = performance.now();
        await task(worker);
        latencies.push(performance.now() - begun);
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  return {
    rps: latencies.length / seconds,
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
    requests: latencies.length,
    ok: latencies.length,
    non2xx: 0,
    errors: 0,
  };
}
