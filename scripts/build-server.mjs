/**
 * Compiles the production server (scripts/serve.ts, scripts/serve-cluster.ts and the little of lib/ they import) to
 * plain JavaScript in .next/confhub-server/, so the server processes run on Node.js alone: no TypeScript loader
 * hooking every module Next.js loads and no source maps read for each (issue 25 point 6). Packages stay where they are
 * (node_modules); Next.js's own build is untouched. `npm run build` runs it after `next build`; scripts/start.ts, the
 * browser tests and the benches run it before they start a server (it takes well under a second), so the compiled
 * server is never older than its sources.
 */
import { build } from 'esbuild';
import { mkdirSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const SERVER_DIR = path.join(root, '.next', 'confhub-server');

const { outputFiles } = await build({
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
  write: false,
});
// Each file replaced at once (written beside, then renamed): a server starting meanwhile — the browser tests start
// several at a time, each compiling first — reads the old file or the new one, never half of one.
mkdirSync(SERVER_DIR, { recursive: true });
for (const file of outputFiles) {
  const temporary = `${file.path}.${process.pid}.tmp`;
  writeFileSync(temporary, file.contents);
  renameSync(temporary, file.path);
}
