import { isLocale, type Locale } from '@/lib/i18n/localized';

/**
 * The language an API caller reads its answers in: the x-locale header, else the remembered choice
 * (NEXT_LOCALE cookie), else zh. On its own (no database import) so proxy.ts can use it too.
 */
export function requestLocale(req: Request): Locale {
  const header = req.headers.get('x-locale');
  if (isLocale(header)) return header;
  const cookie = /(?:^|;\s*)NEXT_LOCALE=(zh|en)/.exec(req.headers.get('cookie') ?? '')?.[1];
  return isLocale(cookie) ? cookie : 'zh';
}
