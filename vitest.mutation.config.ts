import { defineConfig } from 'vitest/config';

/**
 * The tests the mutation run (`npm run test:mutation`, scripts/mutation.mjs) runs against each
 * mutated service: the modules' API tests and the token and security-header tests, on PGlite
 * only (an in-memory database per test file, no server to share). Process, fuzz and browser
 * tests are left out: they prove other things and would make each mutant cost minutes.
 */
export default defineConfig({
  test: {
    include: [
      'apps/api/src/modules/**/*.test.ts',
      'apps/api/src/auth/session-tokens.test.ts',
      'apps/api/src/auth/session-tokens-cache.test.ts',
      'apps/api/src/auth/token-cache.test.ts',
      'apps/api/src/auth/token-lifetime.test.ts',
      'apps/api/src/lib/security.test.ts',
      'apps/api/src/security/web-checklist.test.ts',
      'apps/api/src/security/authorization-matrix.test.ts',
      'apps/api/src/security/mass-assignment.test.ts',
      // The payment failures the services report (payments.service.ts' `attempt`).
      'apps/api/src/metrics.test.ts',
    ],
    environment: 'node',
    // PGlite only, whatever the shell says: the run must not depend on a server.
    env: { TEST_DATABASE_URL: '', CI: 'false' },
    // One worker keeps its modules and its migrated PGlite template from one test file (and one
    // mutant) to the next: starting them again for each mutant cost more than the tests.
    isolate: false,
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
