import js from '@eslint/js';
import importX from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      '**/dist-check/**',
      'data/**',
      'apps/api/migrations/**',
      'apps/web/public/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    plugins: { 'import-x': importX },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_' }],
      'import-x/no-duplicates': 'error',
      // Import boundaries (STYLE.md): shared → features → app, one way; packages never
      // reach into apps; apps never reach into each other.
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            { target: './packages', from: './apps' },
            { target: './apps/api', from: './apps/web' },
            { target: './apps/web', from: './apps/api' },
            {
              target: './apps/web/src/features/*',
              from: './apps/web/src/features/*',
              except: ['./'],
            },
            {
              target: ['./apps/web/src/features', './apps/web/src/components', './apps/web/src/lib', './apps/web/src/config'],
              from: './apps/web/src/app',
            },
            {
              target: ['./apps/web/src/components', './apps/web/src/lib', './apps/web/src/config'],
              from: './apps/web/src/features',
            },
          ],
        },
      ],
    },
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
