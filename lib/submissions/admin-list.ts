import { and, asc, count, desc, eq, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '@/db/client';
import { escapeLike } from '@/db/like';
import { reviewAssignment, reviewer, submission, submissionAuthor, submissionSession, user } from '@/db/schema';
import type { ReviewScores } from '@/db/schema/submissions';
import { buildSessionTree, flattenSessions, type FlatSession } from './session-tree';
import type { AdminSubmissionFilters, AdminSubmissionQuery } from './admin-list-params';
import { displayPersonName, formatPersonName } from '@/lib/people/person-name';

/** The sessions of a conference, ordered for showing (parents before their children, by sort order). */
export async function conferenceSessions(db: Executor, conferenceId: number) {
  return db
    .select({
      id: submissionSession.id,
      parentId: submissionSession.parentId,
      name: submissionSession.name,
      prefix: submissionSession.prefix,
      sortOrder: submissionSession.sortOrder,
    })
    .from(submissionSession)
    .where(eq(submissionSession.conferenceId, conferenceId))
    .orderBy(asc(submissionSession.sortOrder), asc(submissionSession.id));
}
export type SessionRow = Awaited<ReturnType<typeof conferenceSessions>>[number];

/** `root` and every session below it (cycles in a broken tree are cut); empty when `root` is not among `sessions`. */
export function sessionAndDescendants(sessions: Pick<SessionRow, 'id' | 'parentId'>[], root: number): number[] {
  if (!sessions.some((s) => s.id === root)) return [];
  const found = new Set<number>([root]);
  let frontier = [root];
  while (frontier.length > 0) {
    const next = sessions.filter((s) => s.parentId !== null && frontier.includes(s.parentId) && !found.has(s.id)).map((s) => s.id);
    for (const id of next) found.add(id);
    frontier = next;
  }
  return [...found];
}

/** The sessions in reading order (parents before children), each with its depth and path of names. */
export async function flatSessions(db: Executor, conferenceId: number): Promise<FlatSession[]> {
  return flattenSessions(buildSessionTree(await conferenceSessions(db, conferenceId)));
}

/**
 * The average overall score of the submitted reviews of the submission's current version (null
 * without one); the tenant is repeated in the subquery.
 */
export const averageOverall = sql<
  string | null
>`(select round(avg((ra.scores->>'overall')::numeric), 2) from ${reviewAssignment} ra where ra.submission_id = ${submission.id} and ra.conference_id = ${submission.conferenceId} and ra.status = 'submitted' and ra.version = ${submission.version})`;

async function conditions(db: Executor, conferenceId: number, q: AdminSubmissionFilters): Promise<SQL> {
  const parts: SQL[] = [eq(submission.conferenceId, conferenceId)];
  if (q.q) {
    const like = `%${escapeLike(q.q)}%`;
    parts.push(
      or(
        ilike(submission.title, like),
        ilike(submission.code, like),
        sql`exists (select 1 from ${submissionAuthor} sa where sa.submission_id = ${submission.id} and sa.conference_id = ${conferenceId} and (sa.name ilike ${like} or sa.surname ilike ${like} or (sa.name || ' ' || sa.surname) ilike ${like} or (sa.surname || sa.name) ilike ${like} or (sa.surname || ' ' || sa.name) ilike ${like}))`,
      )!,
    );
  }
  if (q.session !== '') {
    const ids = sessionAndDescendants(await conferenceSessions(db, conferenceId), q.session);
    parts.push(ids.length > 0 ? inArray(submission.sessionId, ids) : sql`false`);
  }
  if (q.status) parts.push(eq(submission.status, q.status));
  if (q.reviewer !== '') {
    parts.push(
      sql`exists (select 1 from ${reviewAssignment} rv where rv.submission_id = ${submission.id} and rv.conference_id = ${conferenceId} and rv.reviewer_id = ${q.reviewer} and rv.status <> 'cancelled')`,
    );
  }
  if (q.scoreMin !== '') parts.push(sql`${averageOverall} >= ${q.scoreMin}`);
  if (q.scoreMax !== '') parts.push(sql`${averageOverall} <= ${q.scoreMax}`);
  return and(...parts)!;
}

const listColumns = {
  id: submission.id,
  code: submission.code,
  title: submission.title,
  status: submission.status,
  version: submission.version,
  decision: submission.decision,
  reportType: submission.reportType,
  category: submission.category,
  createdAt: submission.createdAt,
  sessionId: submission.sessionId,
  sessionName: submissionSession.name,
  submitterName: user.name,
  submitterEmail: user.email,
  averageScore: averageOverall,
  /** Reviews of the current version: assigned (not cancelled) and submitted. */
  reviewsAssigned: sql<number>`(select count(*)::int from ${reviewAssignment} ra where ra.submission_id = ${submission.id} and ra.conference_id = ${submission.conferenceId} and ra.version = ${submission.version} and ra.status <> 'cancelled')`,
  reviewsSubmitted: sql<number>`(select count(*)::int from ${reviewAssignment} ra where ra.submission_id = ${submission.id} and ra.conference_id = ${submission.conferenceId} and ra.version = ${submission.version} and ra.status = 'submitted')`,
  /** The authors' name parts in order (written out by formatPersonName in `shaped`). */
  authors: sql<
    { given: string; family: string }[]
  >`coalesce((select json_agg(json_build_object('given', sa.name, 'family', sa.surname) order by sa.sort_order, sa.id) from ${submissionAuthor} sa where sa.submission_id = ${submission.id} and sa.conference_id = ${submission.conferenceId}), '[]'::json)`,
};

function base(db: Executor, conferenceId: number) {
  return db
    .select(listColumns)
    .from(submission)
    .innerJoin(user, eq(user.id, submission.userId))
    .leftJoin(submissionSession, and(eq(submissionSession.id, submission.sessionId), eq(submissionSession.conferenceId, conferenceId)));
}

const order = (sort: AdminSubmissionFilters['sort']) =>
  sort === 'oldest' ? [asc(submission.createdAt), asc(submission.id)] : [desc(submission.createdAt), desc(submission.id)];

/** Numbers from SQL (avg is numeric, so a string) as numbers; the authors' names written out. */
function shaped<R extends { averageScore: string | number | null; authors: { given: string; family: string }[] }>(rows: R[]) {
  return rows.map((r) => ({
    ...r,
    averageScore: r.averageScore === null ? null : Number(r.averageScore),
    authors: r.authors.map(formatPersonName),
  }));
}

/** One page of a conference's submissions with the filters of the management screen, and the total. */
export async function adminSubmissions(db: Executor, conferenceId: number, q: AdminSubmissionQuery) {
  const where = await conditions(db, conferenceId, q);
  const [rows, [{ total }]] = await Promise.all([
    base(db, conferenceId)
      .where(where)
      .orderBy(...order(q.sort))
      .limit(q.size)
      .offset((q.page - 1) * q.size),
    db.select({ total: count() }).from(submission).innerJoin(user, eq(user.id, submission.userId)).where(where),
  ]);
  return { rows: shaped(rows), total };
}
export type AdminSubmissionRow = Awaited<ReturnType<typeof adminSubmissions>>['rows'][number];

type StoredExportReview = Omit<ExportReview, 'reviewer'> & {
  reviewer: { full: string; family: string; given: string; middle: string; email: string };
};

export type ExportReview = {
  reviewer: string;
  status: string;
  scores: ReviewScores | null;
  opinion: string;
};

/**
 * Every submission matching the filters (at most 50,000), for the export: the list's columns plus
 * the keywords, the opinions, the authors with the corresponding email, and the reviews of the
 * current version that were not cancelled, with their reviewers' names.
 */
export async function allAdminSubmissions(db: Executor, conferenceId: number, q: AdminSubmissionFilters) {
  const rows = await db
    .select({
      ...listColumns,
      keywords: submission.keywords,
      chairOpinion: submission.chairOpinion,
      finalOpinion: submission.finalOpinion,
      correspondingEmail: sql<
        string | null
      >`(select sa.email from ${submissionAuthor} sa where sa.submission_id = ${submission.id} and sa.conference_id = ${submission.conferenceId} and sa.corresponding order by sa.sort_order, sa.id limit 1)`,
      reviews: sql<StoredExportReview[]>`coalesce((select json_agg(json_build_object(
          'reviewer', json_build_object('full', r.full_name, 'family', r.last_name, 'given', r.first_name, 'middle', r.middle_name, 'email', r.email),
          'status', ra.status, 'scores', ra.scores, 'opinion', ra.opinion) order by ra.assigned_at, ra.id)
        from ${reviewAssignment} ra join ${reviewer} r on r.id = ra.reviewer_id and r.conference_id = ra.conference_id
        where ra.submission_id = ${submission.id} and ra.conference_id = ${submission.conferenceId} and ra.version = ${submission.version} and ra.status <> 'cancelled'), '[]'::json)`,
    })
    .from(submission)
    .innerJoin(user, eq(user.id, submission.userId))
    .leftJoin(submissionSession, and(eq(submissionSession.id, submission.sessionId), eq(submissionSession.conferenceId, conferenceId)))
    .where(await conditions(db, conferenceId, q))
    .orderBy(...order(q.sort))
    .limit(50_000);
  return shaped(rows).map((r) => ({
    ...r,
    reviews: r.reviews.map((review): ExportReview => ({ ...review, reviewer: displayPersonName(review.reviewer, review.reviewer.email) })),
  }));
}
export type ExportSubmissionRow = Awaited<ReturnType<typeof allAdminSubmissions>>[number];

/** The reviewers of a conference, for the reviewer filter. */
export async function reviewerChoices(db: Executor, conferenceId: number) {
  const rows = await db
    .select({
      id: reviewer.id,
      fullName: reviewer.fullName,
      firstName: reviewer.firstName,
      lastName: reviewer.lastName,
      middleName: reviewer.middleName,
      email: reviewer.email,
    })
    .from(reviewer)
    .where(eq(reviewer.conferenceId, conferenceId))
    .orderBy(asc(reviewer.id));
  return rows.map((r) => ({ id: r.id, name: reviewerName(r) }));
}

/** A reviewer's name as shown: the full name, else the name's parts (formatPersonName), else the email. */
export function reviewerName(r: { fullName: string; firstName: string; lastName: string; middleName?: string; email: string }): string {
  return displayPersonName({ full: r.fullName, family: r.lastName, given: r.firstName, middle: r.middleName }, r.email);
}
