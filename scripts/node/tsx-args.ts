import path from 'node:path';
import { pathToFileURL } from 'node:url';

const root = path.resolve(import.meta.dirname, '..', '..');

/**
 * The arguments after `process.execPath` that run a TypeScript script of this repository the way the
 * package.json scripts do: through tsx, with the `server-only` marker resolved to its empty module
 * (allow-server-only.mjs). `script` is relative to the repository root or absolute.
 */
export function tsxScriptArgs(script: string): string[] {
  return [
    path.join(root, 'node_modules', 'tsx', 'dist', 'cli.mjs'),
    '--import',
    pathToFileURL(path.join(root, 'scripts', 'node', 'allow-server-only.mjs')).href,
    path.resolve(root, script),
  ];
}
