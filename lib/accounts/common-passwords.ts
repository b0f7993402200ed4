import { readFileSync } from 'node:fs';
import path from 'node:path';

/**
 * The common-password list shipped with the project (common-passwords.txt beside this file: about
 * 49,000 leaked passwords, lower case; its header names the source and licence). Read once, on the
 * first check, into a Set; server only (node:fs keeps it out of browser bundles).
 */
let common: Set<string> | undefined;

function load(): Set<string> {
  const file = path.join(process.cwd(), 'lib', 'accounts', 'common-passwords.txt');
  const words = readFileSync(file, 'utf8')
    .split('\n')
    .filter((line) => line !== '' && !line.startsWith('# '));
  return new Set(words);
}

/** Whether a lower-case candidate is on the list. */
export function isCommonPassword(candidate: string): boolean {
  common ??= load();
  return common.has(candidate);
}

/** How many passwords the list holds (for tests and the README's claim). */
export function commonPasswordCount(): number {
  common ??= load();
  return common.size;
}
