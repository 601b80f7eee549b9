import { defineConfig } from 'vitest/config';

/** packages/shared's own unit tests: what the mutation run (scripts/mutation.mjs) holds its rules to. */
export default defineConfig({
  test: {
    include: ['packages/shared/src/**/*.test.ts'],
    environment: 'node',
  },
});
