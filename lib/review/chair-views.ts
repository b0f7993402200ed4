import { and, asc, desc, eq, inArray } from 'drizzle-orm';
import type { Executor } from '@/db/client';
import { reviewAssignment, reviewConflict, reviewer, submission, submissionAuthor, submissionSession, user } from '@/db/schema';
import { AppError } from '@/lib/http/app-error';
import type { LocalizedText } from '@/lib/i18n/localized';
import { ASSIGNABLE_STATUSES, coversSession } from './assign';
import { conflictsFor, type ConflictReason } from './conflicts';
import { isReleased } from './decide';
import { SCORE_KEYS, type ReviewScores, type ScoreKey } from './schemas';
import { conferenceReviewers } from './views';
import { reviewerGreeting } from './mail';

export type ScoreAverages = Record<ScoreKey, number> | null;

/** The mean of each score over the given reviews, one decimal; null without reviews. */
export function averageScores(scores: Array<ReviewScores | null>): ScoreAverages {
  const done = scores.filter((s): s is ReviewScores => s !== null);
  if (done.length === 0) return null;
  return Object.fromEntries(
    SCORE_KEYS.map((k) => [k, Math.round((done.reduce((sum, s) => sum + s[k], 0) / done.length) * 10) / 10]),
  ) as Record<ScoreKey, number>;
}

export type OverviewRow = {
  id: number;
  code: string;
  title: string;
  status: string;
  version: number;
  decision: string | null;
  released: boolean;
  session: LocalizedText | null;
  assigned: number;
  reviewed: number;
  averages: ScoreAverages;
};

/** Every submission of the conference with its review counts and average scores for its current version (chair, managers). */
export async function reviewOverview(db: Executor, conferenceId: number): Promise<OverviewRow[]> {
  const subs = await db
    .select({ s: submission, session: submissionSession.name })
    .from(submission)
    .leftJoin(submissionSession, eq(submissionSession.id, submission.sessionId))
    .where(eq(submission.conferenceId, conferenceId))
    .orderBy(desc(submission.id));
  const assignments = await db
    .select({
      submissionId: reviewAssignment.submissionId,
      version: reviewAssignment.version,
      status: reviewAssignment.status,
      scores: reviewAssignment.scores,
    })
    .from(reviewAssignment)
    .where(eq(reviewAssignment.conferenceId, conferenceId));
  return subs.map(({ s, session }) => {
    const current = assignments.filter((a) => a.submissionId === s.id && a.version === s.version && a.status !== 'cancelled');
    const reviewed = current.filter((a) => a.status === 'submitted');
    return {
      id: s.id,
      code: s.code,
      title: s.title,
      status: s.status,
      version: s.version,
      decision: s.decision,
      released: isReleased(s),
      session,
      assigned: current.length,
      reviewed: reviewed.length,
      averages: averageScores(reviewed.map((a) => a.scores)),
    };
  });
}

/** A reviewer's name parts, selected beside a row and written out by reviewerGreeting. */
const reviewerNameParts = {
  email: reviewer.email,
  fullName: reviewer.fullName,
  firstName: reviewer.firstName,
  lastName: reviewer.lastName,
  middleName: reviewer.middleName,
};

/** Every review written in the conference, newest first, with who wrote it (chair, managers). */
export async function allReviews(db: Executor, conferenceId: number) {
  const rows = await db
    .select({
      id: reviewAssignment.id,
      submissionId: submission.id,
      code: submission.code,
      title: submission.title,
      version: reviewAssignment.version,
      reviewerName: reviewerNameParts,
      reviewerEmail: reviewer.email,
      scores: reviewAssignment.scores,
      opinion: reviewAssignment.opinion,
      submittedAt: reviewAssignment.submittedAt,
    })
    .from(reviewAssignment)
    .innerJoin(submission, and(eq(submission.id, reviewAssignment.submissionId), eq(submission.conferenceId, conferenceId)))
    .innerJoin(reviewer, eq(reviewer.id, reviewAssignment.reviewerId))
    .where(and(eq(reviewAssignment.conferenceId, conferenceId), eq(reviewAssignment.status, 'submitted')))
    .orderBy(desc(reviewAssignment.submittedAt), desc(reviewAssignment.id));
  return rows.map((r) => ({ ...r, reviewerName: reviewerGreeting(r.reviewerName) }));
}

/** A reviewer a manager could assign, and why not when they cannot. */
export type Candidate = {
  id: number;
  name: string;
  email: string;
  organization: string;
  load: number;
  blockedBy: ConflictReason | 'assigned' | 'session' | null;
};

/**
 * One submission in full for the chair and managers: authors, submitter, every assignment of every
 * version with scores and opinions, the decision and its release, and the reviewers who could be
 * assigned (with the reason for those who cannot).
 */
export async function submissionReviewDetail(db: Executor, conferenceId: number, submissionId: number) {
  const [row] = await db
    .select({ s: submission, session: submissionSession.name, submitterName: user.name, submitterEmail: user.email })
    .from(submission)
    .leftJoin(submissionSession, eq(submissionSession.id, submission.sessionId))
    .leftJoin(user, eq(user.id, submission.userId))
    .where(and(eq(submission.id, submissionId), eq(submission.conferenceId, conferenceId)));
  if (!row) throw new AppError('NOT_FOUND');
  const s = row.s;
  const [authors, assignments, reviewers, conflicts, declared, loads, sessions] = await Promise.all([
    db
      .select()
      .from(submissionAuthor)
      .where(and(eq(submissionAuthor.conferenceId, conferenceId), eq(submissionAuthor.submissionId, s.id)))
      .orderBy(asc(submissionAuthor.sortOrder), asc(submissionAuthor.id)),
    db
      .select({ a: reviewAssignment, name: reviewerNameParts, email: reviewer.email })
      .from(reviewAssignment)
      .innerJoin(reviewer, eq(reviewer.id, reviewAssignment.reviewerId))
      .where(and(eq(reviewAssignment.conferenceId, conferenceId), eq(reviewAssignment.submissionId, s.id)))
      .orderBy(desc(reviewAssignment.version), asc(reviewAssignment.id)),
    conferenceReviewers(db, conferenceId),
    conflictsFor(db, conferenceId, [s.id]),
    db
      .select({ reviewerId: reviewConflict.reviewerId, reason: reviewConflict.reason })
      .from(reviewConflict)
      .where(and(eq(reviewConflict.conferenceId, conferenceId), eq(reviewConflict.submissionId, s.id))),
    db
      .select({ reviewerId: reviewAssignment.reviewerId, status: reviewAssignment.status })
      .from(reviewAssignment)
      .where(and(eq(reviewAssignment.conferenceId, conferenceId), inArray(reviewAssignment.status, ['assigned', 'submitted']))),
    db
      .select({ id: submissionSession.id, parentId: submissionSession.parentId })
      .from(submissionSession)
      .where(eq(submissionSession.conferenceId, conferenceId)),
  ]);
  const parents = new Map(sessions.map((x) => [x.id, x.parentId]));
  const current = assignments.filter((x) => x.a.version === s.version && x.a.status !== 'cancelled');
  const blocked = conflicts.get(s.id) ?? new Map<number, ConflictReason>();
  const candidates: Candidate[] = reviewers
    .filter((r) => r.role === 'reviewer')
    .map((r) => ({
      id: r.id,
      name: reviewerGreeting(r),
      email: r.email,
      organization: r.organization,
      load: loads.filter((l) => l.reviewerId === r.id).length,
      blockedBy: current.some((x) => x.a.reviewerId === r.id)
        ? 'assigned'
        : (blocked.get(r.id) ?? (coversSession(r.sessionIds, s.sessionId, parents) ? null : 'session')),
    }));
  return {
    submission: {
      id: s.id,
      code: s.code,
      title: s.title,
      status: s.status,
      version: s.version,
      session: row.session,
      reportType: s.reportType,
      category: s.category,
      keywords: s.keywords,
      abstract: s.abstract,
      hasAbstractFile: s.abstractFileId !== null,
      hasFullText: s.fullTextFileId !== null,
      decision: s.decision,
      chairOpinion: s.chairOpinion,
      finalOpinion: s.finalOpinion,
      decidedAt: s.decidedAt,
      releasedAt: s.releasedAt,
      released: isReleased(s),
      assignable: ASSIGNABLE_STATUSES.includes(s.status),
      submitter: { name: row.submitterName ?? '', email: row.submitterEmail ?? '' },
    },
    authors: authors.map((a) => ({
      name: a.name,
      surname: a.surname,
      email: a.email,
      company: a.company,
      country: a.country,
      corresponding: a.corresponding,
    })),
    assignments: assignments.map((x) => ({
      id: x.a.id,
      reviewerId: x.a.reviewerId,
      reviewerName: reviewerGreeting(x.name),
      reviewerEmail: x.email,
      version: x.a.version,
      status: x.a.status,
      scores: x.a.scores,
      opinion: x.a.opinion,
      assignedAt: x.a.assignedAt,
      submittedAt: x.a.submittedAt,
    })),
    averages: averageScores(current.filter((x) => x.a.status === 'submitted').map((x) => x.a.scores)),
    declaredConflicts: declared,
    candidates,
  };
}

export type SubmissionReviewDetail = Awaited<ReturnType<typeof submissionReviewDetail>>;

/** The current version's abstract file or full text of a submission, for the chair and managers: its file row's id. */
export async function chairSubmissionFileId(
  db: Executor,
  conferenceId: number,
  submissionId: number,
  kind: 'abstract' | 'fullText',
): Promise<number> {
  const [row] = await db
    .select({ abstractFileId: submission.abstractFileId, fullTextFileId: submission.fullTextFileId })
    .from(submission)
    .where(and(eq(submission.id, submissionId), eq(submission.conferenceId, conferenceId)));
  const id = kind === 'abstract' ? row?.abstractFileId : row?.fullTextFileId;
  if (!id) throw new AppError('FILE_NOT_FOUND');
  return id;
}
