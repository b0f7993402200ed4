/**
 * `npm start`: refuses when another process holds the embedded data folder, builds when no build
 * exists, then serves on PORT (3000) with scripts/serve.ts (Next.js behind the anonymous HTML cache).
 * Migrations and the demo seed run as the server boots.
 */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { lockHolder } from '../db/lock';

const root = path.resolve(import.meta.dirname, '..');
const env = { ...process.env, NEXT_TELEMETRY_DISABLED: '1' };
const port = process.env.PORT ?? '3000';

if (!process.env.DATABASE_URL) {
  const dir = path.resolve(process.env.PGLITE_DIR ?? path.join(root, 'data', 'pglite'));
  const holder = lockHolder(dir);
  if (holder) {
    console.error(
      `\nConfHub is already running on the data folder ${dir} (process ${holder}).\n` +
        'The embedded database cannot be shared by two processes. Stop the other one first, or start this one\n' +
        'with another folder (PGLITE_DIR=...) or on PostgreSQL (DATABASE_URL=...).\n',
    );
    process.exit(1);
  }
}

const nextBin = path.join(root, 'node_modules', 'next', 'dist', 'bin', 'next');
if (!existsSync(path.join(root, '.next', 'BUILD_ID')) || process.env.FORCE_BUILD === '1') {
  console.info('No production build found: building once (a minute or two) …');
  const build = spawnSync(process.execPath, [nextBin, 'build'], { cwd: root, env: { ...env, NODE_ENV: 'production' }, stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

const tsx = path.join(root, 'node_modules', 'tsx', 'dist', 'cli.mjs');
const server = spawn(process.execPath, [tsx, path.join(root, 'scripts', 'serve.ts')], {
  cwd: root,
  env: { ...env, NODE_ENV: 'production', PORT: port },
  stdio: 'inherit',
});
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => server.kill(signal));
server.on('exit', (code) => process.exit(code ?? 0));
