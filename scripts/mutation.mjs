// Mutation testing (StrykerJS, Vitest runner):
//   npm run test:mutation -- [shared|services] [--mutate F,...] [--test-files F,...] [--force]
// Each area's code is mutated and the tests that cover a mutant are run against it; a mutant
// no test notices "survives". The score is killed / (killed + survived + no coverage), per area
// and overall. Runs are incremental: only mutants whose code or tests changed since the last run
// (reports/mutation/<area>-incremental.json) are tested again; a run narrowed with --mutate
// (and, to be quicker, --test-files) updates those files' mutants and keeps the others'.
// docs/testing.md has the figures.
import { readFile } from 'node:fs/promises';
import { parseArgs } from 'node:util';
import { Stryker } from '@stryker-mutator/core';

/**
 * packages/shared is tested by its own unit tests only: its rules are zod schemas built when the
 * module loads, so with the API tests included every one of its mutants would run all of them.
 * The services are tested by the API tests on PGlite (vitest.mutation.config.ts); the security
 * headers, body limit and token lifetime sit beside them because issue 15's survivors (c)-(f)
 * were there.
 */
const areas = {
  shared: {
    mutate: [
      'packages/shared/src/**/*.ts',
      '!packages/shared/src/**/*.test.ts',
      '!packages/shared/src/test/**',
      '!packages/shared/src/index.ts',
    ],
    vitestConfig: 'vitest.mutation.shared.config.ts',
  },
  services: {
    mutate: [
      'apps/api/src/modules/**/*.ts',
      '!apps/api/src/modules/**/*.test.ts',
      '!apps/api/src/modules/**/*.routes.ts',
      'apps/api/src/lib/security.ts',
      'apps/api/src/auth/session-tokens.ts',
    ],
    vitestConfig: 'vitest.mutation.config.ts',
  },
};

const { positionals: asked, values: narrowed } = parseArgs({
  allowPositionals: true,
  options: {
    mutate: { type: 'string', multiple: true },
    'test-files': { type: 'string', multiple: true },
    force: { type: 'boolean', default: false },
    // Reports and incremental file under another name, so narrowed runs can go side by side.
    report: { type: 'string' },
  },
});
const unknown = asked.filter((name) => !(name in areas));
if (unknown.length > 0) {
  console.error(`Unknown area ${unknown.join(', ')}: choose from ${Object.keys(areas).join(', ')}`);
  process.exit(2);
}
const chosen = asked.length > 0 ? asked : Object.keys(areas);

const count = (results) => {
  const by = (status) => results.filter((result) => result.status === status).length;
  const figures = {
    mutants: results.length,
    killed: by('Killed'),
    timeout: by('Timeout'),
    survived: by('Survived'),
    noCoverage: by('NoCoverage'),
    ignored: by('Ignored'),
    errors: by('RuntimeError') + by('CompileError'),
  };
  const detected = figures.killed + figures.timeout;
  const valid = detected + figures.survived + figures.noCoverage;
  return { ...figures, score: valid === 0 ? 100 : (100 * detected) / valid };
};

const all = [];
const summary = {};
for (const area of chosen) {
  const started = Date.now();
  const name = narrowed.report ?? area;
  const results = await new Stryker({
    testRunner: 'vitest',
    vitest: { configFile: areas[area].vitestConfig, related: false },
    plugins: ['@stryker-mutator/vitest-runner', './scripts/mutation-log-ignorer.mjs'],
    ignorers: ['log-calls'],
    mutate: narrowed.mutate?.flatMap((files) => files.split(',')) ?? areas[area].mutate,
    ...(narrowed['test-files']
      ? { testFiles: narrowed['test-files'].flatMap((files) => files.split(',')) }
      : {}),
    coverageAnalysis: 'perTest',
    incremental: true,
    // Static mutants (code run when a module loads: most of packages/shared) are covered by no
    // test in particular, so a new test does not make Stryker retry them: --force does.
    force: narrowed.force,
    incrementalFile: `reports/mutation/${name}-incremental.json`,
    // Two cores, shared: one test process. MUTATION_CONCURRENCY raises it on a larger machine.
    concurrency: Number(process.env.MUTATION_CONCURRENCY ?? 1),
    // An API test starts an app on PGlite; on a busy machine that alone can take seconds.
    timeoutMS: 20_000,
    timeoutFactor: 2,
    dryRunTimeoutMinutes: 30,
    tempDirName: '.stryker-tmp',
    // The sandbox needs the API, the shared package and the configs: not the web app, nor the
    // data folders a local shop left (a stopped shop's control socket cannot be copied).
    ignorePatterns: [
      'apps/web',
      'bench',
      'docs',
      'reports',
      'test-results',
      'playwright-report',
      'data',
      '.data*',
    ],
    reporters: ['clear-text', 'progress-append-only', 'html', 'json'],
    htmlReporter: { fileName: `reports/mutation/${name}.html` },
    jsonReporter: { fileName: `reports/mutation/${name}.json` },
    clearTextReporter: { allowEmojis: false, logTests: false, reportMutants: true },
    thresholds: { high: 95, low: 90, break: null },
  }).runMutationTest();
  const minutes = ((Date.now() - started) / 60_000).toFixed(1);
  // The area's whole report: a narrowed run keeps the other files' results from the last one.
  const report = JSON.parse(await readFile(`reports/mutation/${name}.json`, 'utf8'));
  const areaResults = Object.values(report.files).flatMap((file) => file.mutants);
  all.push(...areaResults);
  summary[area] = { ...count(areaResults), minutes, testedNow: results.length };
}
if (chosen.length > 1) summary.overall = count(all);

console.log('\nMutation score (killed + timeout) / (killed + timeout + survived + no coverage):');
console.table(
  Object.fromEntries(
    Object.entries(summary).map(([area, figures]) => [
      area,
      { ...figures, score: `${figures.score.toFixed(2)}%` },
    ]),
  ),
);
