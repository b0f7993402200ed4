import { and, count, desc, eq, ilike, or, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '@/db/client';
import { reviewAssignment, reviewer } from '@/db/schema';
import { escapeLike } from '@/db/like';
import { AppError } from '@/lib/http/app-error';
import type { ReviewerQuery } from './schemas';

export type Reviewer = typeof reviewer.$inferSelect;

/** What a reviewer row shows: not activated yet, active, or deactivated (removed while holding assignments). */
export type ReviewerStatus = 'pending' | 'active' | 'deactivated';

export function reviewerStatus(row: Pick<Reviewer, 'active' | 'activatedAt'>): ReviewerStatus {
  if (row.active) return 'active';
  return row.activatedAt ? 'deactivated' : 'pending';
}

/** The caller's active reviewer row in this conference, or null (the review area asks this). */
export async function activeReviewerFor(db: Executor, conferenceId: number, userId: string): Promise<Reviewer | null> {
  const [row] = await db
    .select()
    .from(reviewer)
    .where(and(eq(reviewer.conferenceId, conferenceId), eq(reviewer.userId, userId), eq(reviewer.active, true)))
    .limit(1);
  return row ?? null;
}

/** One reviewer of this conference, or REVIEWER_NOT_FOUND (another conference's id is not found either). */
export async function findReviewer(db: Executor, conferenceId: number, id: number): Promise<Reviewer> {
  const [row] = await db
    .select()
    .from(reviewer)
    .where(and(eq(reviewer.conferenceId, conferenceId), eq(reviewer.id, id)))
    .limit(1);
  if (!row) throw new AppError('REVIEWER_NOT_FOUND');
  return row;
}

/** A reviewer as the API answers it: never the key hash. */
export function publicReviewer(row: Reviewer) {
  const { keyHash: _keyHash, ...rest } = row;
  return { ...rest, status: reviewerStatus(row) };
}
export type PublicReviewer = ReturnType<typeof publicReviewer>;

function conditions(conferenceId: number, q: Omit<ReviewerQuery, 'page' | 'size'>): SQL {
  const parts: SQL[] = [eq(reviewer.conferenceId, conferenceId)];
  if (q.q) {
    const like = `%${escapeLike(q.q)}%`;
    parts.push(
      or(
        ilike(reviewer.email, like),
        ilike(reviewer.fullName, like),
        ilike(reviewer.lastName, like),
        ilike(reviewer.firstName, like),
        ilike(reviewer.organization, like),
      )!,
    );
  }
  if (q.role) parts.push(eq(reviewer.role, q.role));
  if (q.active) parts.push(eq(reviewer.active, q.active === 'yes'));
  return and(...parts)!;
}

/** GET review: one page of the conference's reviewers, newest invitation first. */
export async function listReviewers(db: Executor, conferenceId: number, query: ReviewerQuery) {
  const where = conditions(conferenceId, query);
  const [rows, [{ total }]] = await Promise.all([
    db
      .select()
      .from(reviewer)
      .where(where)
      .orderBy(desc(reviewer.invitedAt), desc(reviewer.id))
      .limit(query.size)
      .offset((query.page - 1) * query.size),
    db.select({ total: count() }).from(reviewer).where(where),
  ]);
  return { rows: rows.map(publicReviewer), total, page: query.page, size: query.size };
}

/**
 * One reviewer with their assignment counts (all that are not cancelled, and those submitted), found
 * by their account id (spec §2 /platform/manage/reviewer/info/:userId); REVIEWER_NOT_FOUND when this
 * conference has no reviewer with that account.
 */
export async function reviewerDetailByAccount(db: Executor, conferenceId: number, userId: string) {
  const [row] = await db
    .select()
    .from(reviewer)
    .where(and(eq(reviewer.conferenceId, conferenceId), eq(reviewer.userId, userId)))
    .limit(1);
  if (!row) throw new AppError('REVIEWER_NOT_FOUND');
  return reviewerDetail(db, conferenceId, row);
}

async function reviewerDetail(db: Executor, conferenceId: number, row: Reviewer) {
  const id = row.id;
  const [counts] = await db
    .select({
      assigned: sql<number>`count(*) filter (where ${reviewAssignment.status} <> 'cancelled')`.mapWith(Number),
      submitted: sql<number>`count(*) filter (where ${reviewAssignment.submittedAt} is not null)`.mapWith(Number),
    })
    .from(reviewAssignment)
    .where(and(eq(reviewAssignment.conferenceId, conferenceId), eq(reviewAssignment.reviewerId, id)));
  return { reviewer: publicReviewer(row), assigned: counts?.assigned ?? 0, submitted: counts?.submitted ?? 0 };
}
