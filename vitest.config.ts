import path from 'node:path';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  resolve: { alias: { '@': path.resolve(import.meta.dirname) } },
  test: {
    environment: 'node',
    maxWorkers: 2,
    projects: [
      { extends: true, test: { name: 'unit', include: ['{lib,db,emails,components}/**/*.test.ts'], exclude: ['**/*.int.test.ts'] } },
      {
        extends: true,
        test: { name: 'integration', include: ['{lib,db}/**/*.int.test.ts'], testTimeout: 60_000, hookTimeout: 60_000 },
      },
    ],
  },
});
