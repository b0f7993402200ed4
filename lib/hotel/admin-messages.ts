import { createTranslator } from 'next-intl';
import en from '@/messages/en.json';
import zh from '@/messages/zh.json';
import type { Locale } from '@/lib/i18n/localized';

type Translate = (key: string, values?: Record<string, string | number>) => string;
const cache = new Map<Locale, Translate>();

/** The hotel management screen's words in `locale` (namespace `hotelAdmin`), for code outside a rendered page (the export). */
export function hotelAdminTranslator(locale: Locale): Translate {
  let t = cache.get(locale);
  if (!t) {
    t = createTranslator({ locale, messages: locale === 'zh' ? zh : en, namespace: 'hotelAdmin' }) as unknown as Translate;
    cache.set(locale, t);
  }
  return t;
}
