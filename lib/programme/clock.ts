import { DEFAULT_TIME_ZONE, isTimeZone } from '@/lib/i18n/format';
import { startOfDayIn } from '@/lib/i18n/zone';

/**
 * The programme's clock: a day of the programme (YYYY-MM-DD) and a time of day ("HH:MM") on the conference's wall
 * clock, and back. Pure; used by the services and by the editor in the browser.
 */

/** The instant `hhmm` falls at on `day` in `timeZone` (minutes counted from the day's start). */
export function instantOn(day: string, hhmm: string, timeZone: string): Date {
  const [h, m] = hhmm.split(':').map(Number);
  return new Date(startOfDayIn(day, timeZone).getTime() + (h * 60 + m) * 60_000);
}

/** The day (YYYY-MM-DD) and time of day ("HH:MM") `timeZone` shows at `at`. */
export function dayAndTimeOf(at: Date | number | string, timeZone: string): { day: string; time: string; minutes: number } {
  const zone = isTimeZone(timeZone) ? timeZone : DEFAULT_TIME_ZONE;
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
    })
      .formatToParts(new Date(at))
      .map((p) => [p.type, p.value]),
  );
  const time = `${parts.hour}:${parts.minute}`;
  return { day: `${parts.year}-${parts.month}-${parts.day}`, time, minutes: Number(parts.hour) * 60 + Number(parts.minute) };
}

/** "HH:MM" of a count of minutes from midnight. */
export function timeOfMinutes(minutes: number): string {
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  return `${String(h).padStart(2, '0')}:${String(m).padStart(2, '0')}`;
}
