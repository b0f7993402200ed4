export const locales = ['zh', 'en'] as const;
export type Locale = (typeof locales)[number];
export const defaultLocale: Locale = 'zh';

/** Every organiser-typed content field carries both languages (its schema: zLocalized, lib/validation/localized.ts). */
export type LocalizedText = { zh: string; en: string };

export function isLocale(value: unknown): value is Locale {
  return value === 'zh' || value === 'en';
}

/**
 * Picks the visitor's language, falling back to the other one when the organiser left it empty,
 * so a half-translated field still shows something rather than a blank.
 */
export function localized(text: LocalizedText | null | undefined, locale: Locale): string {
  if (!text) return '';
  const own = text[locale]?.trim();
  if (own) return own;
  return (locale === 'zh' ? text.en : text.zh)?.trim() ?? '';
}
