import type { Locale } from './localized';

/** The path of a page in the given locale (zh has no prefix; the English home is `/en`, not `/en/`). */
export function localePath(locale: Locale, path: string): string {
  if (locale === 'zh') return path;
  return path === '/' || path.startsWith('/?') || path.startsWith('/#') ? `/en${path.slice(1)}` : `/en${path}`;
}

/** The current page as a locale-free return address (in the browser). */
export function currentReturnAddress(): string {
  const { pathname, search } = window.location;
  const path = pathname === '/en' ? '/' : pathname.startsWith('/en/') ? pathname.slice(3) : pathname;
  return path + search;
}
