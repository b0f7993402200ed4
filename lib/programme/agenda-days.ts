import type { ProgrammeSnapshot } from '@/db/schema';
import { startOfDayIn } from '@/lib/i18n/zone';
import type { PlacedContribution } from './published-programme';

/** Contributions grouped under the programme's days (a date in its zone), days without any left out. */
export function groupByDay(
  snapshot: ProgrammeSnapshot,
  items: PlacedContribution[],
): Array<{ day: ProgrammeSnapshot['days'][number]; items: PlacedContribution[] }> {
  return snapshot.days
    .map((day) => {
      const from = startOfDayIn(day.date, snapshot.timeZone).getTime();
      const to = startOfDayIn(day.date, snapshot.timeZone, 1).getTime();
      return { day, items: items.filter((i) => Date.parse(i.contribution.startsAt) >= from && Date.parse(i.contribution.startsAt) < to) };
    })
    .filter((group) => group.items.length > 0);
}
