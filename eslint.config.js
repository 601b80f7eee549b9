// @ts-check
import fs from 'node:fs';
import path from 'node:path';
import js from '@eslint/js';
import importPlugin from 'eslint-plugin-import';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import shop from './eslint/no-cycle.js';

/**
 * The API's layers, lowest first: each may import the ones before it, never the ones after.
 * env.ts (the only reader of process.env) imports none of ours; flows/ compose the modules'
 * surfaces into what spans them (decision 046), and app.ts wires both; cli/ composes like app.ts;
 * test/ and security/ hold tests and their helpers, which may reach everything.
 */
const api = './apps/api/src';
const apiApp = [
  'app.ts',
  'app-deps.ts',
  'server.ts',
  'index.ts',
  'web.ts',
  'web-rendered.ts',
  'api-docs.ts',
].map((file) => `${api}/${file}`);
const apiTestsOnly = [`${api}/test`, `${api}/security`];
const apiLayers = [
  { name: 'env.ts', path: `${api}/env.ts` },
  { name: 'lib/', path: `${api}/lib` },
  { name: 'db/', path: `${api}/db` },
  { name: 'mail/', path: `${api}/mail` },
  { name: 'auth/', path: `${api}/auth` },
  { name: 'modules/', path: `${api}/modules` },
  { name: 'flows/', path: `${api}/flows` },
  { name: 'app', path: apiApp },
];
const apiWalls = apiLayers.map((layer, index) => ({
  target: layer.path,
  from: [
    ...apiLayers.slice(index + 1).flatMap((above) => above.path),
    `${api}/cli`,
    ...apiTestsOnly,
  ],
  message: `${layer.name} may import only the layers below it: env.ts <- lib <- db <- mail <- auth <- modules <- flows <- app (and never the tests' helpers).`,
}));

/**
 * The API's modules, read from the folders when the config loads, as the web's features are. A
 * module's `index.ts` is its one surface: another module, a flow, app.ts or cli/ imports that, never
 * the files behind it (docs/architecture.md, "Module walls").
 */
const apiModules = fs
  .readdirSync(path.join(import.meta.dirname, 'apps/api/src/modules'), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
const surfaceOf = (name) => `./${name}/index.ts`;
const moduleWalls = [
  ...apiModules.map((name) => ({
    target: `${api}/modules/${name}`,
    from: `${api}/modules`,
    except: [`./${name}`, ...apiModules.filter((other) => other !== name).map(surfaceOf)],
    message:
      'A module imports another module only through its index.ts, never the files behind it.',
  })),
  {
    target: [`${api}/flows`, ...apiApp, `${api}/cli`],
    from: `${api}/modules`,
    except: apiModules.map(surfaceOf),
    message: 'Flows, app.ts and cli/ import a module only through its index.ts.',
  },
];
/**
 * The web app's features, read from the folders when the config loads: a new folder under
 * features/ is walled from its siblings without an edit here. Routes in `app/` compose them
 * (docs/architecture.md).
 */
const webFeatures = path.join(import.meta.dirname, 'apps/web/src/features');
const features = fs
  .readdirSync(webFeatures, { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

/** The web app's walls (docs/architecture.md). */
const webZones = [
  {
    target: './apps/web',
    from: './apps/api',
    message: 'The apps never import each other.',
  },
  // shared pieces -> features -> app
  ...features.map((feature) => ({
    target: `./apps/web/src/features/${feature}`,
    from: './apps/web/src/features',
    except: [`./${feature}`],
    message: 'Features do not import each other; compose them in app/routes.',
  })),
  {
    target: ['./apps/web/src/features', './apps/web/src/components', './apps/web/src/lib'],
    from: './apps/web/src/app',
    message: 'Only app/ composes; nothing imports from it.',
  },
  {
    target: ['./apps/web/src/components', './apps/web/src/lib'],
    from: './apps/web/src/features',
    message: 'Shared pieces do not depend on features.',
  },
];

/** The component tests' helpers (apps/web/src/test, decision 044) are for tests only. */
const webTestWall = {
  target: './apps/web/src',
  from: './apps/web/src/test',
  message: 'Only tests import the test helpers.',
};

export default tseslint.config(
  {
    ignores: [
      '**/dist/**',
      '**/node_modules/**',
      'data/**',
      'test-results/**',
      'playwright-report/**',
      '.stryker-tmp/**',
      'reports/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  importPlugin.flatConfigs.recommended,
  importPlugin.flatConfigs.typescript,
  {
    languageOptions: { globals: { ...globals.node } },
    settings: {
      'import/resolver': { node: { extensions: ['.ts', '.tsx', '.js', '.mjs'] } },
      // Only our own files are parsed for import rules; TypeScript checks the packages.
      'import/ignore': ['node_modules'],
    },
    plugins: { shop },
    rules: {
      // import/no-cycle skips type imports; this one counts them (eslint/no-cycle.js, decision 032).
      'shop/no-cycle': 'error',
      'import/no-named-as-default-member': 'off',
      // TypeScript checks that every import resolves, package "exports" included.
      'import/no-unresolved': 'off',
      'import/named': 'off',
      'import/namespace': 'off',
      'import/default': 'off',
      'import/no-named-as-default': 'off',
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      'no-restricted-syntax': [
        'error',
        {
          selector: "MemberExpression[object.name='process'][property.name='env']",
          message: 'Read configuration through env.ts only.',
        },
      ],
    },
  },
  {
    // Only env.ts (and tests, scripts and tool configs) read process.env.
    files: [
      'apps/api/src/env.ts',
      '**/*.test.ts',
      'apps/api/src/test/**',
      'apps/web/e2e/**',
      'scripts/**',
      'bench/**',
      '*.config.ts',
      '*.config.js',
      'apps/*/*.config.ts',
      'apps/*/build.mjs',
    ],
    rules: { 'no-restricted-syntax': 'off' },
  },
  {
    files: ['apps/web/src/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'import/no-restricted-paths': [
        'error',
        { basePath: import.meta.dirname, zones: [...webZones, webTestWall] },
      ],
    },
  },
  {
    // A component test and its helpers may import the test helpers, and what they render.
    files: ['apps/web/src/**/*.test.{ts,tsx}', 'apps/web/src/test/**'],
    rules: {
      'import/no-restricted-paths': ['error', { basePath: import.meta.dirname, zones: webZones }],
    },
  },
  {
    // Type-aware rules, on the apps' TypeScript only (each file is typed by its nearest tsconfig.json:
    // apps/api, apps/web, apps/web/e2e): a promise nobody awaits or handles, or one handed where
    // nothing waits for it (an event handler, a condition), fails the lint.
    files: ['apps/api/**/*.{ts,tsx}', 'apps/web/**/*.{ts,tsx}'],
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': 'error',
    },
  },
  {
    // The apps never import each other; shared imports neither.
    files: ['apps/api/**/*.ts'],
    rules: {
      'import/no-restricted-paths': [
        'error',
        { zones: [{ target: './apps/api', from: './apps/web' }] },
      ],
    },
  },
  {
    // The API's walls hold for its code; tests (and their helpers) exercise the whole app.
    files: ['apps/api/src/**/*.{ts,tsx}'],
    ignores: ['**/*.test.ts', 'apps/api/src/test/**', 'apps/api/src/security/**'],
    rules: {
      'import/no-restricted-paths': [
        'error',
        {
          basePath: import.meta.dirname,
          zones: [{ target: './apps/api', from: './apps/web' }, ...apiWalls, ...moduleWalls],
        },
      ],
    },
  },
  {
    files: ['packages/shared/**/*.ts'],
    rules: {
      'import/no-restricted-paths': [
        'error',
        { zones: [{ target: './packages/shared', from: './apps' }] },
      ],
    },
  },
);
