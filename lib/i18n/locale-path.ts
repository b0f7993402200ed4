import type { Locale } from './localized';

/** The path of a page in the given locale (zh has no prefix; the English home is `/en`, not `/en/`). */
export function localePath(locale: Locale, path: string): string {
  if (locale === 'zh') return path;
  return path === '/' || path.startsWith('/?') || path.startsWith('/#') ? `/en${path.slice(1)}` : `/en${path}`;
}

/** A path without its language prefix ('/en/x' → '/x', '/en' → '/'). */
export function localeFreePath(path: string): string {
  if (path === '/en' || /^\/en[?#]/.test(path)) return `/${path.slice(3)}`;
  return path.startsWith('/en/') ? path.slice(3) : path;
}

/** The current page as a locale-free return address (in the browser). */
export function currentReturnAddress(): string {
  const { pathname, search } = window.location;
  return localeFreePath(pathname) + search;
}
