import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['apps/*/src/**/*.test.ts', 'packages/*/src/**/*.test.ts', 'scripts/**/*.test.ts'],
    environment: 'node',
    // CI prints every test, so the log shows the [postgres] runs happened.
    reporters: process.env.CI === 'true' ? ['verbose'] : ['default'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
