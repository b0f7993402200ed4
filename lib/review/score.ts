import { and, count, eq, ne, sql } from 'drizzle-orm';
import type { DB } from '@/db/client';
import { reviewAssignment, reviewer, submission } from '@/db/schema';
import { AppError } from '@/lib/http/app-error';
import { lockReviewAssignments } from './assign-lock';
import { getReviewConfig } from './config';
import { activeChairs, conferenceFacts, queueReviewMail, reviewerGreeting, reviewLink, staffLocale } from './mail';
import { scoresOutOfScale, type SubmitReviewInput } from './schemas';

/** A review can be written while the submission is under review (not decided, not withdrawn). */
const REVIEWABLE = ['waiting', 'assigned', 'resubmitted'];

/**
 * The assigned reviewer writes their review: the five scores, each within its scale, and an
 * opinion. Written once: the UPDATE only applies while the assignment is still 'assigned', so of
 * any number of simultaneous submissions exactly one lands. The chairs are told (abstractReviewed,
 * or chairReview once every review of the version is in).
 */
export async function submitReview(
  db: DB,
  conferenceId: number,
  userId: string,
  input: SubmitReviewInput,
  origin = '',
): Promise<{ assignmentId: number }> {
  return db.transaction(async (tx) => {
    // The submission's state decides whether the review may land: it is read under a share lock, so
    // a withdrawal or decision cannot change it until this review is in. The assignment lock is
    // taken first, as every change of assignments takes it, so these locks never meet in opposite order.
    await lockReviewAssignments(tx, conferenceId);
    const [found] = await tx
      .select({ assignment: reviewAssignment, sub: submission })
      .from(reviewAssignment)
      .innerJoin(reviewer, eq(reviewer.id, reviewAssignment.reviewerId))
      .innerJoin(submission, eq(submission.id, reviewAssignment.submissionId))
      .where(
        and(
          eq(reviewAssignment.id, input.assignmentId),
          eq(reviewAssignment.conferenceId, conferenceId),
          eq(reviewer.conferenceId, conferenceId),
          eq(reviewer.userId, userId),
          eq(reviewer.active, true),
          ne(reviewAssignment.status, 'cancelled'),
        ),
      )
      .for('share', { of: submission });
    if (!found) throw new AppError('NOT_FOUND');
    const { assignment, sub } = found;
    if (assignment.status !== 'assigned') throw new AppError('REVIEW_ALREADY_SUBMITTED');
    if (!REVIEWABLE.includes(sub.status) || sub.version !== assignment.version) throw new AppError('REVIEW_CLOSED');
    const config = await getReviewConfig(tx, conferenceId);
    const outside = scoresOutOfScale(input.scores, config.scales);
    if (outside.length > 0) {
      const scale = config.scales[outside[0]];
      throw new AppError('REVIEW_SCORE_OUT_OF_SCALE', { min: scale.min, max: scale.max });
    }
    const [written] = await tx
      .update(reviewAssignment)
      .set({ status: 'submitted', scores: input.scores, opinion: input.opinion, submittedAt: new Date() })
      .where(
        and(
          eq(reviewAssignment.id, assignment.id),
          eq(reviewAssignment.conferenceId, conferenceId),
          eq(reviewAssignment.status, 'assigned'),
        ),
      )
      .returning({ id: reviewAssignment.id });
    if (!written) throw new AppError('REVIEW_ALREADY_SUBMITTED');

    const [tally] = await tx
      .select({
        total: count(),
        done: sql<number>`count(*) filter (where ${reviewAssignment.status} = 'submitted')`.mapWith(Number),
      })
      .from(reviewAssignment)
      .where(
        and(eq(reviewAssignment.submissionId, sub.id), eq(reviewAssignment.version, sub.version), ne(reviewAssignment.status, 'cancelled')),
      );
    const chairs = await activeChairs(tx, conferenceId);
    if (chairs.length > 0) {
      const facts = await conferenceFacts(tx, conferenceId);
      const allIn = tally.done >= tally.total;
      for (const chair of chairs) {
        const locale = staffLocale(facts.languageType, chair.locale);
        await queueReviewMail(tx, conferenceId, facts, {
          to: chair.email,
          template: allIn ? 'chairReview' : 'abstractReviewed',
          locale,
          vars: {
            name: reviewerGreeting(chair),
            code: sub.code,
            title: sub.title,
            version: sub.version,
            overall: input.scores.overall,
            done: tally.done,
            total: tally.total,
            link: reviewLink(origin, locale, `/platform/submissionManage/contribute/detail?id=${sub.id}`),
          },
        });
      }
    }
    return { assignmentId: written.id };
  });
}
