import { defineRouting } from 'next-intl/routing';
import { defaultLocale, locales } from './localized';

/** zh is served without a prefix, en under /en. The remembered choice is applied by proxy.ts. */
export const routing = defineRouting({
  locales,
  defaultLocale,
  localePrefix: 'as-needed',
  localeDetection: false,
  localeCookie: { name: 'NEXT_LOCALE', maxAge: 60 * 60 * 24 * 365, sameSite: 'lax' },
});
