import { and, eq } from 'drizzle-orm';
import type { Executor } from '@/db/client';
import { conference, conferenceRegistration } from '@/db/schema';
import { startOfDayIn } from '@/lib/i18n/zone';
import { doorCheckIn } from '@/lib/onsite/door';

/** Why a registration has no certificate of attendance (yet). */
export type AttendanceRefusal = 'not-registered' | 'cancelled' | 'not-ended' | 'not-checked-in';
export type Attendance = { ok: true; registrationId: number; checkedInAt: Date } | { ok: false; reason: AttendanceRefusal };

/** When a conference is over: the start of the day after its last day, in its time zone (null: no end date set). */
export function conferenceEndsAt(endDate: string | null, timeZone: string): Date | null {
  return endDate ? startOfDayIn(endDate, timeZone, 1) : null;
}

/**
 * The one rule of who gets a certificate of attendance (issue 24 point 5): a registration of this conference, not
 * cancelled, checked in at the conference's door (lib/onsite/door.ts doorCheckIn: a check-in that was undone does not
 * count), once the conference is over (its last day ended in its time zone). The profile's button, the download, the
 * organiser's bulk mail and the tests all ask this function.
 */
export async function attendanceEligibility(
  db: Executor,
  { conferenceId, registrationId, now = new Date() }: { conferenceId: number; registrationId: number; now?: Date },
): Promise<Attendance> {
  const [row] = await db
    .select({ status: conferenceRegistration.status, endDate: conference.endDate, timeZone: conference.timeZone })
    .from(conferenceRegistration)
    .innerJoin(conference, eq(conference.id, conferenceRegistration.conferenceId))
    .where(and(eq(conferenceRegistration.conferenceId, conferenceId), eq(conferenceRegistration.id, registrationId)));
  if (!row) return { ok: false, reason: 'not-registered' };
  if (row.status === 'cancelled') return { ok: false, reason: 'cancelled' };
  const ends = conferenceEndsAt(row.endDate, row.timeZone);
  if (!ends || now < ends) return { ok: false, reason: 'not-ended' };
  const door = await doorCheckIn(db, { conferenceId, registrationId });
  if (!door) return { ok: false, reason: 'not-checked-in' };
  return { ok: true, registrationId, checkedInAt: door.checkedInAt };
}

/** Whether the conference is over now (certificates may be issued); false without an end date. */
export function conferenceEnded(conf: { endDate: string | null; timeZone: string }, now = new Date()): boolean {
  const ends = conferenceEndsAt(conf.endDate, conf.timeZone);
  return ends !== null && now >= ends;
}
