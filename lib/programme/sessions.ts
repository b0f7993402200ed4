import { and, eq, isNotNull, sql } from 'drizzle-orm';
import type { DB } from '@/db/client';
import { programmeContribution, programmeSession } from '@/db/schema';
import { instantOn } from './clock';
import { programmeDayOf } from './days';
import { lockProgramme } from './lock';
import { lockSession, requireRoom, requireTheme } from './refs';
import { ZPlaceSession, ZSessionInput, type PlaceSessionInput, type SessionInput } from './schemas';
import { conferenceTimeZone } from './zone';

/**
 * Sessions (blocks) of the draft. A new session waits unplaced beside the grid; placing puts it on a day, in a room
 * (or all rooms) at a time of day; unplacing sends it back. Its pinned contributions move with it.
 */

export async function createSession(db: DB, conferenceId: number, raw: SessionInput): Promise<{ id: number }> {
  const input = ZSessionInput.parse(raw);
  return db.transaction(async (tx) => {
    await lockProgramme(tx, conferenceId);
    if (input.themeId !== null) await requireTheme(tx, conferenceId, input.themeId);
    const [row] = await tx
      .insert(programmeSession)
      .values({ conferenceId, ...input })
      .returning({ id: programmeSession.id });
    return { id: row.id };
  });
}

export async function updateSession(db: DB, conferenceId: number, sessionId: number, raw: SessionInput): Promise<{ id: number }> {
  const input = ZSessionInput.parse(raw);
  return db.transaction(async (tx) => {
    await lockProgramme(tx, conferenceId);
    await lockSession(tx, conferenceId, sessionId);
    if (input.themeId !== null) await requireTheme(tx, conferenceId, input.themeId);
    await tx
      .update(programmeSession)
      .set({ ...input, updatedAt: new Date() })
      .where(and(eq(programmeSession.id, sessionId), eq(programmeSession.conferenceId, conferenceId)));
    return { id: sessionId };
  });
}

/** Puts a session on a day of the programme, in a room of this conference (null: all rooms), at a time of day. */
export async function placeSession(
  db: DB,
  conferenceId: number,
  sessionId: number,
  raw: PlaceSessionInput,
): Promise<{ id: number; startsAt: string }> {
  const input = ZPlaceSession.parse(raw);
  return db.transaction(async (tx) => {
    await lockProgramme(tx, conferenceId);
    const session = await lockSession(tx, conferenceId, sessionId);
    const day = await programmeDayOf(tx, conferenceId, input.dayId);
    if (input.roomId !== null) await requireRoom(tx, conferenceId, input.roomId);
    const startsAt = instantOn(day.day, input.start, await conferenceTimeZone(tx, conferenceId));
    await tx
      .update(programmeSession)
      .set({ roomId: input.roomId, startsAt, updatedAt: new Date() })
      .where(and(eq(programmeSession.id, sessionId), eq(programmeSession.conferenceId, conferenceId)));
    // Pinned contributions keep their place within the session.
    const shift = session.startsAt ? startsAt.getTime() - session.startsAt.getTime() : null;
    await tx
      .update(programmeContribution)
      .set(
        shift === null
          ? { startsAt: null, updatedAt: new Date() }
          : { startsAt: sql`${programmeContribution.startsAt} + make_interval(secs => ${shift / 1000})`, updatedAt: new Date() },
      )
      .where(
        and(
          eq(programmeContribution.conferenceId, conferenceId),
          eq(programmeContribution.sessionId, sessionId),
          isNotNull(programmeContribution.startsAt),
        ),
      );
    return { id: sessionId, startsAt: startsAt.toISOString() };
  });
}

/** Takes a session off the grid; its contributions stay in it, their pinned starts dropped. */
export async function unplaceSession(db: DB, conferenceId: number, sessionId: number): Promise<{ id: number }> {
  return db.transaction(async (tx) => {
    await lockProgramme(tx, conferenceId);
    await lockSession(tx, conferenceId, sessionId);
    await tx
      .update(programmeSession)
      .set({ roomId: null, startsAt: null, updatedAt: new Date() })
      .where(and(eq(programmeSession.id, sessionId), eq(programmeSession.conferenceId, conferenceId)));
    await tx
      .update(programmeContribution)
      .set({ startsAt: null, updatedAt: new Date() })
      .where(and(eq(programmeContribution.conferenceId, conferenceId), eq(programmeContribution.sessionId, sessionId)));
    return { id: sessionId };
  });
}

/** Deletes a session; its contributions go back among the unplaced. */
export async function deleteSession(db: DB, conferenceId: number, sessionId: number): Promise<{ id: number }> {
  return db.transaction(async (tx) => {
    await lockProgramme(tx, conferenceId);
    await lockSession(tx, conferenceId, sessionId);
    await tx
      .update(programmeContribution)
      .set({ sessionId: null, startsAt: null, updatedAt: new Date() })
      .where(and(eq(programmeContribution.conferenceId, conferenceId), eq(programmeContribution.sessionId, sessionId)));
    await tx.delete(programmeSession).where(and(eq(programmeSession.id, sessionId), eq(programmeSession.conferenceId, conferenceId)));
    return { id: sessionId };
  });
}
