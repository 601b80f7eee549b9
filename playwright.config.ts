import { defineConfig, devices } from '@playwright/test';
import { chromiumArgs, findChromium } from './scripts/chromium.mjs';

const port = Number(process.env.E2E_PORT ?? 4310);
const baseURL = `http://127.0.0.1:${port}`;
/** Emptied at every run; another folder lets two runs on other ports go side by side. */
const dataDir = process.env.E2E_DATA_DIR ?? '.data-e2e';
/** A real OpenID provider on loopback, for social sign-in (docs/architecture.md, Tests; apps/web/e2e/support). */
const oidcPort = Number(process.env.E2E_OIDC_PORT ?? 4320);
const oidcIssuer = `http://127.0.0.1:${oidcPort}`;

export default defineConfig({
  testDir: 'apps/web/e2e',
  timeout: 30_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: 1,
  forbidOnly: process.env.CI === 'true',
  retries: 0,
  reporter: process.env.CI === 'true' ? [['list']] : [['list'], ['html', { open: 'never' }]],
  use: {
    baseURL,
    // A trace records every test as it runs (screencast and DOM snapshots): a fifth of the
    // browser's CPU here (tables.spec: 164 s with it, 144 s without). CI's traces cannot be
    // opened after the run, so CI records none; a run by hand keeps those of failed tests.
    trace: process.env.CI === 'true' ? 'off' : 'retain-on-failure',
    screenshot: 'only-on-failure',
  },
  projects: [
    {
      name: 'chromium',
      use: {
        ...devices['Desktop Chrome'],
        launchOptions: { executablePath: findChromium(), args: chromiumArgs },
      },
    },
  ],
  webServer: [
    {
      command: 'node apps/web/e2e/support/oidc-server.mjs',
      url: `${oidcIssuer}/.well-known/openid-configuration`,
      reuseExistingServer: false,
      timeout: 30_000,
      env: { OIDC_PORT: String(oidcPort), OIDC_SHOP_URL: baseURL },
    },
    // The shop as a user starts it (npm start), on a fresh embedded database, in development
    // mode: the tests read the emails it writes from its outbox (/dev/outbox, loopback only).
    {
      command: `rm -rf ${dataDir} && npm start`,
      url: `${baseURL}/api/ready`,
      reuseExistingServer: false,
      timeout: 120_000,
      env: {
        NODE_ENV: 'development',
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        LOG_LEVEL: 'warn',
        PUBLIC_URL: baseURL,
        OIDC_ISSUER: oidcIssuer,
        OIDC_CLIENT_ID: 'shop-e2e',
        OIDC_CLIENT_SECRET: 'shop-e2e-secret',
        OIDC_NAME: 'Loopback ID',
        // The tests sign in and up many times a minute from one address.
        AUTH_RATE_LIMIT_PER_MINUTE: '1000',
        // Admin only when signed in through the OpenID provider, which verifies it
        // (apps/web/e2e/support/accounts.ts); a password sign-up of it stays a customer.
        ADMIN_EMAIL: 'shopadmin@example.com',
      },
    },
  ],
});
