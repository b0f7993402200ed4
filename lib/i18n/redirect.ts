import { redirect as nextRedirect } from 'next/navigation';
import { localePath } from './locale-path';
import type { Locale } from './localized';

/**
 * A server redirect to a locale-free address in the given language (zh without a prefix, en under
 * /en), as next-intl's `redirect` does. Kept apart from `lib/i18n/navigation.ts`: a server module
 * that imports that one puts next-intl's client Link into the JavaScript of every page using it.
 */
export function redirect({ href, locale }: { href: string; locale: Locale }): never {
  nextRedirect(localePath(locale, href));
}
