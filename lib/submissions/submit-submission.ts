import { and, count, eq, or, sql } from 'drizzle-orm';
import type { DB } from '@/db/client';
import { submission, submissionConfig, submissionVersion } from '@/db/schema';
import { todayIn } from '@/lib/conferences/website-config';
import { formatMoney } from '@/lib/fees/money';
import { AppError } from '@/lib/http/app-error';
import { localized, type Locale, type LocalizedText } from '@/lib/i18n/localized';
import { enqueueMail } from '@/lib/mail/outbox';
import { publishUploads } from '@/lib/storage/intake';
import en from '@/messages/en.json';
import zh from '@/messages/zh.json';
import { callForPapers } from './config';
import { callState } from './config-schemas';
import { contentColumns, filesOf, holdSession, logSubmission, placeSubmissionFeeOrder, snapshotOf, writeAuthors } from './content';
import { attachSubmissionFiles } from './files';
import { createRefusal } from './permissions';
import { callRules, sessionPrefix } from './queries';
import { submissionSchemaFor, type SubmissionInput } from './schemas';

export type SubmitInput = {
  conference: { id: number; title: LocalizedText; timeZone: string };
  user: { id: string; email: string; name: string };
  locale: Locale;
  values: SubmissionInput;
  now?: Date;
};

/** Digits of the sequence in a submission code (P-0007). */
const CODE_DIGITS = 4;

/**
 * A new submission (spec §5): only while the call is open, checked against the call, and within the
 * caps. In one transaction: a place is taken by one conditional update of the call's row (`used`
 * moves only while below the cap; the row stays locked, so the per-account limit counted next and
 * the code's sequence are decided one submission at a time), the chosen session is held, the files
 * are attached, the submission, its authors, version 1 and its event are written, the fee order when
 * the call charges one, and the confirmation mail in the author's language. Any refusal rolls it all back.
 */
export async function submitSubmission(db: DB, input: SubmitInput): Promise<{ id: number; code: string; orderId: number | null }> {
  const conferenceId = input.conference.id;
  const today = todayIn(input.conference.timeZone, input.now);
  const call = await callForPapers(db, conferenceId);
  const early = createRefusal(callState(call, today));
  if (early) throw new AppError(early);
  const values = submissionSchemaFor(callRules(call)).parse(input.values);

  const { created, moves } = await db.transaction(async (tx) => {
    const [row] = await tx
      .update(submissionConfig)
      .set({ used: sql`${submissionConfig.used} + 1` })
      .where(
        and(
          eq(submissionConfig.conferenceId, conferenceId),
          or(eq(submissionConfig.cap, 0), sql`${submissionConfig.used} < ${submissionConfig.cap}`),
        ),
      )
      .returning();
    if (!row) {
      const [exists] = await tx
        .select({ id: submissionConfig.conferenceId })
        .from(submissionConfig)
        .where(eq(submissionConfig.conferenceId, conferenceId));
      throw new AppError(exists ? 'SUBMISSION_LIMIT' : 'SUBMISSION_NOT_OPEN');
    }
    // The call as it is now, under the lock (the organisers may have just changed it).
    const refusal = createRefusal(
      callState(
        {
          enabled: row.enabled,
          openDate: row.openDate ?? '',
          firstDeadline: row.firstDeadline ?? '',
          secondDeadline: row.secondDeadline ?? '',
        },
        today,
      ),
    );
    if (refusal) throw new AppError(refusal);
    const [counts] = await tx
      .select({
        mine: sql<number>`count(*) filter (where ${submission.userId} = ${input.user.id} and ${submission.status} <> 'withdrawn')`.mapWith(
          Number,
        ),
        all: count(),
      })
      .from(submission)
      .where(eq(submission.conferenceId, conferenceId));
    if (row.perUserLimit > 0 && counts.mine >= row.perUserLimit) throw new AppError('SUBMISSION_USER_LIMIT', { limit: row.perUserLimit });
    await holdSession(tx, conferenceId, values.sessionId);
    const moves = await attachSubmissionFiles(tx, { conferenceId, userId: input.user.id, files: filesOf(values), kept: [] });
    const orderId =
      row.feeMinor > 0
        ? await placeSubmissionFeeOrder(tx, { conferenceId, userId: input.user.id, feeMinor: row.feeMinor, currency: row.feeCurrency })
        : null;
    // Submissions are never deleted, so the count under the lock gives the next sequence number.
    const code = `${sessionPrefix(call, values.sessionId)}${String(counts.all + 1).padStart(CODE_DIGITS, '0')}`;
    const [created] = await tx
      .insert(submission)
      .values({
        conferenceId,
        userId: input.user.id,
        code,
        ...contentColumns(values),
        status: 'waiting',
        version: 1,
        orderId,
        locale: input.locale,
      })
      .returning({ id: submission.id, code: submission.code, orderId: submission.orderId });
    await writeAuthors(tx, conferenceId, created.id, values);
    await tx.insert(submissionVersion).values({ conferenceId, submissionId: created.id, version: 1, snapshot: snapshotOf(values) });
    await logSubmission(tx, {
      conferenceId,
      submissionId: created.id,
      actorId: input.user.id,
      action: 'created',
      fromStatus: null,
      toStatus: 'waiting',
    });
    const texts = input.locale === 'zh' ? zh.submission : en.submission;
    await enqueueMail(tx, {
      conferenceId,
      to: input.user.email,
      template: 'submissionReceived',
      locale: input.locale,
      vars: {
        name: input.user.name,
        conference: localized(input.conference.title, input.locale),
        title: values.title,
        code,
        fee:
          row.feeMinor > 0
            ? texts.mailFeeDue.replace('{amount}', formatMoney(row.feeMinor, row.feeCurrency, input.locale))
            : texts.mailNoFee,
      },
    });
    return { created, moves };
  });
  await publishUploads(conferenceId, moves);
  return created;
}
