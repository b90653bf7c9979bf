import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import local from './tools/eslint-boundaries.js';
import cycles from './tools/eslint-import-cycles.js';

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      '**/dist-check/**',
      '**/dist-test/**',
      '**/dist-ssr/**',
      // A data folder wherever the server was started from (as .gitignore and .prettierignore).
      '**/data/**',
      'apps/api/migrations/**',
      'apps/web/public/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    plugins: { local, cycles },
    rules: {
      // No import cycles; no `export *` outside an index.ts (docs/conventions.md#layers-and-boundaries).
      'cycles/no-import-cycle': 'error',
      'local/no-export-star': 'error',
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_' }],
      'no-duplicate-imports': ['error', { allowSeparateTypeImports: true }],
      // A file past 350 lines is split by responsibility (docs/conventions.md#naming-and-size).
      // Every line counts, comments included: the figure is the one an editor shows.
      'max-lines': ['error', { max: 350, skipBlankLines: false, skipComments: false }],
      // Import boundaries (docs/conventions.md#layers-and-boundaries): shared → features → app, one
      // way; packages never reach into apps; apps never reach into each other; features never
      // import each other.
      'local/boundaries': [
        'error',
        {
          zones: [
            {
              target: ['packages'],
              from: ['apps'],
              message: 'packages/ may not import from apps/.',
            },
            {
              target: ['apps/api'],
              from: ['apps/web'],
              message: 'The API may not import the web app.',
            },
            {
              target: ['apps/web'],
              from: ['apps/api'],
              message: 'The web app may not import the API: use packages/shared.',
            },
            {
              target: ['apps/api/src/modules'],
              from: ['apps/api/src/plugins'],
              message:
                'A module does not import a plugin: plugins use modules, and what both need lives in lib/.',
              allowTests: true,
            },
            {
              target: ['apps/api/src/lib', 'apps/api/src/db'],
              from: ['apps/api/src/modules', 'apps/api/src/plugins'],
              message: 'lib/ and db/ stand below every module and plugin: they import neither.',
              allowTests: true,
            },
            {
              target: [
                'apps/web/src/components',
                'apps/web/src/hooks',
                'apps/web/src/lib',
                'apps/web/src/config',
              ],
              from: ['apps/web/src/sw'],
              message:
                'The service worker builds on shared code, not the other way round: what both need lives in lib/.',
            },
            {
              target: [
                'apps/web/src/features',
                'apps/web/src/components',
                'apps/web/src/hooks',
                'apps/web/src/lib',
                'apps/web/src/config',
              ],
              from: ['apps/web/src/app'],
              message: 'Only app/ composes pages: nothing imports from it.',
            },
            {
              target: [
                'apps/web/src/components',
                'apps/web/src/hooks',
                'apps/web/src/lib',
                'apps/web/src/config',
              ],
              from: ['apps/web/src/features'],
              message: 'Shared web code may not import from features/.',
            },
          ],
        },
      ],
    },
  },
  {
    // Tests and their helpers may be long: a scene reads best in one place.
    files: ['**/*.test.{ts,tsx}', '**/test/**', '**/test-setup.ts', 'e2e/support/**'],
    rules: { 'max-lines': 'off' },
  },
  {
    files: ['apps/web/src/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
    },
  },
  {
    files: ['packages/shared/src/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: ['drizzle-orm*', 'fastify*', 'react*', '@fastify/*'] },
      ],
    },
  },
);
