import { and, count, eq, gte, lt, ne } from 'drizzle-orm';
import type { DB, Executor } from '@/db/client';
import { programmeDay, programmeSession } from '@/db/schema';
import { AppError } from '@/lib/http/app-error';
import { startOfDayIn } from '@/lib/i18n/zone';
import { lockProgramme } from './lock';
import { ZDayInput, type DayInput } from './schemas';
import { conferenceTimeZone } from './zone';

/** The days of the programme (dates in the conference's zone), each the timetable's tab. */

async function sessionsOn(tx: Executor, conferenceId: number, day: string): Promise<number> {
  const zone = await conferenceTimeZone(tx, conferenceId);
  const [row] = await tx
    .select({ n: count() })
    .from(programmeSession)
    .where(
      and(
        eq(programmeSession.conferenceId, conferenceId),
        gte(programmeSession.startsAt, startOfDayIn(day, zone)),
        lt(programmeSession.startsAt, startOfDayIn(day, zone, 1)),
      ),
    );
  return row.n;
}

async function dateTaken(tx: Executor, conferenceId: number, day: string, exceptId: number | null): Promise<boolean> {
  const rows = await tx
    .select({ id: programmeDay.id })
    .from(programmeDay)
    .where(
      and(
        eq(programmeDay.conferenceId, conferenceId),
        eq(programmeDay.day, day),
        exceptId === null ? undefined : ne(programmeDay.id, exceptId),
      ),
    );
  return rows.length > 0;
}

async function dayRow(tx: Executor, conferenceId: number, dayId: number) {
  const [row] = await tx
    .select()
    .from(programmeDay)
    .where(and(eq(programmeDay.id, dayId), eq(programmeDay.conferenceId, conferenceId)));
  if (!row) throw new AppError('PROGRAMME_DAY_NOT_FOUND');
  return row;
}

export async function createDay(db: DB, conferenceId: number, raw: DayInput): Promise<{ id: number }> {
  const input = ZDayInput.parse(raw);
  return db.transaction(async (tx) => {
    await lockProgramme(tx, conferenceId);
    if (await dateTaken(tx, conferenceId, input.day, null)) throw new AppError('PROGRAMME_DAY_TAKEN');
    const [row] = await tx
      .insert(programmeDay)
      .values({ conferenceId, day: input.day, title: input.title })
      .returning({ id: programmeDay.id });
    return { id: row.id };
  });
}

/** Changes a day's title, or its date while no session is placed on it. */
export async function updateDay(db: DB, conferenceId: number, dayId: number, raw: DayInput): Promise<{ id: number }> {
  const input = ZDayInput.parse(raw);
  return db.transaction(async (tx) => {
    await lockProgramme(tx, conferenceId);
    const current = await dayRow(tx, conferenceId, dayId);
    if (current.day !== input.day) {
      if (await dateTaken(tx, conferenceId, input.day, dayId)) throw new AppError('PROGRAMME_DAY_TAKEN');
      const placed = await sessionsOn(tx, conferenceId, current.day);
      if (placed > 0) throw new AppError('PROGRAMME_DAY_NOT_EMPTY', { count: placed });
    }
    await tx
      .update(programmeDay)
      .set({ day: input.day, title: input.title })
      .where(and(eq(programmeDay.id, dayId), eq(programmeDay.conferenceId, conferenceId)));
    return { id: dayId };
  });
}

/** Deletes a day without placed sessions. */
export async function deleteDay(db: DB, conferenceId: number, dayId: number): Promise<{ id: number }> {
  return db.transaction(async (tx) => {
    await lockProgramme(tx, conferenceId);
    const current = await dayRow(tx, conferenceId, dayId);
    const placed = await sessionsOn(tx, conferenceId, current.day);
    if (placed > 0) throw new AppError('PROGRAMME_DAY_NOT_EMPTY', { count: placed });
    await tx.delete(programmeDay).where(and(eq(programmeDay.id, dayId), eq(programmeDay.conferenceId, conferenceId)));
    return { id: dayId };
  });
}

/** A day of this conference's programme (for placing a session on it). */
export async function programmeDayOf(tx: Executor, conferenceId: number, dayId: number): Promise<{ id: number; day: string }> {
  const row = await dayRow(tx, conferenceId, dayId);
  return { id: row.id, day: row.day };
}
