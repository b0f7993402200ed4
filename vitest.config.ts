import path from 'node:path';
import { defineConfig } from 'vitest/config';

/**
 * Unit and integration tests in parallel (two workers); then, alone on the machine, the few
 * integration files that assert the server stays responsive under load (`*.alone.int.test.ts`:
 * another test file burning the second core would be measured with them).
 */
export default defineConfig({
  resolve: {
    alias: {
      '@': path.resolve(import.meta.dirname),
      // Modules marked `import 'server-only'` (the database, secrets) are tested here, outside Next:
      // the marker's empty module, as Next itself resolves it on the server.
      'server-only': path.resolve(import.meta.dirname, 'node_modules/server-only/empty.js'),
    },
  },
  test: {
    environment: 'node',
    maxWorkers: 2,
    // Each file's time for the budget `npm test` holds the suite to (testing/budget/budget.ts).
    reporters: ['default', './testing/budget/vitest-reporter.ts'],
    // The migrations once per run, as templates every integration test file copies (testing/harness/templates.ts).
    globalSetup: ['testing/harness/templates.ts'],
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: ['{lib,db,emails,components,testing}/**/*.test.ts'],
          exclude: ['**/*.int.test.ts'],
          sequence: { groupOrder: 0 },
        },
      },
      {
        extends: true,
        test: {
          name: 'integration',
          include: ['{lib,db,testing}/**/*.int.test.ts'],
          exclude: ['**/*.alone.int.test.ts'],
          testTimeout: 60_000,
          hookTimeout: 60_000,
          sequence: { groupOrder: 0 },
        },
      },
      {
        extends: true,
        test: {
          name: 'alone',
          include: ['{lib,db,testing}/**/*.alone.int.test.ts'],
          fileParallelism: false,
          testTimeout: 120_000,
          hookTimeout: 120_000,
          sequence: { groupOrder: 1 },
        },
      },
    ],
  },
});
