import { createFormatter, type Formats } from 'next-intl';
import type { Locale } from './localized';

/** The zone a conference's dates are shown in when it names none. */
export const DEFAULT_TIME_ZONE = 'Asia/Shanghai';

/** The app's named date formats: `short` is a date with a time, `day` a date alone. */
export const FORMATS = {
  dateTime: {
    short: { dateStyle: 'medium', timeStyle: 'short' },
    day: { dateStyle: 'medium' },
  },
} satisfies Formats;

/** The Intl locale each app locale formats with. */
const INTL_LOCALE: Record<Locale, string> = { zh: 'zh-CN', en: 'en-GB' };

/** Whether the runtime knows this IANA time zone (e.g. Asia/Shanghai, Europe/Berlin). */
export function isTimeZone(zone: string): boolean {
  if (!zone || zone.length > 64) return false;
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

/** Every zone the runtime knows, for the website settings' choice. */
export function timeZones(): string[] {
  return Intl.supportedValuesOf('timeZone');
}

type Formatter = ReturnType<typeof createFormatter>;
const formatters = new Map<string, Formatter>();

/**
 * The one date formatter: next-intl's, in the conference's time zone and the reader's language.
 * Pages, tables, exports and mails all format through it (`format.dateTime(date, 'short')`).
 */
export function conferenceFormatter(locale: Locale, timeZone: string | null | undefined): Formatter {
  const zone = timeZone && isTimeZone(timeZone) ? timeZone : DEFAULT_TIME_ZONE;
  const key = `${locale}|${zone}`;
  let formatter = formatters.get(key);
  if (!formatter) {
    formatter = createFormatter({ locale: INTL_LOCALE[locale], timeZone: zone, formats: FORMATS });
    formatters.set(key, formatter);
  }
  return formatter;
}
