import { and, eq, inArray } from 'drizzle-orm';
import type { DB } from '@/db/client';
import { programmeContribution, programmeSession, submission, submissionSession } from '@/db/schema';
import { ACCEPTED, insertSubmissionContributions } from './add-contributions';
import { lockProgramme } from './lock';
import { placeContributions } from './move-contribution';
import { lockSession, requireTheme } from './refs';
import { ZFillFromTheme } from './schemas';

/**
 * Fills a session from a theme of the call in one action: every accepted submission of the theme (and of the themes
 * under it) not yet in a session is added to the programme when needed and put at the end of the session, in
 * submission code order. The session remembers the theme when it had none.
 */
export async function fillSessionFromTheme(
  db: DB,
  conferenceId: number,
  sessionId: number,
  raw: { themeId: number },
): Promise<{ added: number[] }> {
  const { themeId } = ZFillFromTheme.parse(raw);
  return db.transaction(async (tx) => {
    await lockProgramme(tx, conferenceId);
    const session = await lockSession(tx, conferenceId, sessionId);
    await requireTheme(tx, conferenceId, themeId);
    const themes = await tx
      .select({ id: submissionSession.id, parentId: submissionSession.parentId })
      .from(submissionSession)
      .where(eq(submissionSession.conferenceId, conferenceId));
    const family = new Set([themeId]);
    for (let grew = true; grew;) {
      grew = false;
      for (const t of themes) {
        if (t.parentId !== null && family.has(t.parentId) && !family.has(t.id)) {
          family.add(t.id);
          grew = true;
        }
      }
    }
    const candidates = await tx
      .select({ id: submission.id, contributionId: programmeContribution.id, placedIn: programmeContribution.sessionId })
      .from(submission)
      .leftJoin(
        programmeContribution,
        and(eq(programmeContribution.submissionId, submission.id), eq(programmeContribution.conferenceId, conferenceId)),
      )
      .where(and(eq(submission.conferenceId, conferenceId), eq(submission.status, ACCEPTED), inArray(submission.sessionId, [...family])))
      .orderBy(submission.code, submission.id);
    const waiting = candidates.filter((c) => c.placedIn === null);
    const ids = await insertSubmissionContributions(
      tx,
      conferenceId,
      waiting.map((c) => c.id),
    );
    const moved = waiting.map((c) => ({ id: ids.get(c.id)!, sessionId: null }));
    if (moved.length > 0) await placeContributions(tx, conferenceId, sessionId, moved, Number.MAX_SAFE_INTEGER);
    if (session.themeId === null) {
      await tx
        .update(programmeSession)
        .set({ themeId, updatedAt: new Date() })
        .where(and(eq(programmeSession.id, sessionId), eq(programmeSession.conferenceId, conferenceId)));
    }
    return { added: moved.map((m) => m.id) };
  });
}
