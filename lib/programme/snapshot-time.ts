import { DEFAULT_TIME_ZONE, isTimeZone } from '@/lib/i18n/format';
import { wallClockIn } from '@/lib/i18n/zone';

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/** The zone a programme is shown in: the conference's, or the default when it names an unknown one. */
export function programmeZone(timeZone: string): string {
  return isTimeZone(timeZone) ? timeZone : DEFAULT_TIME_ZONE;
}

/** An instant as ISO 8601 with the offset `timeZone` has then (`2030-10-12T09:00:00+08:00`): what a snapshot stores. */
export function isoInZone(at: Date, timeZone: string): string {
  const wall = wallClockIn(at, timeZone);
  const offsetMinutes = Math.round((wall.getTime() - at.getTime()) / 60_000);
  const sign = offsetMinutes < 0 ? '-' : '+';
  const abs = Math.abs(offsetMinutes);
  const date = `${wall.getUTCFullYear()}-${pad(wall.getUTCMonth() + 1)}-${pad(wall.getUTCDate())}`;
  const time = `${pad(wall.getUTCHours())}:${pad(wall.getUTCMinutes())}:${pad(wall.getUTCSeconds())}`;
  return `${date}T${time}${sign}${pad(Math.floor(abs / 60))}:${pad(abs % 60)}`;
}

/** The calendar day (YYYY-MM-DD) of a snapshot's instant, read from its own offset: the day in the conference's zone. */
export function snapshotDay(iso: string): string {
  return iso.slice(0, 10);
}

/** The wall-clock time (HH:MM) of a snapshot's instant in the conference's zone. */
export function snapshotTime(iso: string): string {
  return iso.slice(11, 16);
}
