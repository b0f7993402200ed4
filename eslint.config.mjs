import coreWebVitals from 'eslint-config-next/core-web-vitals';
import typescript from 'eslint-config-next/typescript';
import confhub from './eslint-rules/client-boundary.mjs';

/**
 * Code only tests run: test support (testing/), tests, browser tests, benchmarks and the demo
 * launchers that run a stand-in on purpose (the card sandbox of `npm start`, the demo identity provider).
 */
const TEST_ONLY = [
  'testing/**',
  '**/*.test.ts',
  '**/*.test.tsx',
  'e2e/**',
  'scripts/bench-*.ts',
  'scripts/demo-sandbox.ts',
  'scripts/idp-demo.ts',
  'playwright.config.ts',
  'vitest.config.ts',
];

const CONFIRM_MESSAGE = "Ask through the app's confirm dialog (useConfirm() of components/ui/confirm-dialog.tsx), not window.confirm.";

const config = [
  {
    ignores: [
      '.next/**',
      'node_modules/**',
      'data/**',
      'db/migrations/**',
      'notes/**',
      'next-env.d.ts',
      'test-results/**',
      'playwright-report/**',
    ],
  },
  ...coreWebVitals,
  ...typescript,
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  // Boundaries (testing/lint/boundaries.test.ts plants a violation of each).
  {
    files: ['**/*.{ts,tsx,mts,js,jsx,mjs,cjs}'],
    ignores: TEST_ONLY,
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['@/testing', '@/testing/**', '**/testing', '**/testing/**'],
              message: 'Production code never imports testing/: it holds what only tests use.',
            },
          ],
        },
      ],
    },
  },
  // One confirm dialog (components/ui/confirm-dialog.tsx, useConfirm or the `confirm` option of
  // useApiAction / useApiForm): never the browser's own, which cannot be styled, translated or tested.
  {
    files: ['**/*.{ts,tsx,mts,js,jsx,mjs,cjs}'],
    rules: {
      'no-restricted-globals': ['error', { name: 'confirm', message: CONFIRM_MESSAGE }],
      'no-restricted-properties': [
        'error',
        { object: 'window', property: 'confirm', message: CONFIRM_MESSAGE },
        { object: 'globalThis', property: 'confirm', message: CONFIRM_MESSAGE },
        { object: 'self', property: 'confirm', message: CONFIRM_MESSAGE },
      ],
    },
  },
  {
    plugins: { confhub },
    rules: { 'confhub/client-boundary': 'error' },
  },
];

export default config;
