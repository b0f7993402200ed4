import { and, eq } from 'drizzle-orm';
import type { DB } from '@/db/client';
import { reviewAssignment, reviewer, submission } from '@/db/schema';
import { AppError } from '@/lib/http/app-error';
import { releaseIfUnassigned } from './assign';
import { lockReviewAssignments } from './assign-lock';
import { recordConflict } from './conflicts';
import type { ReviewerRow } from './permissions';

/**
 * A reviewer declares a conflict of interest with a submission assigned to them (before writing
 * the review): the conflict is recorded, the assignment taken back, and the submission never
 * given to them again.
 */
export async function declareOwnConflict(
  db: DB,
  conferenceId: number,
  rev: ReviewerRow,
  assignmentId: number,
  reason: string,
): Promise<void> {
  await db.transaction(async (tx) => {
    await lockReviewAssignments(tx, conferenceId);
    const [a] = await tx
      .select()
      .from(reviewAssignment)
      .where(
        and(
          eq(reviewAssignment.id, assignmentId),
          eq(reviewAssignment.conferenceId, conferenceId),
          eq(reviewAssignment.reviewerId, rev.id),
        ),
      )
      .for('update');
    if (!a || a.status === 'cancelled') throw new AppError('NOT_FOUND');
    if (a.status !== 'assigned') throw new AppError('REVIEW_NOT_OPEN');
    await recordConflict(tx, { conferenceId, reviewerId: rev.id, submissionId: a.submissionId, reason, declaredBy: rev.userId ?? '' });
    await tx.update(reviewAssignment).set({ status: 'cancelled' }).where(eq(reviewAssignment.id, a.id));
    await releaseIfUnassigned(tx, conferenceId, a.submissionId, rev.userId ?? '');
  });
}

/** A manager records a conflict between a reviewer and a submission; an open assignment between them is taken back. */
export async function declareConflictFor(
  db: DB,
  conferenceId: number,
  input: { submissionId: number; reviewerId: number; reason: string },
  actorId: string,
): Promise<void> {
  await db.transaction(async (tx) => {
    await lockReviewAssignments(tx, conferenceId);
    const [[sub], [rev]] = await Promise.all([
      tx
        .select({ id: submission.id })
        .from(submission)
        .where(and(eq(submission.id, input.submissionId), eq(submission.conferenceId, conferenceId))),
      tx
        .select({ id: reviewer.id })
        .from(reviewer)
        .where(and(eq(reviewer.id, input.reviewerId), eq(reviewer.conferenceId, conferenceId))),
    ]);
    if (!sub || !rev) throw new AppError('NOT_FOUND');
    await recordConflict(tx, { conferenceId, reviewerId: rev.id, submissionId: sub.id, reason: input.reason, declaredBy: actorId });
    await tx
      .update(reviewAssignment)
      .set({ status: 'cancelled' })
      .where(
        and(
          eq(reviewAssignment.conferenceId, conferenceId),
          eq(reviewAssignment.submissionId, sub.id),
          eq(reviewAssignment.reviewerId, rev.id),
          eq(reviewAssignment.status, 'assigned'),
        ),
      );
    await releaseIfUnassigned(tx, conferenceId, sub.id, actorId);
  });
}
