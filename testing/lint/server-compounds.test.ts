import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * A server component cannot render a client library's compound member (`<List.Item>`, `<Tabs.Tab>`):
 * on the server the import is a client reference whose members are undefined, and the page answers
 * 500 ("Element type is invalid"). Such files import the member itself (`ListItem`) instead.
 */
const root = path.resolve(import.meta.dirname, '../..');

function tsxFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return tsxFiles(full);
    return name.endsWith('.tsx') ? [full] : [];
  });
}

/** The compound members a file without 'use client' renders from a package import. */
function serverCompounds(text: string): string[] {
  if (/^\s*['"]use client['"]/m.test(text.split('\n').slice(0, 5).join('\n'))) return [];
  const fromPackages = new Set<string>();
  for (const match of text.matchAll(/import\s*\{([^}]*)\}\s*from\s*['"]([^'"./@][^'"]*|@[^'"/]+\/[^'"]+)['"]/g)) {
    if (match[2].startsWith('@/')) continue;
    for (const name of match[1].split(',')) {
      const local = name
        .trim()
        .split(/\s+as\s+/)
        .pop();
      if (local && !local.startsWith('type ')) fromPackages.add(local);
    }
  }
  return [...text.matchAll(/<([A-Z][A-Za-z]+)\.([A-Z][A-Za-z]*)/g)].filter((m) => fromPackages.has(m[1])).map((m) => `${m[1]}.${m[2]}`);
}

describe('server components render no compound members of client libraries', () => {
  it('finds one when planted', () => {
    expect(
      serverCompounds(`import { List } from '@mantine/core';\nexport function A() { return <List><List.Item>x</List.Item></List>; }`),
    ).toEqual(['List.Item']);
    expect(serverCompounds(`'use client';\nimport { List } from '@mantine/core';\nexport const A = () => <List.Item />;`)).toEqual([]);
    expect(serverCompounds(`import { Ctx } from '@/lib/ctx';\nexport const A = () => <Ctx.Provider />;`)).toEqual([]);
  });

  it('holds for app/ and components/', () => {
    const found = ['app', 'components']
      .flatMap((dir) => tsxFiles(path.join(root, dir)))
      .flatMap((file) => serverCompounds(readFileSync(file, 'utf8')).map((c) => `${path.relative(root, file)}: <${c}>`));
    expect(found).toEqual([]);
  });
});
