import { and, eq } from 'drizzle-orm';
import type { DB } from '@/db/client';
import { programmeContribution } from '@/db/schema';
import { AppError } from '@/lib/http/app-error';
import { lockProgramme } from './lock';
import { lockContribution } from './move-contribution';
import { ZHandContributionText, type HandContributionTextInput } from './schemas';

/**
 * A hand-added contribution's text (keynote, invited talk, panel, other): its kind, title, abstract and speakers, in
 * the draft (the next published version carries them). Its code stays as it is (it is one of its settings, changed
 * there). One from a submission is refused: its title, abstract and authors are the submission's.
 */
export async function updateHandContributionText(
  db: DB,
  conferenceId: number,
  contributionId: number,
  raw: HandContributionTextInput,
): Promise<{ id: number }> {
  const input = ZHandContributionText.parse(raw);
  return db.transaction(async (tx) => {
    await lockProgramme(tx, conferenceId);
    const current = await lockContribution(tx, conferenceId, contributionId);
    if (current.kind === 'submission' || current.submissionId !== null) throw new AppError('PROGRAMME_CONTRIBUTION_FROM_SUBMISSION');
    await tx
      .update(programmeContribution)
      .set({
        kind: input.kind,
        title: input.title,
        abstract: input.abstract,
        speakers: input.speakers,
        // The presenter is a speaker's place in the list: one past the new list's end falls back to the first.
        presenterAuthor:
          current.presenterAuthor !== null && current.presenterAuthor < input.speakers.length ? current.presenterAuthor : null,
        updatedAt: new Date(),
      })
      .where(and(eq(programmeContribution.id, contributionId), eq(programmeContribution.conferenceId, conferenceId)));
    return { id: contributionId };
  });
}
