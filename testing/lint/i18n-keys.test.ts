import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
// @ts-expect-error: a plain script of the repository, without types
import { keyUses, missingKeys } from '../../scripts/i18n-keys.mjs';

type Use = { where: string; namespace: string; key: string; built: boolean };

const dir = mkdtempSync(path.join(tmpdir(), 'i18n-keys-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function plant(name: string, text: string): string {
  const file = path.join(dir, name);
  writeFileSync(file, text);
  return file;
}

describe('check:i18n finds the keys the code uses', () => {
  it('names a key read through the wrong one of two translators made together (the registrant list once did)', () => {
    const file = plant(
      'swapped.tsx',
      `import { getTranslations } from 'next-intl/server';
export default async function Page() {
  const [to, tb] = await Promise.all([getTranslations('onsiteDocs'), getTranslations('orders')]);
  return <p>{tb('badgesForFilter')}{to('badgeForOne')}</p>;
}
`,
    );
    const { problems } = missingKeys([file]) as { problems: string[] };
    expect(problems).toEqual([
      expect.stringContaining('orders.badgesForFilter is not in zh.json'),
      expect.stringContaining('orders.badgesForFilter is not in en.json'),
    ]);
  });

  it('finds keys of every kind of translator, scoped to the function that made it', () => {
    const file = plant(
      'kinds.tsx',
      `'use client';
import { useTranslations } from 'next-intl';
import { serverTranslator } from '@/lib/i18n/server-messages';
function A() { const t = useTranslations('orders'); return t('empty'); }
function B() { const t = serverTranslator('zh', 'manageUser'); return t.rich('title') + t(\`pay_\${'x'}\`); }
function C(t: (k: string) => string) { return t('not.a.translator.we.know'); }
`,
    );
    const uses = (keyUses([file]) as Use[]).map((u) => `${u.namespace}.${u.key}${u.built ? '…' : ''}`);
    expect(uses).toEqual(['orders.empty', 'manageUser.title', 'manageUser.pay_…']);
  });

  it('holds for the whole code base', () => {
    const { problems } = missingKeys() as { problems: string[] };
    expect(problems).toEqual([]);
  });
});
