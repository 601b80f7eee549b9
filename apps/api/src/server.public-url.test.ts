/**
 * Issue 49: a shop put on the internet with no PUBLIC_URL writes http://localhost:PORT into its
 * canonical links, sitemaps and emails. Its start says so; once PUBLIC_URL is set, the ready
 * line names it and the warning is gone.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { startServerProcess } from './test/processes';

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-public-url-'));
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

/**
 * Starts the shop, waits for its log line about SMTP_URL (logged just after the one about
 * PUBLIC_URL, through the same buffered log), then stops it: what it printed, and its lines.
 */
async function startAndStop(env: Record<string, string>) {
  const server = await startServerProcess({
    DATA_DIR: dataDir,
    SEED_DEMO: 'false',
    LOG_LEVEL: 'info',
    ...env,
  });
  try {
    const deadline = Date.now() + 20_000;
    while (!server.output().stdout.includes('SMTP_URL is not set')) {
      if (Date.now() > deadline) throw new Error(`no SMTP_URL line: ${server.output().stdout}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  } finally {
    server.child.kill('SIGTERM');
  }
  const lines = (await server.exited).stdout.split('\n');
  const readyAt = lines.findIndex((line) => line.includes('Laptop parts shop ready in'));
  // The ready line is the start's last: after the migrations' line and the warnings.
  expect(readyAt).toBeGreaterThan(lines.findIndex((line) => line.includes('"database migrated"')));
  expect(readyAt).toBeGreaterThan(lines.findIndex((line) => line.includes('SMTP_URL is not set')));
  return {
    url: server.url,
    ready: lines[readyAt] ?? '',
    warnings: lines.filter((line) => line.includes('PUBLIC_URL is not set')),
  };
}

describe('the start and PUBLIC_URL', () => {
  it('in production without PUBLIC_URL, warns that links point at localhost, naming PUBLIC_URL', async () => {
    const started = await startAndStop({ NODE_ENV: 'production', PUBLIC_URL: '' });
    expect(started.warnings).toHaveLength(1);
    const warning = JSON.parse(started.warnings[0]!) as { level: number; msg: string };
    expect(warning.level).toBe(40); // pino's warn
    expect(warning.msg).toContain(
      `canonical links, sitemaps and emails point at ${new URL(started.url).origin}`,
    );
    expect(warning.msg).toContain('Set PUBLIC_URL to the address customers open');
    expect(started.ready).not.toContain('public address');
  }, 120_000);

  it('with PUBLIC_URL set, does not warn, and the ready line names the public address', async () => {
    const started = await startAndStop({
      NODE_ENV: 'production',
      PUBLIC_URL: 'https://shop.example',
    });
    expect(started.warnings).toEqual([]);
    expect(started.ready).toContain(
      `open ${started.url} (public address https://shop.example, data in ${dataDir}, 1 process)`,
    );
  }, 120_000);

  it('in development, where localhost is the point, does not warn', async () => {
    const started = await startAndStop({ NODE_ENV: 'development', PUBLIC_URL: '' });
    expect(started.warnings).toEqual([]);
    expect(started.ready).toContain(`open ${started.url} (data in ${dataDir}, 1 process)`);
  }, 120_000);
});
