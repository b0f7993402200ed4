/**
 * Compiles the production server (scripts/serve.ts, scripts/serve-cluster.ts and the little of lib/ they import) to
 * plain JavaScript in .next/confhub-server/, so the server processes run on Node.js alone: no TypeScript loader
 * hooking every module Next.js loads and no source maps read for each (issue 25 point 6). Packages stay where they are
 * (node_modules); Next.js's own build is untouched. `npm run build` runs it after `next build`; scripts/start.ts, the
 * browser tests and the benches run it before they start a server (it takes well under a second), so the compiled
 * server is never older than its sources.
 */
import { build } from 'esbuild';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const SERVER_DIR = path.join(root, '.next', 'confhub-server');

await build({
  absWorkingDir: root,
  entryPoints: ['scripts/serve.ts', 'scripts/serve-cluster.ts'],
  outdir: SERVER_DIR,
  outExtension: { '.js': '.mjs' },
  bundle: true,
  packages: 'external',
  platform: 'node',
  format: 'esm',
  target: 'node20',
  tsconfig: 'tsconfig.json',
  logLevel: 'warning',
});
