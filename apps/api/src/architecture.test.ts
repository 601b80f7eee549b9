import path from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

/**
 * The API's walls (eslint.config.js): env.ts <- lib <- db <- mail <- auth <- modules <- app. A file
 * linted here is placed in a layer by its path and imports a real file of another layer, so
 * the rule resolves it exactly as `npm run lint` would.
 */
const repoRoot = path.resolve(import.meta.dirname, '../../..');
// import/no-cycle reads the linted file from the disk; these files exist only here.
const eslint = new ESLint({
  cwd: repoRoot,
  overrideConfig: { rules: { 'import/no-cycle': 'off' } },
});

async function wallsBroken(filePath: string, importPath: string) {
  const [result] = await eslint.lintText(
    `import * as imported from '${importPath}';\nvoid imported;\n`,
    {
      filePath: path.join(repoRoot, filePath),
    },
  );
  return result!.messages
    .filter((message) => message.ruleId === 'import/no-restricted-paths')
    .map((message) => message.message);
}

describe('the API layers', () => {
  it.each([
    ['auth/ importing modules/', 'apps/api/src/auth/x.ts', '../modules/users/users.service'],
    ['lib/ importing db/', 'apps/api/src/lib/x.ts', '../db/schema'],
    ['db/ importing auth/', 'apps/api/src/db/x.ts', '../auth/identity'],
    ['mail/ importing auth/', 'apps/api/src/mail/x.ts', '../auth/identity'],
    ['db/ importing mail/', 'apps/api/src/db/x.ts', '../mail/mail-queue'],
    ['modules/ importing app.ts', 'apps/api/src/modules/orders/x.ts', '../../app'],
    ['modules/ importing server.ts', 'apps/api/src/modules/orders/x.ts', '../../server'],
    ['env.ts importing lib/', 'apps/api/src/env.ts', './lib/errors'],
    [
      "a module importing the tests' helpers",
      'apps/api/src/modules/tools/x.ts',
      '../../test/identity',
    ],
  ])('refuses %s', async (_case, filePath, importPath) => {
    const broken = await wallsBroken(filePath, importPath);
    expect(broken).toHaveLength(1);
    expect(broken[0]).toMatch(/may import only the layers below it/);
  });

  it.each([
    ['modules/ importing auth/', 'apps/api/src/modules/orders/x.ts', '../../auth/identity'],
    ['auth/ importing db/ and lib/', 'apps/api/src/auth/x.ts', '../db/schema'],
    ['auth/ importing mail/', 'apps/api/src/auth/x.ts', '../mail/mail-queue'],
    ['app.ts importing modules/', 'apps/api/src/app.ts', './modules/orders/orders.service'],
    ['a test importing the whole app', 'apps/api/src/auth/x.test.ts', '../app'],
  ])('allows %s', async (_case, filePath, importPath) => {
    expect(await wallsBroken(filePath, importPath)).toEqual([]);
  });
});
