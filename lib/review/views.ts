import { and, asc, desc, eq, ne } from 'drizzle-orm';
import type { Executor } from '@/db/client';
import { reviewAssignment, reviewer, submission, submissionAuthor, submissionSession, submissionVersion } from '@/db/schema';
import { AppError } from '@/lib/http/app-error';
import type { LocalizedText } from '@/lib/i18n/localized';
import { getReviewConfig, type ReviewSettings } from './config';
import type { ReviewerRow } from './permissions';
import type { ReviewScores } from './schemas';

/** What a reviewer reads of the submissions assigned to them. */
export type MyAssignment = {
  id: number;
  status: string;
  version: number;
  assignedAt: Date;
  submittedAt: Date | null;
  submissionId: number;
  code: string;
  title: string;
  session: LocalizedText | null;
};

/** The reviewer's own assignments (cancelled ones left out), newest first. */
export async function myAssignments(db: Executor, conferenceId: number, reviewerId: number): Promise<MyAssignment[]> {
  return db
    .select({
      id: reviewAssignment.id,
      status: reviewAssignment.status,
      version: reviewAssignment.version,
      assignedAt: reviewAssignment.assignedAt,
      submittedAt: reviewAssignment.submittedAt,
      submissionId: submission.id,
      code: submission.code,
      title: submission.title,
      session: submissionSession.name,
    })
    .from(reviewAssignment)
    .innerJoin(submission, and(eq(submission.id, reviewAssignment.submissionId), eq(submission.conferenceId, conferenceId)))
    .leftJoin(submissionSession, eq(submissionSession.id, submission.sessionId))
    .where(
      and(
        eq(reviewAssignment.conferenceId, conferenceId),
        eq(reviewAssignment.reviewerId, reviewerId),
        ne(reviewAssignment.status, 'cancelled'),
      ),
    )
    .orderBy(desc(reviewAssignment.assignedAt), desc(reviewAssignment.id));
}

export type AuthorView = { name: string; surname: string; email: string; company: string; country: string; corresponding: boolean };
export type OtherReview = { label: number; scores: ReviewScores | null; opinion: string; submittedAt: Date | null };

/** One assignment as its reviewer may see it. */
export type AssignmentView = {
  assignment: { id: number; status: string; version: number; scores: ReviewScores | null; opinion: string; submittedAt: Date | null };
  submission: {
    id: number;
    code: string;
    title: string;
    session: LocalizedText | null;
    reportType: string;
    category: string;
    keywords: string[];
    abstract: string;
    version: number;
    hasAbstractFile: boolean;
    hasFullText: boolean;
    /** Null under blind review: no names, emails or organisations of authors or the submitter. */
    authors: AuthorView[] | null;
  };
  config: Pick<ReviewSettings, 'rules' | 'scales' | 'blind'>;
  /** The other reviews of this version, without who wrote them; empty until the reviewer's own is submitted. */
  others: OtherReview[];
};

async function authorsOf(db: Executor, conferenceId: number, submissionId: number): Promise<AuthorView[]> {
  return db
    .select({
      name: submissionAuthor.name,
      surname: submissionAuthor.surname,
      email: submissionAuthor.email,
      company: submissionAuthor.company,
      country: submissionAuthor.country,
      corresponding: submissionAuthor.corresponding,
    })
    .from(submissionAuthor)
    .where(and(eq(submissionAuthor.conferenceId, conferenceId), eq(submissionAuthor.submissionId, submissionId)))
    .orderBy(asc(submissionAuthor.sortOrder), asc(submissionAuthor.id));
}

type SubmissionRow = typeof submission.$inferSelect;
type Reviewed = Pick<
  SubmissionRow,
  'title' | 'sessionId' | 'reportType' | 'category' | 'keywords' | 'abstract' | 'abstractFileId' | 'fullTextFileId'
> & { authors: AuthorView[] | null };

/**
 * The content of the version an assignment is about: an assignment of version 1 shows version 1
 * (kept in submission_version) even after the author handed in version 2. Authors come only when
 * `withAuthors` (open review).
 */
async function reviewedContent(
  db: Executor,
  conferenceId: number,
  s: SubmissionRow,
  version: number,
  withAuthors: boolean,
): Promise<Reviewed> {
  const [kept] =
    version === s.version
      ? []
      : await db
          .select({ snapshot: submissionVersion.snapshot })
          .from(submissionVersion)
          .where(
            and(
              eq(submissionVersion.conferenceId, conferenceId),
              eq(submissionVersion.submissionId, s.id),
              eq(submissionVersion.version, version),
            ),
          );
  if (!kept) return { ...s, authors: withAuthors ? await authorsOf(db, conferenceId, s.id) : null };
  const { authors, ...content } = kept.snapshot;
  return { ...content, authors: withAuthors ? authors : null };
}

/**
 * One assignment of `rev` (another reviewer's, a cancelled one or another conference's answers
 * NOT_FOUND). Blind review hides every author detail; other reviewers' scores appear only once
 * the reviewer's own review is submitted.
 */
export async function assignmentView(db: Executor, conferenceId: number, rev: ReviewerRow, assignmentId: number): Promise<AssignmentView> {
  const [row] = await db
    .select({ a: reviewAssignment, s: submission, session: submissionSession.name })
    .from(reviewAssignment)
    .innerJoin(submission, and(eq(submission.id, reviewAssignment.submissionId), eq(submission.conferenceId, conferenceId)))
    .leftJoin(submissionSession, eq(submissionSession.id, submission.sessionId))
    .where(
      and(
        eq(reviewAssignment.id, assignmentId),
        eq(reviewAssignment.conferenceId, conferenceId),
        eq(reviewAssignment.reviewerId, rev.id),
        ne(reviewAssignment.status, 'cancelled'),
      ),
    );
  if (!row) throw new AppError('NOT_FOUND');
  const { a, s } = row;
  const config = await getReviewConfig(db, conferenceId);
  const [content, others] = await Promise.all([
    reviewedContent(db, conferenceId, s, a.version, !config.blind),
    a.status === 'submitted'
      ? db
          .select({
            id: reviewAssignment.id,
            scores: reviewAssignment.scores,
            opinion: reviewAssignment.opinion,
            submittedAt: reviewAssignment.submittedAt,
          })
          .from(reviewAssignment)
          .where(
            and(
              eq(reviewAssignment.conferenceId, conferenceId),
              eq(reviewAssignment.submissionId, s.id),
              eq(reviewAssignment.version, a.version),
              eq(reviewAssignment.status, 'submitted'),
              ne(reviewAssignment.id, a.id),
            ),
          )
          .orderBy(asc(reviewAssignment.id))
      : Promise.resolve([]),
  ]);
  return {
    assignment: { id: a.id, status: a.status, version: a.version, scores: a.scores, opinion: a.opinion, submittedAt: a.submittedAt },
    submission: {
      id: s.id,
      code: s.code,
      title: content.title,
      session: content.sessionId === s.sessionId ? row.session : await sessionName(db, conferenceId, content.sessionId),
      reportType: content.reportType,
      category: content.category,
      keywords: content.keywords,
      abstract: content.abstract,
      version: s.version,
      hasAbstractFile: content.abstractFileId !== null,
      hasFullText: content.fullTextFileId !== null,
      authors: content.authors,
    },
    config: { rules: config.rules, scales: config.scales, blind: config.blind },
    others: others.map((o, i) => ({ label: i + 1, scores: o.scores, opinion: o.opinion, submittedAt: o.submittedAt })),
  };
}

async function sessionName(db: Executor, conferenceId: number, sessionId: number | null): Promise<LocalizedText | null> {
  if (sessionId === null) return null;
  const [row] = await db
    .select({ name: submissionSession.name })
    .from(submissionSession)
    .where(and(eq(submissionSession.conferenceId, conferenceId), eq(submissionSession.id, sessionId)));
  return row?.name ?? null;
}

/** The file of an assignment's submission its reviewer may download (same rules as the view; the assignment's version). */
export async function assignmentFileId(
  db: Executor,
  conferenceId: number,
  rev: ReviewerRow,
  assignmentId: number,
  kind: 'abstract' | 'fullText',
): Promise<number> {
  const [row] = await db
    .select({ a: reviewAssignment, s: submission })
    .from(reviewAssignment)
    .innerJoin(submission, and(eq(submission.id, reviewAssignment.submissionId), eq(submission.conferenceId, conferenceId)))
    .where(
      and(
        eq(reviewAssignment.id, assignmentId),
        eq(reviewAssignment.conferenceId, conferenceId),
        eq(reviewAssignment.reviewerId, rev.id),
        ne(reviewAssignment.status, 'cancelled'),
      ),
    );
  if (!row) throw new AppError('NOT_FOUND');
  const content = await reviewedContent(db, conferenceId, row.s, row.a.version, false);
  const id = kind === 'abstract' ? content.abstractFileId : content.fullTextFileId;
  if (!id) throw new AppError('NOT_FOUND');
  return id;
}

/** Active reviewers of a conference, for the managers' assignment choices. */
export async function conferenceReviewers(db: Executor, conferenceId: number) {
  return db
    .select({
      id: reviewer.id,
      email: reviewer.email,
      fullName: reviewer.fullName,
      firstName: reviewer.firstName,
      lastName: reviewer.lastName,
      middleName: reviewer.middleName,
      organization: reviewer.organization,
      role: reviewer.role,
      sessionIds: reviewer.sessionIds,
    })
    .from(reviewer)
    .where(and(eq(reviewer.conferenceId, conferenceId), eq(reviewer.active, true)))
    .orderBy(asc(reviewer.id));
}
