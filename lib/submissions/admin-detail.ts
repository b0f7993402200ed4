import { and, asc, desc, eq, inArray } from 'drizzle-orm';
import type { Executor } from '@/db/client';
import {
  reviewAssignment,
  reviewer,
  submission,
  submissionAuthor,
  submissionEvent,
  submissionSession,
  submissionVersion,
  uploadedFile,
  user,
} from '@/db/schema';
import { averageOverall, reviewerName } from './admin-list';

/**
 * One submission of the conference as the management screen shows it: the submission with its
 * session and submitter, the authors in order, its abstract and full-text files, every version the
 * author handed in, every review of every version with the reviewer's name, and the history of
 * changes (newest first) with who made them. Null when there is no such submission in this
 * conference (the conference id is in every WHERE).
 */
export async function adminSubmissionDetail(db: Executor, conferenceId: number, submissionId: number) {
  const [head] = await db
    .select({
      submission,
      session: { id: submissionSession.id, name: submissionSession.name, prefix: submissionSession.prefix },
      submitter: { id: user.id, name: user.name, email: user.email },
      averageScore: averageOverall,
    })
    .from(submission)
    .innerJoin(user, eq(user.id, submission.userId))
    .leftJoin(submissionSession, and(eq(submissionSession.id, submission.sessionId), eq(submissionSession.conferenceId, conferenceId)))
    .where(and(eq(submission.conferenceId, conferenceId), eq(submission.id, submissionId)));
  if (!head) return null;
  const fileIds = [head.submission.abstractFileId, head.submission.fullTextFileId].filter((id): id is number => id !== null);
  const [authors, files, versions, reviews, events] = await Promise.all([
    db
      .select()
      .from(submissionAuthor)
      .where(and(eq(submissionAuthor.conferenceId, conferenceId), eq(submissionAuthor.submissionId, submissionId)))
      .orderBy(asc(submissionAuthor.sortOrder), asc(submissionAuthor.id)),
    fileIds.length === 0
      ? Promise.resolve([])
      : db
          .select({ id: uploadedFile.id, originalName: uploadedFile.originalName, mime: uploadedFile.mime, size: uploadedFile.size })
          .from(uploadedFile)
          .where(and(eq(uploadedFile.conferenceId, conferenceId), inArray(uploadedFile.id, fileIds))),
    db
      .select({ version: submissionVersion.version, snapshot: submissionVersion.snapshot, createdAt: submissionVersion.createdAt })
      .from(submissionVersion)
      .where(and(eq(submissionVersion.conferenceId, conferenceId), eq(submissionVersion.submissionId, submissionId)))
      .orderBy(desc(submissionVersion.version)),
    db
      .select({
        id: reviewAssignment.id,
        version: reviewAssignment.version,
        status: reviewAssignment.status,
        scores: reviewAssignment.scores,
        opinion: reviewAssignment.opinion,
        assignedAt: reviewAssignment.assignedAt,
        submittedAt: reviewAssignment.submittedAt,
        reviewer: {
          id: reviewer.id,
          email: reviewer.email,
          fullName: reviewer.fullName,
          firstName: reviewer.firstName,
          lastName: reviewer.lastName,
          middleName: reviewer.middleName,
          role: reviewer.role,
        },
      })
      .from(reviewAssignment)
      .innerJoin(reviewer, and(eq(reviewer.id, reviewAssignment.reviewerId), eq(reviewer.conferenceId, conferenceId)))
      .where(and(eq(reviewAssignment.conferenceId, conferenceId), eq(reviewAssignment.submissionId, submissionId)))
      .orderBy(desc(reviewAssignment.version), asc(reviewAssignment.assignedAt), asc(reviewAssignment.id)),
    db
      .select({
        id: submissionEvent.id,
        action: submissionEvent.action,
        fromStatus: submissionEvent.fromStatus,
        toStatus: submissionEvent.toStatus,
        note: submissionEvent.note,
        at: submissionEvent.at,
        actorName: user.name,
        actorEmail: user.email,
      })
      .from(submissionEvent)
      .leftJoin(user, eq(user.id, submissionEvent.actorId))
      .where(and(eq(submissionEvent.conferenceId, conferenceId), eq(submissionEvent.submissionId, submissionId)))
      .orderBy(desc(submissionEvent.at), desc(submissionEvent.id)),
  ]);
  const fileOf = (id: number | null) => (id === null ? null : (files.find((f) => f.id === id) ?? null));
  return {
    submission: head.submission,
    session: head.session,
    submitter: head.submitter,
    averageScore: head.averageScore === null ? null : Number(head.averageScore),
    authors,
    abstractFile: fileOf(head.submission.abstractFileId),
    fullTextFile: fileOf(head.submission.fullTextFileId),
    versions,
    reviews: reviews.map(({ reviewer: r, ...review }) => ({
      ...review,
      reviewerId: r.id,
      reviewerName: reviewerName(r),
      reviewerRole: r.role,
    })),
    events,
  };
}
export type AdminSubmissionDetail = NonNullable<Awaited<ReturnType<typeof adminSubmissionDetail>>>;

/**
 * A file of one of the conference's submissions, for a manager's download: the current abstract or
 * full text, or one named by an earlier version. Null when the file is not this submission's (or the
 * submission not this conference's).
 */
export async function adminSubmissionFile(db: Executor, conferenceId: number, submissionId: number, fileId: number) {
  const [row] = await db
    .select({ abstractFileId: submission.abstractFileId, fullTextFileId: submission.fullTextFileId })
    .from(submission)
    .where(and(eq(submission.conferenceId, conferenceId), eq(submission.id, submissionId)));
  if (!row) return null;
  const versions = await db
    .select({ snapshot: submissionVersion.snapshot })
    .from(submissionVersion)
    .where(and(eq(submissionVersion.conferenceId, conferenceId), eq(submissionVersion.submissionId, submissionId)));
  const owned = new Set<number | null>([
    row.abstractFileId,
    row.fullTextFileId,
    ...versions.flatMap((v) => [v.snapshot.abstractFileId, v.snapshot.fullTextFileId]),
  ]);
  if (!owned.has(fileId)) return null;
  const [file] = await db
    .select({ name: uploadedFile.name, originalName: uploadedFile.originalName, mime: uploadedFile.mime })
    .from(uploadedFile)
    .where(and(eq(uploadedFile.conferenceId, conferenceId), eq(uploadedFile.id, fileId)));
  return file ?? null;
}
