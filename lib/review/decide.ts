import { and, asc, eq } from 'drizzle-orm';
import type { DB, Executor } from '@/db/client';
import { submission, submissionAuthor, submissionEvent, user } from '@/db/schema';
import { AppError, type ErrorCode } from '@/lib/http/app-error';
import { callStateNow, findCallConfig } from '@/lib/submissions/config';
import { resubmitWindowRefusal } from '@/lib/submissions/permissions';
import type { Locale } from '@/lib/i18n/localized';
import { conferenceFacts, queueReviewMail, reviewLink, reviewTranslator, submitterLocale } from './mail';
import type { DecideInput, Decision } from './schemas';
import { authorName } from '@/lib/people/person-name';

/** The chair decides while the submission is under review, and may change a decision not yet released. */
const DECIDABLE = ['waiting', 'assigned', 'resubmitted', 'accepted', 'rejected', 'modify'];
const DECIDED = ['accepted', 'rejected', 'modify'];

type SubmissionRow = typeof submission.$inferSelect;

/** A decision is released when the authors were told of it and have not handed in a new version since. */
export function isReleased(sub: Pick<SubmissionRow, 'status' | 'releasedAt'>): boolean {
  return sub.releasedAt !== null && DECIDED.includes(sub.status);
}

/**
 * Why the chair may not decide (again) now, or null. A released decision stands, except a released
 * "need to modify" whose author can no longer hand in a revision (the call's second deadline passed
 * or the call was closed): the chair then settles it for good, and releases that in turn.
 */
export function decideRefusal(sub: Pick<SubmissionRow, 'status' | 'releasedAt'>, revisionWindowOpen: boolean): ErrorCode | null {
  if (isReleased(sub)) {
    if (sub.status !== 'modify') return 'REVIEW_RELEASED';
    if (revisionWindowOpen) return 'REVIEW_AWAITING_REVISION';
  }
  if (!DECIDABLE.includes(sub.status)) return 'REVIEW_NOT_DECIDABLE';
  return null;
}

/** Whether an author could still hand in a revision today (the call open or between its deadlines). */
export async function revisionWindowOpen(db: Executor, conference: { id: number; timeZone: string }, now = new Date()): Promise<boolean> {
  const call = await findCallConfig(db, conference.id);
  return resubmitWindowRefusal(callStateNow(call, conference.timeZone, now)) === null;
}

/**
 * The chair's decision on a submission: chair opinion (for the organisers), final opinion (for the
 * authors) and accepted | rejected | modify, which becomes the submission's status. Authors see
 * nothing until the result is released.
 */
export async function decideSubmission(
  db: DB,
  conference: { id: number; timeZone: string },
  input: DecideInput,
  actorId: string,
  now = new Date(),
): Promise<{ status: Decision }> {
  const conferenceId = conference.id;
  return db.transaction(async (tx) => {
    const [sub] = await tx
      .select()
      .from(submission)
      .where(and(eq(submission.id, input.submissionId), eq(submission.conferenceId, conferenceId)))
      .for('update');
    if (!sub) throw new AppError('NOT_FOUND');
    const refusal = decideRefusal(sub, isReleased(sub) && (await revisionWindowOpen(tx, conference, now)));
    if (refusal) throw new AppError(refusal);
    await tx
      .update(submission)
      .set({
        status: input.decision,
        decision: input.decision,
        chairOpinion: input.chairOpinion,
        finalOpinion: input.finalOpinion,
        decidedBy: actorId,
        decidedAt: new Date(),
        releasedAt: null,
        updatedAt: new Date(),
      })
      .where(and(eq(submission.id, sub.id), eq(submission.conferenceId, conferenceId)));
    await tx.insert(submissionEvent).values({
      conferenceId,
      submissionId: sub.id,
      actorId,
      action: 'decide',
      fromStatus: sub.status,
      toStatus: input.decision,
    });
    return { status: input.decision };
  });
}

/** Who hears the result: the submitter and every corresponding author, each address once. */
async function resultRecipients(tx: Parameters<Parameters<DB['transaction']>[0]>[0], conferenceId: number, sub: SubmissionRow) {
  const [submitter] = await tx.select({ email: user.email, name: user.name }).from(user).where(eq(user.id, sub.userId));
  const authors = await tx
    .select({ email: submissionAuthor.email, name: submissionAuthor.name, surname: submissionAuthor.surname })
    .from(submissionAuthor)
    .where(
      and(
        eq(submissionAuthor.conferenceId, conferenceId),
        eq(submissionAuthor.submissionId, sub.id),
        eq(submissionAuthor.corresponding, true),
      ),
    )
    .orderBy(asc(submissionAuthor.sortOrder));
  const seen = new Set<string>();
  const out: Array<{ email: string; name: string }> = [];
  for (const r of [
    ...(submitter ? [{ email: submitter.email, name: submitter.name }] : []),
    ...authors.map((a) => ({ email: a.email, name: authorName(a) })),
  ]) {
    const key = r.email.trim().toLowerCase();
    if (!key || seen.has(key)) continue;
    seen.add(key);
    out.push(r);
  }
  return out;
}

/**
 * Releases a decided submission's result: sets releasedAt (once) and queues the finalResult mail
 * to the submitter and the corresponding authors, in the submission's language, in the same
 * transaction. After 'modify' the author may hand in a new version, which is reviewed again.
 */
export async function releaseResult(
  db: DB,
  conferenceId: number,
  submissionId: number,
  actorId: string,
  origin = '',
): Promise<{ mails: number }> {
  return db.transaction(async (tx) => {
    const [sub] = await tx
      .select()
      .from(submission)
      .where(and(eq(submission.id, submissionId), eq(submission.conferenceId, conferenceId)))
      .for('update');
    if (!sub) throw new AppError('NOT_FOUND');
    if (!DECIDED.includes(sub.status) || !sub.decision) throw new AppError('REVIEW_NOT_DECIDED');
    if (sub.releasedAt) throw new AppError('REVIEW_RELEASED');
    const now = new Date();
    await tx
      .update(submission)
      .set({ releasedAt: now, updatedAt: now })
      .where(and(eq(submission.id, sub.id), eq(submission.conferenceId, conferenceId)));
    await tx.insert(submissionEvent).values({
      conferenceId,
      submissionId: sub.id,
      actorId,
      action: 'release',
      fromStatus: sub.status,
      toStatus: sub.status,
    });
    const facts = await conferenceFacts(tx, conferenceId);
    const locale: Locale = submitterLocale(facts.languageType, sub.locale);
    const t = reviewTranslator(locale);
    const recipients = await resultRecipients(tx, conferenceId, sub);
    for (const r of recipients) {
      await queueReviewMail(tx, conferenceId, facts, {
        to: r.email,
        template: 'finalResult',
        locale,
        vars: {
          name: r.name || r.email,
          code: sub.code,
          title: sub.title,
          decision: t(`decision.${sub.status}`),
          opinion: sub.finalOpinion || '—',
          next:
            sub.status === 'modify'
              ? t('mailNextModify', { link: reviewLink(origin, locale, '/profile/submission') })
              : t('mailNextView', { link: reviewLink(origin, locale, '/profile/submission') }),
        },
      });
    }
    return { mails: recipients.length };
  });
}
