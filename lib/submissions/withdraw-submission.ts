import { and, eq, gt, sql } from 'drizzle-orm';
import type { DB } from '@/db/client';
import { reviewAssignment, submission, submissionConfig } from '@/db/schema';
import { AppError } from '@/lib/http/app-error';
import { lockReviewAssignments } from '@/lib/review/assign-lock';
import { lockMySubmission } from './change-submission';
import { cancelUnpaidFeeOrder, logSubmission } from './content';
import { withdrawRefusal } from './permissions';

/**
 * Withdraws my submission, in one transaction: the submission locked and its state re-checked, the
 * status set, the call's place given back (`used` - 1), the fee order cancelled when nobody paid or
 * is paying it, reviews not yet written taken back from the reviewers, the event logged. A second withdrawal is refused and gives nothing back twice.
 */
export async function withdrawSubmission(
  db: DB,
  input: { conferenceId: number; userId: string; submissionId: number },
): Promise<{ id: number; status: 'withdrawn'; orderCancelled: boolean }> {
  return db.transaction(async (tx) => {
    // Taking reviews back changes assignments: the assignment lock first, as every assignment change takes it.
    await lockReviewAssignments(tx, input.conferenceId);
    const row = await lockMySubmission(tx, input.conferenceId, input.userId, input.submissionId);
    const refusal = withdrawRefusal(row);
    if (refusal) throw new AppError(refusal);
    await tx
      .update(submission)
      .set({ status: 'withdrawn', updatedAt: new Date() })
      .where(and(eq(submission.conferenceId, input.conferenceId), eq(submission.id, row.id)));
    await tx
      .update(submissionConfig)
      .set({ used: sql`${submissionConfig.used} - 1` })
      .where(and(eq(submissionConfig.conferenceId, input.conferenceId), gt(submissionConfig.used, 0)));
    await tx
      .update(reviewAssignment)
      .set({ status: 'cancelled' })
      .where(
        and(
          eq(reviewAssignment.conferenceId, input.conferenceId),
          eq(reviewAssignment.submissionId, row.id),
          eq(reviewAssignment.status, 'assigned'),
        ),
      );
    const orderCancelled = row.orderId ? await cancelUnpaidFeeOrder(tx, input.conferenceId, row.orderId, input.userId) : false;
    await logSubmission(tx, {
      conferenceId: input.conferenceId,
      submissionId: row.id,
      actorId: input.userId,
      action: 'withdrawn',
      fromStatus: row.status,
      toStatus: 'withdrawn',
    });
    return { id: row.id, status: 'withdrawn' as const, orderCancelled };
  });
}
