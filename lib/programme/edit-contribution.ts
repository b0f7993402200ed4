import { and, eq } from 'drizzle-orm';
import type { DB } from '@/db/client';
import { programmeContribution } from '@/db/schema';
import { AppError } from '@/lib/http/app-error';
import { dayAndTimeOf, instantOn } from './clock';
import { lockProgramme } from './lock';
import { codeTaken, lockContribution } from './move-contribution';
import { lockSession } from './refs';
import { ZContributionSettings, type ContributionSettingsInput } from './schemas';
import { conferenceTimeZone } from './zone';

/**
 * A contribution's own settings: duration, a pinned start (a time of day on its session's day; '' to follow the one
 * before), a poster's board number and its programme code (unique in the conference, whatever the case).
 */
export async function updateContribution(
  db: DB,
  conferenceId: number,
  contributionId: number,
  raw: ContributionSettingsInput,
): Promise<{ id: number }> {
  const input = ZContributionSettings.parse(raw);
  return db.transaction(async (tx) => {
    await lockProgramme(tx, conferenceId);
    const current = await lockContribution(tx, conferenceId, contributionId);
    if (await codeTaken(tx, conferenceId, input.code, contributionId)) throw new AppError('PROGRAMME_CODE_TAKEN');
    let startsAt: Date | null = null;
    if (input.start !== '') {
      const session = current.sessionId === null ? null : await lockSession(tx, conferenceId, current.sessionId);
      if (!session?.startsAt) throw new AppError('PROGRAMME_SESSION_NOT_PLACED');
      const zone = await conferenceTimeZone(tx, conferenceId);
      startsAt = instantOn(dayAndTimeOf(session.startsAt, zone).day, input.start, zone);
    }
    await tx
      .update(programmeContribution)
      .set({ durationMinutes: input.durationMinutes, startsAt, boardNumber: input.boardNumber, code: input.code, updatedAt: new Date() })
      .where(and(eq(programmeContribution.id, contributionId), eq(programmeContribution.conferenceId, conferenceId)));
    return { id: contributionId };
  });
}

/** Removes a contribution from the draft (a submission can be added again later). */
export async function deleteContribution(db: DB, conferenceId: number, contributionId: number): Promise<{ id: number }> {
  return db.transaction(async (tx) => {
    await lockProgramme(tx, conferenceId);
    await lockContribution(tx, conferenceId, contributionId);
    await tx
      .delete(programmeContribution)
      .where(and(eq(programmeContribution.id, contributionId), eq(programmeContribution.conferenceId, conferenceId)));
    return { id: contributionId };
  });
}
