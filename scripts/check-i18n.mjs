// Fails when a message key exists in one locale but not the other, a value is empty, or the code names a
// key through a translator that either locale lacks.
import { readFileSync } from 'node:fs';
import { missingKeys } from './i18n-keys.mjs';

const load = (locale) => JSON.parse(readFileSync(new URL(`../messages/${locale}.json`, import.meta.url), 'utf8'));
const flatten = (obj, prefix = '') =>
  Object.entries(obj).flatMap(([key, value]) =>
    value && typeof value === 'object' ? flatten(value, `${prefix}${key}.`) : [[`${prefix}${key}`, value]],
  );

const zh = new Map(flatten(load('zh')));
const en = new Map(flatten(load('en')));
const problems = [];
for (const [key] of zh) if (!en.has(key)) problems.push(`missing in en.json: ${key}`);
for (const [key] of en) if (!zh.has(key)) problems.push(`missing in zh.json: ${key}`);
for (const [locale, map] of [
  ['zh', zh],
  ['en', en],
]) {
  for (const [key, value] of map) if (typeof value !== 'string' || !value.trim()) problems.push(`empty in ${locale}.json: ${key}`);
}
// Every key the code names through a translator is in both files (scripts/i18n-keys.mjs).
const used = missingKeys();
problems.push(...used.problems);
if (problems.length) {
  console.error(problems.join('\n'));
  console.error(`check:i18n: ${problems.length} problem(s)`);
  process.exit(1);
}
console.log(`check:i18n: ${zh.size} keys, present in zh and en; ${used.uses.length} uses in the code, all present`);
