// Lighthouse (mobile settings: emulated phone, simulated slow 4G and CPU) on the shop's
// pages, in Debian's Chromium, against a reference page (a minimal well-formed HTML page from
// a bare node:http server) scored in the same run.
import { spawn } from 'node:child_process';
import path from 'node:path';
import lighthouse from 'lighthouse';
import { chromiumArgs, findChromium } from '../scripts/chromium.mjs';
import { onCleanup, tempDir } from './lib/cleanup.mjs';
import { freePort, startBareServer } from './lib/shop.mjs';

export const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'];
// A part's and a laptop model's pages, rendered at each request (decision 036), from the demo
// catalogue the benchmark's shop starts with.
export const PAGES = [
  '/',
  '/blogs',
  '/login',
  '/parts/t490-battery-50wh-lps000012',
  '/laptops/lenovo-thinkpad-t480',
];

const REFERENCE_PAGE = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <meta name="description" content="A reference page for the shop's Lighthouse benchmark." />
    <title>Reference page</title>
  </head>
  <body>
    <main>
      <h1>Reference page</h1>
      <p>The least a page can be: what this machine's Lighthouse scores at best.</p>
    </main>
  </body>
</html>
`;

/** Debian's Chromium with a DevTools port on 127.0.0.1, stopped at cleanup. */
async function startChromium(chromePath) {
  const port = await freePort();
  const profile = tempDir('chromium');
  const child = spawn(
    chromePath,
    [
      ...chromiumArgs,
      '--headless=new',
      `--user-data-dir=${profile}`,
      `--remote-debugging-port=${port}`,
      '--remote-debugging-address=127.0.0.1',
      'about:blank',
    ],
    { stdio: 'ignore' },
  );
  const exited = new Promise((resolve) => child.once('exit', resolve));
  const stop = onCleanup(async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    child.kill('SIGTERM');
    const timer = setTimeout(() => child.kill('SIGKILL'), 5000);
    await exited;
    clearTimeout(timer);
  });
  for (let tries = 0; tries < 300; tries++) {
    try {
      const response = await fetch(`http://127.0.0.1:${port}/json/version`);
      if (response.ok) return { port, stop };
    } catch {
      // not up yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  await stop();
  throw new Error('Chromium did not open its DevTools port');
}

class LighthouseRuntimeError extends Error {
  constructor(message, code) {
    super(message);
    this.code = code;
  }
}

/**
 * Lighthouse's tracing sometimes loses the navigation's start (NO_NAVSTART, "Please run
 * Lighthouse again"): that run measured nothing, so it is run again, twice at most. Any other
 * failure, and a third loss in a row, fails the line.
 */
const RETRIED_RUNTIME_ERRORS = new Set(['NO_NAVSTART', 'NO_FCP', 'NO_LCP']);

async function scoreWithRetry(url, port) {
  for (let attempt = 1; ; attempt++) {
    try {
      return await score(url, port);
    } catch (error) {
      const retriable =
        error instanceof LighthouseRuntimeError && RETRIED_RUNTIME_ERRORS.has(error.code);
      if (!retriable || attempt === 3) throw error;
      console.warn(`${error.message}; running it again`);
    }
  }
}

async function score(url, port) {
  const result = await lighthouse(url, {
    port,
    output: 'json',
    logLevel: 'error',
    onlyCategories: CATEGORIES,
    maxWaitForLoad: 60_000,
  });
  const { categories, runtimeError } = result.lhr;
  if (runtimeError) {
    throw new LighthouseRuntimeError(
      `Lighthouse on ${url}: ${runtimeError.message}`,
      runtimeError.code,
    );
  }
  const scores = Object.fromEntries(
    CATEGORIES.map((id) => [id, Math.round((categories[id]?.score ?? 0) * 100)]),
  );
  // What cost points, for the report.
  const failed = Object.values(result.lhr.audits)
    .filter(
      (audit) =>
        audit.score !== null &&
        audit.score < 0.9 &&
        audit.scoreDisplayMode !== 'informative' &&
        audit.scoreDisplayMode !== 'manual' &&
        audit.scoreDisplayMode !== 'notApplicable',
    )
    .map((audit) => `${audit.id}${audit.displayValue ? ` (${audit.displayValue})` : ''}`);
  const { audits } = result.lhr;
  return {
    scores,
    failed,
    lcpMs: Math.round(audits['largest-contentful-paint'].numericValue),
    cls: audits['cumulative-layout-shift'].numericValue,
  };
}

/**
 * Lighthouse's own advice for a score that moves from run to run: run it five times and
 * report the median (three let one loaded moment on a 2-core machine decide it). Rounds go through every page in turn, so a burst of load on the machine
 * falls on one run of each rather than on every run of one page.
 */
export const RUNS_PER_PAGE = 5;

/** The run whose performance score is the median of the runs (its failed audits come along). */
function medianRun(runs) {
  const sorted = [...runs].sort((a, b) => a.scores.performance - b.scores.performance);
  return sorted[Math.floor(sorted.length / 2)];
}

/**
 * Answers { skipped } or { reference: scores, pages: { path: { scores, failed, performances } } }:
 * per page the median run, and every run's performance score.
 */
export async function measureLighthouse({ shopUrl, dir, runs = RUNS_PER_PAGE }) {
  const chromePath = process.env.CHROME_PATH || findChromium();
  if (!chromePath) return { skipped: 'no Chromium (install chromium or set CHROME_PATH)' };
  const chromium = await startChromium(chromePath);
  const reference = await startBareServer({
    body: REFERENCE_PAGE,
    contentType: 'text/html; charset=utf-8',
    logFile: path.join(dir, 'bare-lighthouse.log'),
    onlyRoot: true,
  });
  try {
    const targets = [
      ['reference', `${reference.url}/`],
      ...PAGES.map((page) => [page, `${shopUrl}${page}`]),
    ];
    const results = Object.fromEntries(targets.map(([name]) => [name, []]));
    for (let round = 0; round < runs; round++) {
      for (const [name, url] of targets) {
        results[name].push(await scoreWithRetry(url, chromium.port));
      }
    }
    const pages = Object.fromEntries(
      PAGES.map((page) => [
        page,
        {
          ...medianRun(results[page]),
          performances: results[page].map((run) => run.scores.performance),
        },
      ]),
    );
    return { reference: medianRun(results.reference).scores, pages };
  } finally {
    await reference.stop();
    await chromium.stop();
  }
}
