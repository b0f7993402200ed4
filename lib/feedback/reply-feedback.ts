import { and, eq } from 'drizzle-orm';
import type { DB } from '@/db/client';
import { conference, feedback, feedbackReply } from '@/db/schema';
import { AppError } from '@/lib/http/app-error';
import { isLocale, localized } from '@/lib/i18n/localized';
import { enqueueMail } from '@/lib/mail/outbox';

/**
 * An organiser replies to a feedback of their conference: the reply is stored (unread until the
 * sender opens the feedback), the feedback becomes 'replied', and the reply is mailed to the
 * feedback's email in the language it was sent in — all in one transaction, under the feedback's
 * row lock.
 */
export async function replyFeedback(
  db: DB,
  input: { conferenceId: number; id: number; content: string; actorUserId: string; now?: Date },
): Promise<{ id: number; status: string; replyId: number }> {
  const now = input.now ?? new Date();
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select({ feedback, title: conference.title, shortTitle: conference.shortTitle })
      .from(feedback)
      .innerJoin(conference, eq(conference.id, feedback.conferenceId))
      .where(and(eq(feedback.conferenceId, input.conferenceId), eq(feedback.id, input.id)))
      .for('update', { of: feedback });
    if (!row) throw new AppError('FEEDBACK_NOT_FOUND');
    const [reply] = await tx
      .insert(feedbackReply)
      .values({
        conferenceId: input.conferenceId,
        feedbackId: row.feedback.id,
        authorId: input.actorUserId,
        content: input.content,
        createdAt: now,
      })
      .returning({ id: feedbackReply.id });
    await tx
      .update(feedback)
      .set({ status: 'replied', updatedAt: now })
      .where(and(eq(feedback.conferenceId, input.conferenceId), eq(feedback.id, row.feedback.id)));
    const locale = isLocale(row.feedback.locale) ? row.feedback.locale : 'zh';
    await enqueueMail(tx, {
      conferenceId: input.conferenceId,
      to: row.feedback.email,
      template: 'feedbackReply',
      locale,
      vars: {
        conference: localized(row.shortTitle, locale) || localized(row.title, locale),
        name: row.feedback.name,
        title: row.feedback.title,
        reply: input.content,
      },
    });
    return { id: row.feedback.id, status: 'replied', replyId: reply.id };
  });
}
