import { conferenceFormatter } from '@/lib/i18n/format';
import type { Locale } from '@/lib/i18n/localized';

/** The zone's offset at an instant as Intl writes it ("GMT+8"). */
export function zoneOffsetLabel(at: Date, timeZone: string): string {
  return (
    new Intl.DateTimeFormat('en', { timeZone, timeZoneName: 'shortOffset' }).formatToParts(at).find((p) => p.type === 'timeZoneName')
      ?.value ?? timeZone
  );
}

/**
 * A slot as mails write it: the day, the start and end times in the conference's zone and the zone's offset, so a
 * reader elsewhere sees which clock it is ("12 Oct 2030, 10:30–10:50 (GMT+8)").
 */
export function slotText(startsAt: string, endsAt: string, locale: Locale, timeZone: string): string {
  const format = conferenceFormatter(locale, timeZone);
  const start = new Date(startsAt);
  const day = format.dateTime(start, { dateStyle: 'medium' });
  const from = format.dateTime(start, { timeStyle: 'short' });
  const to = format.dateTime(new Date(endsAt), { timeStyle: 'short' });
  return `${day}${locale === 'zh' ? ' ' : ', '}${from}–${to} (${zoneOffsetLabel(start, timeZone)})`;
}
