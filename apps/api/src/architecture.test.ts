import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ESLint } from 'eslint';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/**
 * `npm run lint` refuses what the walls, the cycle rule and the promise rules forbid
 * (eslint.config.js, docs/architecture.md).
 *
 * The walls: a file linted here is placed in a layer or a feature by its path and imports a real
 * file of another, so the rule resolves it exactly as `npm run lint` would.
 */
const repoRoot = path.resolve(import.meta.dirname, '../../..');
// These files exist only here, and the rules that read the disk cannot see them: the cycle rule
// reads the files they import, the type-aware rules the files of a tsconfig.json. Those are
// proved below, on a copy of the lint config with fixture files.
const eslint = new ESLint({
  cwd: repoRoot,
  overrideConfig: {
    languageOptions: { parserOptions: { projectService: false } },
    rules: {
      'shop/no-cycle': 'off',
      'import/no-cycle': 'off',
      '@typescript-eslint/no-floating-promises': 'off',
      '@typescript-eslint/no-misused-promises': 'off',
    },
  },
});

// Loading the config and its plugins takes seconds, more on a busy machine: not one test's time.
beforeAll(async () => {
  await eslint.lintText('', { filePath: path.join(repoRoot, 'apps/api/src/x.ts') });
}, 120_000);

async function wallsBroken(filePath: string, importPath: string) {
  const [result] = await eslint.lintText(
    `import * as imported from '${importPath}';\nvoid imported;\n`,
    {
      filePath: path.join(repoRoot, filePath),
    },
  );
  expect(result!.messages.filter((message) => message.fatal)).toEqual([]);
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
    ['modules/ importing flows/', 'apps/api/src/modules/payments/x.ts', '../../flows/refund'],
    ['flows/ importing app.ts', 'apps/api/src/flows/x.ts', '../app'],
    ['env.ts importing lib/', 'apps/api/src/env.ts', './lib/errors'],
    [
      "a module importing the tests' helpers",
      'apps/api/src/modules/catalogue/x.ts',
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
    ['app.ts importing a module', 'apps/api/src/app.ts', './modules/orders'],
    ['flows/ importing a module', 'apps/api/src/flows/x.ts', '../modules/orders/index'],
    ['app.ts importing flows/', 'apps/api/src/app.ts', './flows/refund'],
    ['a test importing the whole app', 'apps/api/src/auth/x.test.ts', '../app'],
  ])('allows %s', async (_case, filePath, importPath) => {
    expect(await wallsBroken(filePath, importPath)).toEqual([]);
  });
});

describe('the API modules', () => {
  it.each([
    [
      "a module importing another's service",
      'apps/api/src/modules/reviews/x.ts',
      '../orders/orders.service',
    ],
    [
      "a module importing another's routes",
      'apps/api/src/modules/cart/x.ts',
      '../users/users.routes',
    ],
    [
      "app.ts importing a module's service",
      'apps/api/src/app.ts',
      './modules/orders/orders.service',
    ],
    [
      "cli/ importing a module's service",
      'apps/api/src/cli/x.ts',
      '../modules/users/users.service',
    ],
  ])('refuses %s', async (_case, filePath, importPath) => {
    const broken = await wallsBroken(filePath, importPath);
    expect(broken).toHaveLength(1);
    expect(broken[0]).toMatch(/only through its index\.ts/);
  });

  it.each([
    ["a module importing another's surface", 'apps/api/src/modules/reviews/x.ts', '../orders'],
    ["a module importing another's index.ts", 'apps/api/src/modules/cart/x.ts', '../users/index'],
    ['a module importing its own files', 'apps/api/src/modules/orders/x.ts', './orders.service'],
    [
      "a test importing a module's files",
      'apps/api/src/modules/cart/x.test.ts',
      '../orders/orders.service',
    ],
  ])('allows %s', async (_case, filePath, importPath) => {
    expect(await wallsBroken(filePath, importPath)).toEqual([]);
  });
});

describe('the web features', () => {
  it.each([
    // cart and admin-reports were missing from the list the config once held by hand.
    [
      'cart importing catalogue',
      'apps/web/src/features/cart/x.ts',
      '../catalogue/components/tool-card',
    ],
    [
      'admin-reports importing admin-tools',
      'apps/web/src/features/admin-reports/components/x.tsx',
      '../../admin-tools/components/tool-editor',
    ],
    [
      'catalogue importing cart',
      'apps/web/src/features/catalogue/x.ts',
      '../cart/utils/cart-lines',
    ],
  ])('refuses %s', async (_case, filePath, importPath) => {
    const broken = await wallsBroken(filePath, importPath);
    expect(broken).toHaveLength(1);
    expect(broken[0]).toMatch(/Features do not import each other/);
  });

  it.each([
    ['lib/ importing a feature', 'apps/web/src/lib/x.ts', '../features/cart/utils/cart-lines'],
    ['a feature importing app/', 'apps/web/src/features/cart/x.ts', '../../app/router'],
  ])('refuses %s', async (_case, filePath, importPath) => {
    expect(await wallsBroken(filePath, importPath)).toHaveLength(1);
  });

  it.each([
    ['a feature importing itself', 'apps/web/src/features/cart/x.ts', './utils/cart-lines'],
    ['a feature importing lib/', 'apps/web/src/features/cart/x.ts', '../../lib/paths'],
    [
      'a feature importing components/ui',
      'apps/web/src/features/cart/x.ts',
      '../../components/ui/spinner',
    ],
    [
      'app/ importing a feature',
      'apps/web/src/app/routes/x.tsx',
      '../../features/cart/utils/cart-lines',
    ],
  ])('allows %s', async (_case, filePath, importPath) => {
    expect(await wallsBroken(filePath, importPath)).toEqual([]);
  });
});

/**
 * A copy of the lint config (eslint.config.js, eslint/, the tsconfig files) in a temporary folder,
 * with fixture files in the apps' places, linted whole as `npm run lint` lints the repository:
 * the feature folders are read from the disk when the config loads, the cycle rule reads the
 * imported files, the promise rules the types of the fixtures' tsconfig.json. Nothing is written
 * into the repository, whose lint may be running beside this test.
 */
const fixtures: Record<string, string> = {
  // Two API modules the config never named: one reaches behind the other's index.ts, one does not.
  'apps/api/src/modules/fresh/behind-the-door.ts':
    "import { stock } from '../other/other.service';\n\nexport const taken = stock;\n",
  'apps/api/src/modules/fresh/through-the-door.ts':
    "import { stock } from '../other';\n\nexport const counted = stock;\n",
  'apps/api/src/modules/other/other.service.ts': 'export const stock = 1;\n',
  'apps/api/src/modules/other/index.ts': "export { stock } from './other.service';\n",
  // A feature folder that did not exist when the config was written.
  'apps/web/src/features/brand-new/borrows-catalogue.ts':
    "import { toolCard } from '../catalogue/tool-card';\n\nexport const borrowed = toolCard;\n",
  'apps/web/src/features/catalogue/tool-card.ts': "export const toolCard = 'card';\n",
  'apps/web/src/features/catalogue/our-tools.ts':
    "import { toolCard } from './tool-card';\n\nexport const ourTools = [toolCard];\n",
  // orders.service.ts <-> orders-export.ts as they were: a value one way, a type back.
  'apps/api/src/lib/orders-service.ts':
    "import { columns } from './orders-export';\n\nexport const ordersService = { columns };\n",
  'apps/api/src/lib/orders-export.ts': [
    "import type { ordersService } from './orders-service';",
    '',
    "export const columns = ['id'];",
    'export type Exporter = (service: typeof ordersService) => string;',
    '',
  ].join('\n'),
  // Types only, both ways.
  'apps/api/src/lib/order-types.ts':
    "import type { Line } from './line-types';\n\nexport type Order = { lines: Line[] };\n",
  'apps/api/src/lib/line-types.ts':
    "import type { Order } from './order-types';\n\nexport type Line = { order: Order };\n",
  'apps/api/src/lib/floating.ts': [
    'function save(): Promise<void> {',
    '  return Promise.resolve();',
    '}',
    '',
    'export function handle(): void {',
    '  save();',
    '}',
    '',
  ].join('\n'),
  'apps/web/src/features/catalogue/misused.ts': [
    'function refresh(id: number): Promise<void> {',
    '  return Promise.resolve(void id);',
    '}',
    '',
    'export function refreshAll(ids: number[]): void {',
    '  ids.forEach(async (id) => {',
    '    await refresh(id);',
    '  });',
    '}',
    '',
    'export function refreshIfReady(): void {',
    '  if (refresh(0)) {',
    '    ids();',
    '  }',
    '}',
    '',
    'function ids(): number[] {',
    '  return [];',
    '}',
    '',
  ].join('\n'),
  // The right ways: nothing to report.
  'apps/api/src/lib/handled.ts': [
    'function save(): Promise<void> {',
    '  return Promise.resolve();',
    '}',
    '',
    'export async function handle(): Promise<void> {',
    '  await save();',
    '  // Fire-and-forget on purpose: a failure is reported, never thrown.',
    '  void save().catch((error: unknown) => console.error(error));',
    '}',
    '',
  ].join('\n'),
};
const copied = [
  // The import plugin looks up each file's package.json: the copy needs its own.
  'package.json',
  'eslint.config.js',
  'eslint',
  'tsconfig.base.json',
  'apps/api/tsconfig.json',
  'apps/web/tsconfig.json',
];

describe('lint on a copy of its config', () => {
  let copy: string;
  const found = new Map<string, string[]>();

  beforeAll(async () => {
    copy = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-lint-'));
    for (const file of copied) {
      fs.cpSync(path.join(repoRoot, file), path.join(copy, file), { recursive: true });
    }
    fs.symlinkSync(path.join(repoRoot, 'node_modules'), path.join(copy, 'node_modules'), 'dir');
    for (const [file, text] of Object.entries(fixtures)) {
      fs.mkdirSync(path.dirname(path.join(copy, file)), { recursive: true });
      fs.writeFileSync(path.join(copy, file), text);
    }
    const results = await new ESLint({ cwd: copy }).lintFiles(['apps']);
    for (const result of results) {
      found.set(
        path.relative(copy, result.filePath),
        result.messages.map((message) => `${message.line}: ${message.ruleId ?? message.message}`),
      );
    }
  }, 120_000);

  afterAll(() => {
    if (copy) fs.rmSync(copy, { recursive: true, force: true });
  });

  it('lints every fixture', () => {
    expect([...found.keys()].sort()).toEqual(Object.keys(fixtures).sort());
  });

  it('walls a feature folder the config never named from its siblings', () => {
    expect(found.get('apps/web/src/features/brand-new/borrows-catalogue.ts')).toEqual([
      '1: import/no-restricted-paths',
    ]);
    expect(found.get('apps/web/src/features/catalogue/our-tools.ts')).toEqual([]);
  });

  it('walls an API module the config never named: another module reaches it by its index.ts only', () => {
    expect(found.get('apps/api/src/modules/fresh/behind-the-door.ts')).toEqual([
      '1: import/no-restricted-paths',
    ]);
    expect(found.get('apps/api/src/modules/fresh/through-the-door.ts')).toEqual([]);
  });

  it('refuses a cycle closed by a type import', () => {
    expect(found.get('apps/api/src/lib/orders-export.ts')).toEqual(['1: shop/no-cycle']);
    expect(found.get('apps/api/src/lib/orders-service.ts')).toEqual(['1: shop/no-cycle']);
  });

  it('refuses a cycle made of type imports only', () => {
    expect(found.get('apps/api/src/lib/order-types.ts')).toEqual(['1: shop/no-cycle']);
    expect(found.get('apps/api/src/lib/line-types.ts')).toEqual(['1: shop/no-cycle']);
  });

  it('refuses a floating promise', () => {
    expect(found.get('apps/api/src/lib/floating.ts')).toEqual([
      '6: @typescript-eslint/no-floating-promises',
    ]);
  });

  it('refuses a promise where nothing waits for it', () => {
    expect(found.get('apps/web/src/features/catalogue/misused.ts')).toEqual([
      '6: @typescript-eslint/no-misused-promises',
      '12: @typescript-eslint/no-misused-promises',
    ]);
  });

  it('accepts a promise awaited, or voided with its failure handled', () => {
    expect(found.get('apps/api/src/lib/handled.ts')).toEqual([]);
    expect(found.get('apps/web/src/features/catalogue/tool-card.ts')).toEqual([]);
  });
});
