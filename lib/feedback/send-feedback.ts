import { and, count, eq, gt, sql } from 'drizzle-orm';
import type { DB } from '@/db/client';
import { feedback } from '@/db/schema';
import { checkEmailCode, consumeEmailCode, sendEmailCode } from '@/lib/accounts/email-codes';
import { LIMITS } from '@/lib/accounts/rate-limit';
import { AppError } from '@/lib/http/app-error';
import type { Locale } from '@/lib/i18n/localized';
import { publishUploads } from '@/lib/storage/intake';
import { attachFeedbackFile } from './files';
import type { FeedbackValues } from './schemas';

export type FeedbackRow = typeof feedback.$inferSelect;
/** What the sender sees of their feedback. */
export type MyFeedback = Omit<FeedbackRow, 'userId'>;

/** Mails the code for the feedback form to the email it gives (the accounts' code machinery, purpose 'feedback'). */
export function sendFeedbackCode(db: DB, input: { email: string; locale: Locale; conferenceId: number; ip: string | null }) {
  return sendEmailCode(db, { ...input, purpose: 'feedback' });
}

/**
 * A signed-in participant sends feedback to the conference. The emailed code must be right and
 * unexpired (CODE_WRONG / CODE_EXPIRED, the sign-up messages); at most LIMITS.feedbackPerDay per
 * account and conference in 24 hours, counted under a per-account lock in the transaction that
 * writes, so concurrent sends cannot pass it; the code is used up and the optional upload attached
 * in the same transaction.
 */
export async function sendFeedback(
  db: DB,
  input: { conferenceId: number; userId: string; locale: Locale; values: FeedbackValues; ip?: string | null; now?: Date },
): Promise<MyFeedback> {
  const now = input.now ?? new Date();
  const { values } = input;
  const codeId = await checkEmailCode(db, { email: values.email, purpose: 'feedback', code: values.code, ip: input.ip ?? null }, now);
  const created = await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`feedback:${input.conferenceId}:${input.userId}`}))`);
    const since = new Date(now.getTime() - LIMITS.feedbackPerDay.windowSeconds * 1000);
    const [{ n }] = await tx
      .select({ n: count() })
      .from(feedback)
      .where(and(eq(feedback.conferenceId, input.conferenceId), eq(feedback.userId, input.userId), gt(feedback.createdAt, since)));
    if (n >= LIMITS.feedbackPerDay.max) throw new AppError('FEEDBACK_DAILY_LIMIT', { max: LIMITS.feedbackPerDay.max });
    await consumeEmailCode(tx, codeId, now);
    const file = values.fileId
      ? await attachFeedbackFile(tx, { conferenceId: input.conferenceId, userId: input.userId, fileId: values.fileId })
      : null;
    const [row] = await tx
      .insert(feedback)
      .values({
        conferenceId: input.conferenceId,
        userId: input.userId,
        title: values.title,
        name: values.name,
        email: values.email,
        phone: values.phone,
        type: values.type,
        content: values.content,
        file,
        locale: input.locale,
        status: 'open',
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    return row;
  });
  if (created.file) await publishUploads(input.conferenceId, [created.file.name]);
  const { userId: _user, ...mine } = created;
  return mine;
}
