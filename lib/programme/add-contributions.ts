import { and, eq, inArray } from 'drizzle-orm';
import type { DB, Executor } from '@/db/client';
import { programmeContribution, submission, submissionSession } from '@/db/schema';
import { AppError } from '@/lib/http/app-error';
import { codeAllocator, prefixFor, type CodeAllocator } from './codes';
import { lockProgramme } from './lock';
import { ZAddSubmissions, ZHandContribution, type HandContributionInput } from './schemas';

/** Status of the submissions the programme takes. */
export const ACCEPTED = 'accepted';

/**
 * Creates unplaced contributions for accepted submissions of this conference not yet in the programme (those already
 * in it are left as they are), each coded from its theme's prefix, in the submissions' code order.
 */
export async function insertSubmissionContributions(
  tx: Executor,
  conferenceId: number,
  submissionIds: number[],
  codes?: CodeAllocator,
): Promise<Map<number, number>> {
  if (submissionIds.length === 0) return new Map();
  const rows = await tx
    .select({ id: submission.id, code: submission.code, prefix: submissionSession.prefix, contributionId: programmeContribution.id })
    .from(submission)
    .leftJoin(submissionSession, and(eq(submissionSession.id, submission.sessionId), eq(submissionSession.conferenceId, conferenceId)))
    .leftJoin(
      programmeContribution,
      and(eq(programmeContribution.submissionId, submission.id), eq(programmeContribution.conferenceId, conferenceId)),
    )
    .where(and(eq(submission.conferenceId, conferenceId), eq(submission.status, ACCEPTED), inArray(submission.id, submissionIds)))
    .orderBy(submission.code, submission.id);
  if (rows.length !== new Set(submissionIds).size) throw new AppError('PROGRAMME_SUBMISSION_NOT_ACCEPTED');
  const allocate = codes ?? (await codeAllocator(tx, conferenceId));
  const ids = new Map<number, number>();
  for (const row of rows) {
    if (row.contributionId !== null) {
      ids.set(row.id, row.contributionId);
      continue;
    }
    const [created] = await tx
      .insert(programmeContribution)
      .values({ conferenceId, submissionId: row.id, kind: 'submission', code: allocate.next(prefixFor('submission', row.prefix)) })
      .returning({ id: programmeContribution.id });
    ids.set(row.id, created.id);
  }
  return ids;
}

/** Adds accepted submissions of this conference to the programme as unplaced contributions. */
export async function addSubmissionContributions(
  db: DB,
  conferenceId: number,
  raw: { submissionIds: number[] },
): Promise<{ ids: number[] }> {
  const { submissionIds } = ZAddSubmissions.parse(raw);
  return db.transaction(async (tx) => {
    await lockProgramme(tx, conferenceId);
    const ids = await insertSubmissionContributions(tx, conferenceId, submissionIds);
    return { ids: [...ids.values()] };
  });
}

/** Adds a keynote, invited talk, panel or other contribution typed by the organiser, unplaced. */
export async function addHandContribution(db: DB, conferenceId: number, raw: HandContributionInput): Promise<{ id: number; code: string }> {
  const input = ZHandContribution.parse(raw);
  return db.transaction(async (tx) => {
    await lockProgramme(tx, conferenceId);
    const code = (await codeAllocator(tx, conferenceId)).next(prefixFor(input.kind, null));
    const [row] = await tx
      .insert(programmeContribution)
      .values({ conferenceId, ...input, code })
      .returning({ id: programmeContribution.id });
    return { id: row.id, code };
  });
}
