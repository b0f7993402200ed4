import { DEFAULT_TIME_ZONE, isTimeZone } from './format';

/** How far `timeZone`'s wall clock is ahead of UTC at `at`, in ms. */
function zoneOffsetMs(at: number, timeZone: string): number {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    })
      .formatToParts(new Date(at))
      .map((p) => [p.type, Number(p.value)]),
  );
  return Date.UTC(parts.year, parts.month - 1, parts.day, parts.hour, parts.minute, parts.second) - Math.floor(at / 1000) * 1000;
}

/** The instant a calendar day (YYYY-MM-DD, `plusDays` later) begins in `timeZone`. */
export function startOfDayIn(isoDate: string, timeZone: string, plusDays = 0): Date {
  const zone = isTimeZone(timeZone) ? timeZone : DEFAULT_TIME_ZONE;
  const [y, m, d] = isoDate.split('-').map(Number);
  const wall = Date.UTC(y, m - 1, d + plusDays);
  const first = wall - zoneOffsetMs(wall, zone);
  return new Date(wall - zoneOffsetMs(first, zone));
}

/**
 * The wall-clock time `timeZone` shows at `at`, as a Date whose UTC fields are that wall time: what a
 * spreadsheet date cell holds (a cell has no zone; ExcelJS writes a Date's UTC fields).
 */
export function wallClockIn(at: Date, timeZone: string): Date {
  const zone = isTimeZone(timeZone) ? timeZone : DEFAULT_TIME_ZONE;
  return new Date(at.getTime() + zoneOffsetMs(at.getTime(), zone));
}
