import fs from 'node:fs';
import path from 'node:path';
import { createLogger, loadConfigFromFile } from 'vite';
import { describe, expect, it } from 'vitest';

/**
 * Issue 49, point 20: a clean clone's `npm install` and `npm start` print no warning a newcomer
 * cannot act on (decision 043).
 */
const root = path.resolve(import.meta.dirname, '..');
const readJson = (file: string) =>
  JSON.parse(fs.readFileSync(path.join(root, file), 'utf8')) as Record<string, unknown>;

describe('a clean install and start', () => {
  it("names every dependency's install script in allowScripts, so npm lists none to review", () => {
    const { packages } = readJson('package-lock.json') as {
      packages: Record<string, { hasInstallScript?: boolean }>;
    };
    const { allowScripts = {} } = readJson('package.json') as {
      allowScripts?: Record<string, boolean>;
    };
    const withScripts = new Set(
      Object.entries(packages)
        .filter(([, entry]) => entry.hasInstallScript)
        .map(([location]) => location.slice(location.lastIndexOf('node_modules/') + 13)),
    );
    expect([...withScripts].filter((name) => !(name in allowScripts))).toEqual([]);
    // esbuild's checks that its platform binary is there (the API's build and tsx need it).
    expect(allowScripts.esbuild).toBe(true);
    // No entry for a package that no longer has one: the list says what is installed.
    expect(Object.keys(allowScripts).filter((name) => !withScripts.has(name))).toEqual([]);
  });

  it("loads the web app's Vite config without a warning", async () => {
    const warnings: string[] = [];
    const logger = createLogger('info');
    logger.warn = (message) => warnings.push(message);
    logger.warnOnce = (message) => warnings.push(message);
    const loaded = await loadConfigFromFile(
      { command: 'build', mode: 'production' },
      path.join(root, 'apps/web/vite.config.ts'),
      path.join(root, 'apps/web'),
      'info',
      logger,
    );
    expect(loaded?.path).toBe(path.join(root, 'apps/web/vite.config.ts'));
    expect(warnings).toEqual([]);
  });
});
