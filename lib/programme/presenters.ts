import { and, asc, eq, inArray, ne, or, sql } from 'drizzle-orm';
import type { Executor } from '@/db/client';
import { programmeContribution, submission, submissionAuthor, uploadedFile, type PresenterState } from '@/db/schema';
import { AppError } from '@/lib/http/app-error';

/**
 * Who presents a contribution (issue 23 point 6): the account that owns its submission, or the account whose email
 * is the presenting author's (case-insensitive) — the author at `presenterAuthor` among the submission's authors, or
 * the first corresponding author when none is named; for a contribution added by hand, the speaker at
 * `presenterAuthor` (else the first).
 */

export type Presenter = { id: string; email: string };

export type PresentedContribution = {
  id: number;
  code: string;
  presenterState: PresenterState;
  presenterAnsweredAt: Date | null;
  slidesFileId: number | null;
};

const same = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase() && a.trim() !== '';

/** The contributions of this conference the account presents (draft rows: the published version decides what shows). */
export async function contributionsPresentedBy(
  db: Executor,
  { conferenceId, presenter, contributionId }: { conferenceId: number; presenter: Presenter; contributionId?: number },
): Promise<PresentedContribution[]> {
  const email = presenter.email.trim().toLowerCase();
  const byEmail = db
    .select({ id: submissionAuthor.submissionId })
    .from(submissionAuthor)
    .where(and(eq(submissionAuthor.conferenceId, conferenceId), sql`lower(${submissionAuthor.email}) = ${email}`));
  const rows = await db
    .select({
      id: programmeContribution.id,
      code: programmeContribution.code,
      kind: programmeContribution.kind,
      submissionId: programmeContribution.submissionId,
      presenterAuthor: programmeContribution.presenterAuthor,
      speakers: programmeContribution.speakers,
      presenterState: programmeContribution.presenterState,
      presenterAnsweredAt: programmeContribution.presenterAnsweredAt,
      slidesFileId: programmeContribution.slidesFileId,
      owner: submission.userId,
    })
    .from(programmeContribution)
    .leftJoin(submission, and(eq(submission.id, programmeContribution.submissionId), eq(submission.conferenceId, conferenceId)))
    .where(
      and(
        eq(programmeContribution.conferenceId, conferenceId),
        contributionId === undefined ? undefined : eq(programmeContribution.id, contributionId),
        or(
          eq(submission.userId, presenter.id),
          inArray(programmeContribution.submissionId, byEmail),
          ne(programmeContribution.kind, 'submission'),
        ),
      ),
    );
  const submissionIds = rows.flatMap((r) => (r.submissionId !== null && r.owner !== presenter.id ? [r.submissionId] : []));
  const authors = submissionIds.length
    ? await db
        .select({
          submissionId: submissionAuthor.submissionId,
          email: submissionAuthor.email,
          corresponding: submissionAuthor.corresponding,
        })
        .from(submissionAuthor)
        .where(and(eq(submissionAuthor.conferenceId, conferenceId), inArray(submissionAuthor.submissionId, submissionIds)))
        .orderBy(asc(submissionAuthor.submissionId), asc(submissionAuthor.sortOrder), asc(submissionAuthor.id))
    : [];
  return rows
    .filter((r) => {
      if (r.kind !== 'submission') return same(r.speakers[r.presenterAuthor ?? 0]?.email ?? '', presenter.email);
      if (r.owner === presenter.id) return true;
      const list = authors.filter((a) => a.submissionId === r.submissionId);
      const chosen = r.presenterAuthor !== null ? list[r.presenterAuthor] : (list.find((a) => a.corresponding) ?? list[0]);
      return same(chosen?.email ?? '', presenter.email);
    })
    .map((r) => ({
      id: r.id,
      code: r.code,
      presenterState: r.presenterState,
      presenterAnsweredAt: r.presenterAnsweredAt,
      slidesFileId: r.slidesFileId,
    }));
}

/** The one contribution the account presents, or PRESENTER_ONLY (whether it exists or not: nothing is told). */
export async function presentedContribution(
  db: Executor,
  input: { conferenceId: number; presenter: Presenter; contributionId: number },
): Promise<PresentedContribution> {
  const [row] = await contributionsPresentedBy(db, input);
  if (!row) throw new AppError('PRESENTER_ONLY');
  return row;
}

/** The names of the slides files of some contributions (for the presenter's own list). */
export async function slidesFiles(
  db: Executor,
  conferenceId: number,
  ids: number[],
): Promise<Map<number, { id: number; originalName: string }>> {
  if (!ids.length) return new Map();
  const rows = await db
    .select({ id: uploadedFile.id, originalName: uploadedFile.originalName })
    .from(uploadedFile)
    .where(and(eq(uploadedFile.conferenceId, conferenceId), inArray(uploadedFile.id, ids)));
  return new Map(rows.map((r) => [r.id, r]));
}
