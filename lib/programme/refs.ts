import { and, eq } from 'drizzle-orm';
import type { Executor } from '@/db/client';
import { programmeRoom, programmeSession, submissionSession } from '@/db/schema';
import { AppError } from '@/lib/http/app-error';

/**
 * Ids a caller names are checked against the caller's conference (in the WHERE), never trusted: another
 * conference's room, theme or session is "not found" here.
 */

export async function requireRoom(tx: Executor, conferenceId: number, roomId: number): Promise<void> {
  const [row] = await tx
    .select({ id: programmeRoom.id })
    .from(programmeRoom)
    .where(and(eq(programmeRoom.id, roomId), eq(programmeRoom.conferenceId, conferenceId)));
  if (!row) throw new AppError('PROGRAMME_ROOM_NOT_FOUND');
}

export async function requireTheme(tx: Executor, conferenceId: number, themeId: number) {
  const [row] = await tx
    .select({ id: submissionSession.id, prefix: submissionSession.prefix })
    .from(submissionSession)
    .where(and(eq(submissionSession.id, themeId), eq(submissionSession.conferenceId, conferenceId)));
  if (!row) throw new AppError('PROGRAMME_THEME_NOT_FOUND');
  return row;
}

/** The session, locked for the change. */
export async function lockSession(tx: Executor, conferenceId: number, sessionId: number) {
  const [row] = await tx
    .select()
    .from(programmeSession)
    .where(and(eq(programmeSession.id, sessionId), eq(programmeSession.conferenceId, conferenceId)))
    .for('update');
  if (!row) throw new AppError('PROGRAMME_SESSION_NOT_FOUND');
  return row;
}
