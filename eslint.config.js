import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import { moduleShapeConfig } from './tools/lint/boundaries.js';

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      '.data/**',
      '.tmp/**',
      '**/migrations/**',
      'e2e/test-results/**',
      'e2e/playwright-report/**',
      'tools/test/fixtures/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-explicit-any': 'error',
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      // Server and web meet only in the contract.
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['@portal/server', '@portal/server/*', '**/apps/server/**'],
              message: 'The web imports the contract, never the server.',
            },
          ],
          // antd names each icon in English ("eye"), read out inside the button it decorates.
          paths: [
            {
              name: '@ant-design/icons',
              message: 'Import icons from apps/web/src/components/icons (decorative unless given a translated aria-label).',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['apps/web/src/components/icons.tsx'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['@portal/server', '@portal/server/*', '**/apps/server/**'],
              message: 'The web imports the contract, never the server.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['apps/server/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ group: ['**/apps/web/**', '@portal/web'], message: 'The server imports the contract, never the web.' }] },
      ],
    },
  },
  {
    files: ['packages/contract/src/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['@portal/server', '@portal/web', '**/apps/**', 'node:*'],
              message: 'The contract depends on nothing of ours and runs in the browser.',
            },
          ],
        },
      ],
    },
  },
  // Feature and module boundaries, no import cycles (tools/lint/boundaries.js).
  ...moduleShapeConfig(import.meta.dirname),
);
