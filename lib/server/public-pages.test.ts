import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { isPublicPage, PUBLIC_PAGES, publicPageUrl } from './public-pages';

const root = path.resolve(import.meta.dirname, '../..');
const source = (file: string) => readFileSync(path.join(root, file), 'utf8');

describe('public pages and the parameters they read', () => {
  it('names every parameter the pages read: the pages that read none still read none', () => {
    // A page that starts reading searchParams must get its parameters into PUBLIC_PAGES, else they are dropped.
    for (const file of [
      'app/[locale]/page.tsx',
      'app/[locale]/page/[pageId]/page.tsx',
      'app/[locale]/programme/[code]/page.tsx',
      'app/[locale]/programme/print/page.tsx',
      'app/[locale]/layout.tsx',
    ])
      expect(source(file), file).not.toMatch(/searchParams|useSearchParams/);
    // The programme reads its filters through the parser the table uses.
    expect(source('app/[locale]/programme/page.tsx')).toMatch(/parseProgrammeFilters\(await searchParams\)/);
    expect(Object.keys(PUBLIC_PAGES)).toEqual(['home', 'page', 'programme', 'contribution']);
  });

  it('keeps only what a page reads, sorted, and refuses what is no public page', () => {
    expect(publicPageUrl('/')).toBe('/');
    expect(publicPageUrl('/en?x=1')).toBe('/en');
    expect(publicPageUrl('/en/?a=1&b=2')).toBe('/en/');
    expect(publicPageUrl('/page/3?preview=1')).toBe('/page/3');
    expect(publicPageUrl('/programme?q=%E7%94%B5%E6%B1%A0&x=1')).toBe('/programme?q=%E7%94%B5%E6%B1%A0');
    expect(publicPageUrl('/programme?day=2030-10-13&day=all')).toBe('/programme?day=2030-10-13');
    expect(publicPageUrl(`/programme?q=${'a'.repeat(500)}`)).toBe(`/programme?q=${'a'.repeat(100)}`);
    // A broken escape or a lone surrogate is no error: the page gets what it would have read.
    expect(publicPageUrl('/programme?q=%ZZ&day=%ED%A0%80')).toBe('/programme?q=%25ZZ');
    expect(publicPageUrl('/en/programme/print?x=1')).toBe('/en/programme/print');
    for (const url of ['/api/health', '/page/x', '/programme/a/b', '/programme/%2e%2e', '/platform?x=1', '/?autologon', '/?locale=en'])
      expect(publicPageUrl(url), url).toBeNull();
    expect(isPublicPage('/programme?autologon=1')).toBe(true);
    expect(isPublicPage('/profile/userInfo')).toBe(false);
  });
});
