import { desc, eq } from 'drizzle-orm';
import type { Executor } from '@/db/client';
import { programmeVersion, type ProgrammeSnapshot, type ProgrammeSnapshotContribution, type ProgrammeSnapshotSession } from '@/db/schema';

/** A published version of a conference's programme, as stored. */
export type PublishedProgramme = typeof programmeVersion.$inferSelect;

/**
 * The latest published version of a conference's programme, or null before the first: what every public reader
 * (the programme pages, calendars, agendas, slides, the book and its print page) reads.
 */
export async function latestProgrammeVersion(db: Executor, { conferenceId }: { conferenceId: number }): Promise<PublishedProgramme | null> {
  const [row] = await db
    .select()
    .from(programmeVersion)
    .where(eq(programmeVersion.conferenceId, conferenceId))
    .orderBy(desc(programmeVersion.number))
    .limit(1);
  return row ?? null;
}

/** A contribution of a snapshot with the session it is in. */
export type PlacedContribution = { contribution: ProgrammeSnapshotContribution; session: ProgrammeSnapshotSession };

/** Every contribution of a snapshot with its session, in the snapshot's (time) order. */
export function placedContributions(snapshot: ProgrammeSnapshot): PlacedContribution[] {
  return snapshot.sessions.flatMap((session) => session.contributions.map((contribution) => ({ contribution, session })));
}

/** The room's name of a session (null roomId: every room, no name). */
export function roomOf(snapshot: ProgrammeSnapshot, session: ProgrammeSnapshotSession) {
  return session.roomId === null ? null : (snapshot.rooms.find((r) => r.id === session.roomId) ?? null);
}
