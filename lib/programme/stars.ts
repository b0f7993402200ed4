import { and, eq } from 'drizzle-orm';
import type { Executor } from '@/db/client';
import { programmeContribution, programmeStar } from '@/db/schema';
import { AppError } from '@/lib/http/app-error';
import { latestProgrammeVersion, placedContributions, type PlacedContribution, type PublishedProgramme } from './published-programme';

/**
 * "My agenda" (issue 23 point 4): a signed-in participant's starred contributions. A star names a contribution of
 * THIS conference that the latest published version holds; each account sees and changes only its own stars.
 */

type Who = { conferenceId: number; userId: string };

/** Stars a published contribution of this conference (starring twice keeps one star); NOT_FOUND for anything else. */
export async function starContribution(db: Executor, input: Who & { contributionId: number }): Promise<void> {
  const [row] = await db
    .select({ id: programmeContribution.id })
    .from(programmeContribution)
    .where(and(eq(programmeContribution.conferenceId, input.conferenceId), eq(programmeContribution.id, input.contributionId)));
  const programme = row ? await latestProgrammeVersion(db, { conferenceId: input.conferenceId }) : null;
  const published = programme && placedContributions(programme.snapshot).some((p) => p.contribution.id === input.contributionId);
  if (!published) throw new AppError('CONTRIBUTION_NOT_FOUND');
  await db
    .insert(programmeStar)
    .values({ conferenceId: input.conferenceId, userId: input.userId, contributionId: input.contributionId })
    .onConflictDoNothing();
}

/** Removes one of the caller's own stars (none there: nothing to do). */
export async function unstarContribution(db: Executor, input: Who & { contributionId: number }): Promise<void> {
  await db
    .delete(programmeStar)
    .where(
      and(
        eq(programmeStar.conferenceId, input.conferenceId),
        eq(programmeStar.userId, input.userId),
        eq(programmeStar.contributionId, input.contributionId),
      ),
    );
}

/** The ids of the contributions the caller starred at this conference. */
export async function myStarredIds(db: Executor, input: Who): Promise<number[]> {
  const rows = await db
    .select({ id: programmeStar.contributionId })
    .from(programmeStar)
    .where(and(eq(programmeStar.conferenceId, input.conferenceId), eq(programmeStar.userId, input.userId)));
  return rows.map((r) => r.id);
}

/** The caller's agenda: their starred contributions as the latest version places them, in time order. */
export async function myAgenda(db: Executor, input: Who): Promise<{ programme: PublishedProgramme | null; items: PlacedContribution[] }> {
  const [programme, ids] = await Promise.all([latestProgrammeVersion(db, input), myStarredIds(db, input)]);
  if (!programme) return { programme: null, items: [] };
  const starred = new Set(ids);
  const items = placedContributions(programme.snapshot)
    .filter((p) => starred.has(p.contribution.id))
    .sort((a, b) => Date.parse(a.contribution.startsAt) - Date.parse(b.contribution.startsAt));
  return { programme, items };
}
