/** Calendar arithmetic on YYYY-MM-DD dates (no time zone: a hotel night is a calendar date). */

const DAY_MS = 86_400_000;

function utc(isoDate: string): number {
  const [y, m, d] = isoDate.split('-').map(Number);
  return Date.UTC(y, m - 1, d);
}

/** The date `days` after `isoDate`. */
export function addDays(isoDate: string, days: number): string {
  return new Date(utc(isoDate) + days * DAY_MS).toISOString().slice(0, 10);
}

/** Nights from check-in to check-out (0 or less when check-out is not after check-in). */
export function nightsBetween(checkIn: string, checkOut: string): number {
  return Math.round((utc(checkOut) - utc(checkIn)) / DAY_MS);
}

/** Every night in [from, to): the dates on which a guest sleeps. */
export function nightList(from: string, to: string): string[] {
  const n = nightsBetween(from, to);
  return Array.from({ length: Math.max(0, n) }, (_, i) => addDays(from, i));
}
