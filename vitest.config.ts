import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // CI prints every test, so the log shows the [postgres] runs happened.
    reporters: process.env.CI === 'true' ? ['verbose'] : ['default'],
    // Every core (Vitest's default leaves one free): the files are busy with the CPU, and on
    // the 2-core CI machine two workers took 1,313 s where one took 1,635 s (issue 32).
    maxWorkers: availableParallelism(),
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // Two projects, one run (decision 044): a file runs in the one whose pattern it matches.
    projects: [
      {
        extends: true,
        test: {
          name: 'node',
          include: [
            'apps/*/src/**/*.test.ts',
            'packages/*/src/**/*.test.ts',
            'scripts/**/*.test.ts',
          ],
          environment: 'node',
          // Each test database schema built once per run, not once per file.
          globalSetup: ['apps/api/src/test/global-setup.ts'],
        },
      },
      {
        // The web app's components rendered in jsdom, as a user sees them: no database.
        extends: true,
        test: {
          name: 'web',
          include: ['apps/web/src/**/*.test.tsx'],
          environment: 'jsdom',
          setupFiles: ['apps/web/src/test/setup.ts'],
        },
      },
    ],
  },
});
