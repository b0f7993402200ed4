import { conferenceFormatter, DEFAULT_TIME_ZONE, isTimeZone } from '@/lib/i18n/format';
import type { Locale } from '@/lib/i18n/localized';
import { localePath } from '@/lib/i18n/locale-path';

/** Under this much time left, a pay-by time is shown with a countdown. */
export const COUNTDOWN_UNDER_MS = 24 * 3_600_000;

/**
 * A pay-by time as pages and mails show it: the date and time in the conference's zone, with the
 * zone's offset, so a reader elsewhere sees which clock it is ("2026年11月30日 14:00 (GMT+8)").
 */
export function formatPayBy(payBy: Date, locale: Locale, timeZone: string | null | undefined): string {
  const zone = timeZone && isTimeZone(timeZone) ? timeZone : DEFAULT_TIME_ZONE;
  const offset =
    new Intl.DateTimeFormat('en', { timeZone: zone, timeZoneName: 'shortOffset' })
      .formatToParts(payBy)
      .find((p) => p.type === 'timeZoneName')?.value ?? zone;
  return `${conferenceFormatter(locale, zone).dateTime(payBy, 'short')} (${offset})`;
}

/** Hours and minutes left until `payBy` (never negative), for a countdown. */
export function timeLeft(payBy: Date | number, now: number): { hours: number; minutes: number; over: boolean } {
  const ms = (typeof payBy === 'number' ? payBy : payBy.getTime()) - now;
  if (ms <= 0) return { hours: 0, minutes: 0, over: true };
  const minutes = Math.ceil(ms / 60_000);
  return { hours: Math.floor(minutes / 60), minutes: minutes % 60, over: false };
}

/**
 * Where a mail sends the payer: the payment page of these orders (one currency, at most 20, as
 * the page takes them), else the order list.
 */
export function payPageUrl(origin: string, locale: Locale, orders: { id: number; currency: string }[]): string {
  const oneCurrency = new Set(orders.map((o) => o.currency)).size === 1;
  const path = oneCurrency && orders.length <= 20 ? `/profile/order/pay/goto/${orders.map((o) => o.id).join(',')}` : '/profile/order/list';
  return `${origin}${localePath(locale, path)}`;
}
