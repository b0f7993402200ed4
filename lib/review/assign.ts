import { and, asc, count, eq, inArray, ne } from 'drizzle-orm';
import type { DB, Executor } from '@/db/client';
import { reviewAssignment, reviewer, submission, submissionEvent, submissionSession } from '@/db/schema';
import { AppError } from '@/lib/http/app-error';
import { lockReviewAssignments } from './assign-lock';
import { getReviewConfig } from './config';
import { conflictsFor } from './conflicts';
import { conferenceFacts, queueReviewMail, reviewerGreeting, reviewLink, staffLocale, type ConferenceFacts } from './mail';

/** A submission in these states takes reviewers (for its current version). */
export const ASSIGNABLE_STATUSES = ['waiting', 'assigned', 'resubmitted'];
/** Auto-assignment gives reviewers to these: new ones, resubmissions, and assigned ones a reviewer left. */
const AUTO_STATUSES = ASSIGNABLE_STATUSES;

type SubmissionRow = typeof submission.$inferSelect;
type ReviewerRow = typeof reviewer.$inferSelect;

/** Does the reviewer cover the submission's session? Empty = all; a parent session covers its children. */
export function coversSession(sessionIds: number[], sessionId: number | null, parents: Map<number, number | null>): boolean {
  if (sessionIds.length === 0) return true;
  const seen = new Set<number>();
  for (let id = sessionId; id !== null && id !== undefined && !seen.has(id); id = parents.get(id) ?? null) {
    if (sessionIds.includes(id)) return true;
    seen.add(id);
  }
  return false;
}

async function sessionParents(tx: Executor, conferenceId: number): Promise<Map<number, number | null>> {
  const rows = await tx
    .select({ id: submissionSession.id, parentId: submissionSession.parentId })
    .from(submissionSession)
    .where(eq(submissionSession.conferenceId, conferenceId));
  return new Map(rows.map((r) => [r.id, r.parentId]));
}

/** Writes one assignment, moves the submission to 'assigned', logs it and queues the reviewer's mail. */
async function insertAssignment(
  tx: Executor,
  ctx: { conferenceId: number; actorId: string; origin: string; facts: ConferenceFacts },
  sub: SubmissionRow,
  rev: ReviewerRow,
): Promise<number> {
  const [row] = await tx
    .insert(reviewAssignment)
    .values({ conferenceId: ctx.conferenceId, submissionId: sub.id, reviewerId: rev.id, version: sub.version, assignedBy: ctx.actorId })
    .returning({ id: reviewAssignment.id });
  const locale = staffLocale(ctx.facts.languageType, rev.locale);
  await queueReviewMail(tx, ctx.conferenceId, ctx.facts, {
    to: rev.email,
    template: 'abstractAssigned',
    locale,
    vars: {
      name: reviewerGreeting(rev),
      code: sub.code,
      title: sub.title,
      link: reviewLink(ctx.origin, locale, `/platform/submissionManage/submission/detail?id=${row.id}`),
    },
  });
  return row.id;
}

async function markAssigned(tx: Executor, conferenceId: number, sub: SubmissionRow, actorId: string, note: string): Promise<void> {
  if (sub.status === 'assigned') return;
  await tx
    .update(submission)
    .set({ status: 'assigned', updatedAt: new Date() })
    .where(and(eq(submission.id, sub.id), eq(submission.conferenceId, conferenceId)));
  await tx
    .insert(submissionEvent)
    .values({ conferenceId, submissionId: sub.id, actorId, action: 'assign', fromStatus: sub.status, toStatus: 'assigned', note });
}

/**
 * A manager gives one submission's current version to one reviewer. Refused when the submission
 * is decided or withdrawn, the reviewer is not an active reviewer of this conference, there is a
 * conflict of interest, or the reviewer already has this version.
 */
export async function assignReviewer(
  db: DB,
  conferenceId: number,
  input: { submissionId: number; reviewerId: number },
  actorId: string,
  origin = '',
): Promise<{ assignmentId: number }> {
  return db.transaction(async (tx) => {
    await lockReviewAssignments(tx, conferenceId);
    const [sub] = await tx
      .select()
      .from(submission)
      .where(and(eq(submission.id, input.submissionId), eq(submission.conferenceId, conferenceId)))
      .for('update');
    if (!sub) throw new AppError('NOT_FOUND');
    if (!ASSIGNABLE_STATUSES.includes(sub.status)) throw new AppError('REVIEW_NOT_ASSIGNABLE');
    const [rev] = await tx
      .select()
      .from(reviewer)
      .where(and(eq(reviewer.id, input.reviewerId), eq(reviewer.conferenceId, conferenceId)));
    if (!rev) throw new AppError('NOT_FOUND');
    if (!rev.active || rev.role !== 'reviewer') throw new AppError('REVIEW_REVIEWER_INELIGIBLE');
    const conflicts = await conflictsFor(tx, conferenceId, [sub.id]);
    if (conflicts.get(sub.id)?.has(rev.id)) throw new AppError('REVIEW_CONFLICT');
    const [existing] = await tx
      .select({ id: reviewAssignment.id })
      .from(reviewAssignment)
      .where(
        and(
          eq(reviewAssignment.submissionId, sub.id),
          eq(reviewAssignment.reviewerId, rev.id),
          eq(reviewAssignment.version, sub.version),
          ne(reviewAssignment.status, 'cancelled'),
        ),
      );
    if (existing) throw new AppError('REVIEW_ALREADY_ASSIGNED');
    const facts = await conferenceFacts(tx, conferenceId);
    const assignmentId = await insertAssignment(tx, { conferenceId, actorId, origin, facts }, sub, rev);
    await markAssigned(tx, conferenceId, sub, actorId, `reviewer ${rev.id}`);
    return { assignmentId };
  });
}

/**
 * Takes back an assignment not yet reviewed (a conditional update: a review written meanwhile
 * wins). When the version is left without reviewers the submission waits for allocation again.
 */
export async function cancelAssignment(db: DB, conferenceId: number, assignmentId: number, actorId: string): Promise<void> {
  await db.transaction(async (tx) => {
    await lockReviewAssignments(tx, conferenceId);
    const [row] = await tx
      .update(reviewAssignment)
      .set({ status: 'cancelled' })
      .where(
        and(
          eq(reviewAssignment.id, assignmentId),
          eq(reviewAssignment.conferenceId, conferenceId),
          eq(reviewAssignment.status, 'assigned'),
        ),
      )
      .returning();
    if (!row) {
      const [any] = await tx
        .select({ id: reviewAssignment.id })
        .from(reviewAssignment)
        .where(and(eq(reviewAssignment.id, assignmentId), eq(reviewAssignment.conferenceId, conferenceId)));
      throw new AppError(any ? 'REVIEW_NOT_OPEN' : 'NOT_FOUND');
    }
    await releaseIfUnassigned(tx, conferenceId, row.submissionId, actorId);
  });
}

/** An 'assigned' submission whose current version has no reviewer left goes back to waiting (or resubmitted). */
export async function releaseIfUnassigned(tx: Executor, conferenceId: number, submissionId: number, actorId: string): Promise<void> {
  const [sub] = await tx
    .select()
    .from(submission)
    .where(and(eq(submission.id, submissionId), eq(submission.conferenceId, conferenceId)))
    .for('update');
  if (!sub || sub.status !== 'assigned') return;
  const [{ n }] = await tx
    .select({ n: count() })
    .from(reviewAssignment)
    .where(
      and(eq(reviewAssignment.submissionId, sub.id), eq(reviewAssignment.version, sub.version), ne(reviewAssignment.status, 'cancelled')),
    );
  if (n > 0) return;
  const back = sub.version > 1 ? 'resubmitted' : 'waiting';
  await tx.update(submission).set({ status: back, updatedAt: new Date() }).where(eq(submission.id, sub.id));
  await tx
    .insert(submissionEvent)
    .values({ conferenceId, submissionId: sub.id, actorId, action: 'unassign', fromStatus: 'assigned', toStatus: back });
}

export type AutoAssignResult = { assignments: number; submissions: number; unfilled: number[] };

/**
 * Automatic assignment: every submission waiting, resubmitted or assigned whose current version has
 * fewer reviewers than the configuration asks gets active reviewers (role 'reviewer'; the chair
 * decides) who cover its session and have no conflict with it, least loaded first (load = reviews
 * assigned or written in this conference). One transaction under the conference's assignment lock,
 * so two runs at once cannot give a submission the same or too many reviewers.
 */
export async function autoAssign(db: DB, conferenceId: number, actorId: string, origin = ''): Promise<AutoAssignResult> {
  return db.transaction(async (tx) => {
    await lockReviewAssignments(tx, conferenceId);
    const config = await getReviewConfig(tx, conferenceId);
    const subs = await tx
      .select()
      .from(submission)
      .where(and(eq(submission.conferenceId, conferenceId), inArray(submission.status, AUTO_STATUSES)))
      .orderBy(asc(submission.id))
      .for('update');
    const result: AutoAssignResult = { assignments: 0, submissions: 0, unfilled: [] };
    if (subs.length === 0) return result;
    const [reviewers, loads, current, parents, conflicts, facts] = await Promise.all([
      tx
        .select()
        .from(reviewer)
        .where(and(eq(reviewer.conferenceId, conferenceId), eq(reviewer.active, true), eq(reviewer.role, 'reviewer')))
        .orderBy(asc(reviewer.id)),
      tx
        .select({ reviewerId: reviewAssignment.reviewerId, n: count() })
        .from(reviewAssignment)
        .where(and(eq(reviewAssignment.conferenceId, conferenceId), ne(reviewAssignment.status, 'cancelled')))
        .groupBy(reviewAssignment.reviewerId),
      tx
        .select({ submissionId: reviewAssignment.submissionId, reviewerId: reviewAssignment.reviewerId, version: reviewAssignment.version })
        .from(reviewAssignment)
        .where(
          and(
            eq(reviewAssignment.conferenceId, conferenceId),
            inArray(
              reviewAssignment.submissionId,
              subs.map((s) => s.id),
            ),
            ne(reviewAssignment.status, 'cancelled'),
          ),
        ),
      sessionParents(tx, conferenceId),
      conflictsFor(
        tx,
        conferenceId,
        subs.map((s) => s.id),
      ),
      conferenceFacts(tx, conferenceId),
    ]);
    const load = new Map<number, number>(reviewers.map((r) => [r.id, 0]));
    for (const l of loads) if (load.has(l.reviewerId)) load.set(l.reviewerId, l.n);
    for (const sub of subs) {
      const have = new Set(current.filter((a) => a.submissionId === sub.id && a.version === sub.version).map((a) => a.reviewerId));
      const need = config.reviewersPerSubmission - have.size;
      if (need <= 0) {
        if (have.size > 0) await markAssigned(tx, conferenceId, sub, actorId, 'auto');
        continue;
      }
      const blocked = conflicts.get(sub.id) ?? new Map();
      const chosen = reviewers
        .filter((r) => !have.has(r.id) && !blocked.has(r.id) && coversSession(r.sessionIds, sub.sessionId, parents))
        .sort((a, b) => (load.get(a.id) ?? 0) - (load.get(b.id) ?? 0) || a.id - b.id)
        .slice(0, need);
      for (const rev of chosen) {
        await insertAssignment(tx, { conferenceId, actorId, origin, facts }, sub, rev);
        load.set(rev.id, (load.get(rev.id) ?? 0) + 1);
        result.assignments += 1;
      }
      if (chosen.length > 0) result.submissions += 1;
      if (have.size + chosen.length > 0) await markAssigned(tx, conferenceId, sub, actorId, 'auto');
      if (chosen.length < need) result.unfilled.push(sub.id);
    }
    return result;
  });
}
