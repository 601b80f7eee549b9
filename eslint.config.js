// @ts-check
import js from '@eslint/js';
import importPlugin from 'eslint-plugin-import';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/** The web app's features may not import each other: routes in `app/` compose them (docs/architecture.md). */
const features = [
  'catalog',
  'reviews',
  'summary',
  'auth',
  'orders',
  'payments',
  'profile',
  'admin-users',
  'admin-tools',
  'admin-orders',
];

export default tseslint.config(
  {
    ignores: [
      '**/dist/**',
      '**/node_modules/**',
      'data/**',
      'test-results/**',
      'playwright-report/**',
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
    rules: {
      'import/no-cycle': 'error',
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
        {
          zones: [
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
              target: [
                './apps/web/src/features',
                './apps/web/src/components',
                './apps/web/src/lib',
              ],
              from: './apps/web/src/app',
              message: 'Only app/ composes; nothing imports from it.',
            },
            {
              target: ['./apps/web/src/components', './apps/web/src/lib'],
              from: './apps/web/src/features',
              message: 'Shared pieces do not depend on features.',
            },
          ],
        },
      ],
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
    files: ['packages/shared/**/*.ts'],
    rules: {
      'import/no-restricted-paths': [
        'error',
        { zones: [{ target: './packages/shared', from: './apps' }] },
      ],
    },
  },
);
