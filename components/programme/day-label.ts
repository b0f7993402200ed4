import type { Locale } from '@/lib/i18n/localized';

/** A programme day (YYYY-MM-DD, a date of the conference's zone) as a tab names it: "Sat 12 Oct" / "10月12日 周六". */
export function dayLabel(date: string, locale: Locale): string {
  return new Intl.DateTimeFormat(locale === 'zh' ? 'zh-CN' : 'en-GB', {
    timeZone: 'UTC',
    month: 'short',
    day: 'numeric',
    weekday: 'short',
  }).format(new Date(`${date}T12:00:00Z`));
}
