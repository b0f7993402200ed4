import { and, eq } from 'drizzle-orm';
import type { DB, Executor } from '@/db/client';
import { submission, submissionVersion } from '@/db/schema';
import { AppError, type ErrorCode } from '@/lib/http/app-error';
import { localized, type Locale, type LocalizedText } from '@/lib/i18n/localized';
import { enqueueMail } from '@/lib/mail/outbox';
import { publishUploads } from '@/lib/storage/intake';
import { callForPapers, callStateNow } from './config';
import type { CallState } from './config-schemas';
import { contentColumns, filesOf, holdSession, logSubmission, snapshotOf, writeAuthors } from './content';
import { attachSubmissionFiles } from './files';
import { editRefusal, resubmitRefusal } from './permissions';
import { callRules, type SubmissionRow } from './queries';
import { submissionSchemaFor, type SubmissionInput } from './schemas';

export type ChangeInput = {
  conference: { id: number; timeZone: string; title?: LocalizedText };
  userId: string;
  /** Who hands in a new version, and in which language: they are sent the confirmation. */
  author?: { email: string; name: string; locale: Locale };
  submissionId: number;
  values: SubmissionInput;
  now?: Date;
};

/** My submission, locked for the transaction; another account's or another conference's is not found. */
export async function lockMySubmission(tx: Executor, conferenceId: number, userId: string, id: number): Promise<SubmissionRow> {
  const [row] = await tx
    .select()
    .from(submission)
    .where(and(eq(submission.conferenceId, conferenceId), eq(submission.userId, userId), eq(submission.id, id)))
    .for('update');
  if (!row) throw new AppError('SUBMISSION_NOT_FOUND');
  return row;
}

type Mode = { refusal: (row: SubmissionRow, state: CallState) => ErrorCode | null; resubmit: boolean };

/**
 * Saves new content of my submission: checked against the call, the submission locked and its
 * state re-checked under the lock, files attached, authors replaced. An edit keeps the version
 * (its snapshot follows the change); a resubmission opens the next version, kept beside the earlier
 * ones, and moves "need to modify" to "resubmitted". A refusal changes nothing.
 */
async function change(db: DB, input: ChangeInput, mode: Mode): Promise<{ id: number; version: number; status: string }> {
  const conferenceId = input.conference.id;
  const call = await callForPapers(db, conferenceId);
  const state = callStateNow(call, input.conference.timeZone, input.now);
  const { result, moves } = await db.transaction(async (tx) => {
    const row = await lockMySubmission(tx, conferenceId, input.userId, input.submissionId);
    const refusal = mode.refusal(row, state);
    if (refusal) throw new AppError(refusal);
    const values = submissionSchemaFor(callRules(call)).parse(input.values);
    await holdSession(tx, conferenceId, values.sessionId);
    const moves = await attachSubmissionFiles(tx, {
      conferenceId,
      userId: input.userId,
      files: filesOf(values),
      kept: [row.abstractFileId, row.fullTextFileId],
    });
    const version = mode.resubmit ? row.version + 1 : row.version;
    const status = mode.resubmit ? 'resubmitted' : row.status;
    const locale = mode.resubmit && input.author ? input.author.locale : row.locale;
    await tx
      .update(submission)
      .set({ ...contentColumns(values), version, status, locale, updatedAt: new Date() })
      .where(and(eq(submission.conferenceId, conferenceId), eq(submission.id, row.id)));
    await writeAuthors(tx, conferenceId, row.id, values);
    if (mode.resubmit) {
      await tx.insert(submissionVersion).values({ conferenceId, submissionId: row.id, version, snapshot: snapshotOf(values) });
    } else {
      await tx
        .update(submissionVersion)
        .set({ snapshot: snapshotOf(values) })
        .where(
          and(
            eq(submissionVersion.conferenceId, conferenceId),
            eq(submissionVersion.submissionId, row.id),
            eq(submissionVersion.version, version),
          ),
        );
    }
    await logSubmission(tx, {
      conferenceId,
      submissionId: row.id,
      actorId: input.userId,
      action: mode.resubmit ? 'resubmitted' : 'updated',
      fromStatus: row.status,
      toStatus: status,
      note: mode.resubmit ? `version ${version}` : '',
    });
    if (mode.resubmit && input.author) {
      await enqueueMail(tx, {
        conferenceId,
        to: input.author.email,
        template: 'submissionResubmitted',
        locale: input.author.locale,
        vars: {
          name: input.author.name,
          conference: input.conference.title ? localized(input.conference.title, input.author.locale) : '',
          title: values.title,
          code: row.code,
          version,
        },
      });
    }
    return { result: { id: row.id, version, status }, moves };
  });
  await publishUploads(conferenceId, moves);
  return result;
}

/** Edits my submission in place: only while it waits for allocation, before the second deadline. */
export function updateSubmission(db: DB, input: ChangeInput) {
  return change(db, input, { refusal: editRefusal, resubmit: false });
}

/** Hands in a new version after a released "need to modify", before the second deadline. */
export function resubmitSubmission(db: DB, input: ChangeInput) {
  return change(db, input, { refusal: resubmitRefusal, resubmit: true });
}
