import { spawnSync } from 'node:child_process';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');

/**
 * The production server, compiled afresh from its sources (scripts/build-server.mjs, well under a second), as the
 * file Node.js runs: `spawn(process.execPath, [serverScript('serve')], …)`. `serve` is one server process,
 * `serve-cluster` several behind one port. Needs Next.js's build (.next) beside it.
 */
export function serverScript(name: 'serve' | 'serve-cluster'): string {
  const compiled = spawnSync(process.execPath, [path.join(root, 'scripts', 'build-server.mjs')], { cwd: root, stdio: 'inherit' });
  if (compiled.status !== 0) throw new Error('compiling the server (scripts/build-server.mjs) failed');
  return path.join(root, '.next', 'confhub-server', `${name}.mjs`);
}
