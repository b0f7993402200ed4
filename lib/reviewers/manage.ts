import { and, count, eq, ne } from 'drizzle-orm';
import type { DB, Executor } from '@/db/client';
import { conferenceMember, reviewAssignment, reviewer } from '@/db/schema';
import { AppError } from '@/lib/http/app-error';
import { releaseIfUnassigned } from '@/lib/review/assign';
import { lockReviewAssignments } from '@/lib/review/assign-lock';
import type { ReviewerRole } from './schemas';

/** POST review/role and DELETE review/role/{id} (back to 'reviewer'): a reviewer's role in this conference. */
export async function setReviewerRole(
  db: Executor,
  conferenceId: number,
  id: number,
  role: ReviewerRole,
): Promise<{ id: number; role: ReviewerRole }> {
  const [row] = await db
    .update(reviewer)
    .set({ role })
    .where(and(eq(reviewer.conferenceId, conferenceId), eq(reviewer.id, id)))
    .returning({ id: reviewer.id });
  if (!row) throw new AppError('REVIEWER_NOT_FOUND');
  return { id: row.id, role };
}

/** GET review/role/{id}. */
export async function reviewerRole(db: Executor, conferenceId: number, id: number): Promise<{ id: number; role: string }> {
  const [row] = await db
    .select({ id: reviewer.id, role: reviewer.role })
    .from(reviewer)
    .where(and(eq(reviewer.conferenceId, conferenceId), eq(reviewer.id, id)));
  if (!row) throw new AppError('REVIEWER_NOT_FOUND');
  return row;
}

/** Takes the conference_member 'reviewer' role from `userId` unless another active reviewer row of theirs still holds it. */
async function revokeReviewerRole(tx: Executor, conferenceId: number, userId: string, exceptId: number) {
  const [{ others }] = await tx
    .select({ others: count() })
    .from(reviewer)
    .where(and(eq(reviewer.conferenceId, conferenceId), eq(reviewer.userId, userId), eq(reviewer.active, true), ne(reviewer.id, exceptId)));
  if (others > 0) return;
  await tx
    .delete(conferenceMember)
    .where(
      and(eq(conferenceMember.conferenceId, conferenceId), eq(conferenceMember.userId, userId), eq(conferenceMember.role, 'reviewer')),
    );
}

/**
 * DELETE review/{id}: removes a reviewer and, in the same transaction, takes their 'reviewer' role.
 * A reviewer who has review assignments (submitted reviews or not) keeps their row, so the reviews
 * stay attributable: they are deactivated instead (no longer active, any unused key cleared, the
 * reviews they had not written taken back) and the answer says so. Either way they can no longer review; a resend invites them again.
 */
export async function removeReviewer(
  db: DB,
  conferenceId: number,
  id: number,
  actorId: string,
): Promise<{ removed: boolean; deactivated: boolean }> {
  return db.transaction(async (tx) => {
    await lockReviewAssignments(tx, conferenceId);
    const [row] = await tx
      .select()
      .from(reviewer)
      .where(and(eq(reviewer.conferenceId, conferenceId), eq(reviewer.id, id)))
      .for('update');
    if (!row) throw new AppError('REVIEWER_NOT_FOUND');
    const [{ assignments }] = await tx
      .select({ assignments: count() })
      .from(reviewAssignment)
      .where(and(eq(reviewAssignment.conferenceId, conferenceId), eq(reviewAssignment.reviewerId, id)));
    if (assignments === 0) {
      await tx.delete(reviewer).where(and(eq(reviewer.conferenceId, conferenceId), eq(reviewer.id, id)));
    } else {
      await tx
        .update(reviewer)
        .set({ active: false, keyHash: null })
        .where(and(eq(reviewer.conferenceId, conferenceId), eq(reviewer.id, id)));
      // Reviews they had not written are taken back; a submission left without reviewers waits again.
      const open = await tx
        .update(reviewAssignment)
        .set({ status: 'cancelled' })
        .where(
          and(
            eq(reviewAssignment.conferenceId, conferenceId),
            eq(reviewAssignment.reviewerId, id),
            eq(reviewAssignment.status, 'assigned'),
          ),
        )
        .returning({ submissionId: reviewAssignment.submissionId });
      for (const submissionId of [...new Set(open.map((a) => a.submissionId))].sort((a, b) => a - b)) {
        await releaseIfUnassigned(tx, conferenceId, submissionId, actorId);
      }
    }
    if (row.userId) await revokeReviewerRole(tx, conferenceId, row.userId, id);
    return { removed: assignments === 0, deactivated: assignments > 0 };
  });
}
