import { defineRouting } from 'next-intl/routing';
import { defaultLocale, locales } from './localized';

/**
 * zh is served without a prefix, en under /en. The remembered language is the one picked with the
 * switch (components/ui/language-switch.tsx sets NEXT_LOCALE; proxy.ts applies it), so following
 * a link to an English page does not change a visitor's choice.
 */
export const routing = defineRouting({
  locales,
  defaultLocale,
  localePrefix: 'as-needed',
  localeDetection: false,
  localeCookie: false,
});
