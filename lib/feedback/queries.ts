import { and, count, desc, eq, gte, ilike, isNull, lt, or, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '@/db/client';
import { escapeLike } from '@/db/like';
import { feedback, feedbackReply, user, type AttachedFile } from '@/db/schema';
import { AppError } from '@/lib/http/app-error';
import { startOfDayIn } from '@/lib/i18n/zone';
import type { FeedbackListQuery } from './schemas';
import type { MyFeedback } from './send-feedback';

/** Replies of the outer feedback row (columns written out: inside a subquery drizzle would leave them unqualified). */
const repliesOfRow = sql.raw(
  'from "feedback_reply" r where r."feedback_id" = "feedback"."id" and r."conference_id" = "feedback"."conference_id"',
);
/** Unread replies of a feedback (its sender has not opened it since they came). */
const unreadCount = sql<number>`(select count(*)::int ${repliesOfRow} and r."read_at" is null)`;
const replyCount = sql<number>`(select count(*)::int ${repliesOfRow})`;
/** Every reply's text, oldest first, for the export. */
const replyTexts = sql<string>`coalesce((select string_agg(r."content", E'\n---\n' order by r."created_at", r."id") ${repliesOfRow}), '')`;

/** The columns of a feedback its sender sees (not the account id). */
const mineColumns = {
  id: feedback.id,
  conferenceId: feedback.conferenceId,
  title: feedback.title,
  name: feedback.name,
  email: feedback.email,
  phone: feedback.phone,
  type: feedback.type,
  content: feedback.content,
  file: feedback.file,
  locale: feedback.locale,
  status: feedback.status,
  createdAt: feedback.createdAt,
  updatedAt: feedback.updatedAt,
};

export type MyFeedbackItem = MyFeedback & { replies: number; unread: number };

/** My feedback at this conference, newest first, with how many replies each has and how many I have not read. */
export async function myFeedbackList(db: Executor, params: { conferenceId: number; userId: string }): Promise<MyFeedbackItem[]> {
  return db
    .select({ ...mineColumns, replies: replyCount, unread: unreadCount })
    .from(feedback)
    .where(and(eq(feedback.conferenceId, params.conferenceId), eq(feedback.userId, params.userId)))
    .orderBy(desc(feedback.createdAt), desc(feedback.id))
    .limit(500);
}

export type ReplyView = { id: number; content: string; createdAt: Date; unread: boolean };

async function repliesOf(db: Executor, conferenceId: number, feedbackId: number) {
  return db
    .select({
      id: feedbackReply.id,
      content: feedbackReply.content,
      createdAt: feedbackReply.createdAt,
      readAt: feedbackReply.readAt,
      author: user.name,
    })
    .from(feedbackReply)
    .leftJoin(user, eq(user.id, feedbackReply.authorId))
    .where(and(eq(feedbackReply.conferenceId, conferenceId), eq(feedbackReply.feedbackId, feedbackId)))
    .orderBy(feedbackReply.createdAt, feedbackReply.id);
}

/**
 * One feedback of mine with the organisers' replies (each marked unread until I open it), or null
 * when it is not mine or not at this conference. `markRead` marks the replies read as I open it;
 * the answer still says which were new.
 */
export async function myFeedbackDetail(
  db: Executor,
  params: { conferenceId: number; userId: string; id: number; markRead: boolean; now?: Date },
): Promise<{ feedback: MyFeedback; replies: ReplyView[] } | null> {
  const [row] = await db
    .select(mineColumns)
    .from(feedback)
    .where(and(eq(feedback.conferenceId, params.conferenceId), eq(feedback.userId, params.userId), eq(feedback.id, params.id)));
  if (!row) return null;
  const replies = await repliesOf(db, params.conferenceId, row.id);
  if (params.markRead && replies.some((r) => !r.readAt)) {
    await db
      .update(feedbackReply)
      .set({ readAt: params.now ?? new Date() })
      .where(and(eq(feedbackReply.conferenceId, params.conferenceId), eq(feedbackReply.feedbackId, row.id), isNull(feedbackReply.readAt)));
  }
  return { feedback: row, replies: replies.map((r) => ({ id: r.id, content: r.content, createdAt: r.createdAt, unread: !r.readAt })) };
}

/** The list's WHERE: the conference first, then the filters; dates are days in the conference's zone. */
function conditions(conferenceId: number, q: Omit<FeedbackListQuery, 'page' | 'size'>, timeZone: string): SQL {
  const parts: SQL[] = [eq(feedback.conferenceId, conferenceId)];
  if (q.q) {
    const like = `%${escapeLike(q.q)}%`;
    parts.push(
      or(
        ilike(feedback.title, like),
        ilike(feedback.content, like),
        ilike(feedback.name, like),
        ilike(feedback.email, like),
        ilike(feedback.phone, like),
      )!,
    );
  }
  if (q.type) parts.push(eq(feedback.type, q.type));
  if (q.status) parts.push(eq(feedback.status, q.status));
  if (q.from) parts.push(gte(feedback.createdAt, startOfDayIn(q.from, timeZone)));
  if (q.to) parts.push(lt(feedback.createdAt, startOfDayIn(q.to, timeZone, 1)));
  return and(...parts)!;
}

const adminColumns = { feedback, replies: replyCount, accountEmail: user.email };

/** One page of a conference's feedback, newest first, with the total count. */
export async function adminFeedbackList(db: Executor, conferenceId: number, q: FeedbackListQuery, timeZone: string) {
  const where = conditions(conferenceId, q, timeZone);
  const [rows, [{ total }]] = await Promise.all([
    db
      .select(adminColumns)
      .from(feedback)
      .innerJoin(user, eq(user.id, feedback.userId))
      .where(where)
      .orderBy(desc(feedback.createdAt), desc(feedback.id))
      .limit(q.size)
      .offset((q.page - 1) * q.size),
    db.select({ total: count() }).from(feedback).where(where),
  ]);
  return { rows, total };
}

/** Every feedback matching the filters, with its replies, for the export (at most 50,000). */
export async function allAdminFeedback(db: Executor, conferenceId: number, q: Omit<FeedbackListQuery, 'page' | 'size'>, timeZone: string) {
  return db
    .select({
      ...adminColumns,
      replyText: replyTexts,
    })
    .from(feedback)
    .innerJoin(user, eq(user.id, feedback.userId))
    .where(conditions(conferenceId, q, timeZone))
    .orderBy(desc(feedback.createdAt), desc(feedback.id))
    .limit(50_000);
}

/** One feedback of the conference with every reply and who wrote it, or FEEDBACK_NOT_FOUND. */
export async function adminFeedbackDetail(db: Executor, conferenceId: number, id: number) {
  const [row] = await db
    .select({ feedback, accountEmail: user.email })
    .from(feedback)
    .innerJoin(user, eq(user.id, feedback.userId))
    .where(and(eq(feedback.conferenceId, conferenceId), eq(feedback.id, id)));
  if (!row) throw new AppError('FEEDBACK_NOT_FOUND');
  const replies = await repliesOf(db, conferenceId, id);
  return { ...row, replies };
}

/**
 * A feedback's attached file, for an organiser of its conference (any feedback there) or for its
 * sender (`userId`: only their own); FILE_NOT_FOUND otherwise.
 */
export async function feedbackFile(db: Executor, params: { conferenceId: number; id: number; userId?: string }): Promise<AttachedFile> {
  const [row] = await db
    .select({ file: feedback.file })
    .from(feedback)
    .where(
      and(
        eq(feedback.conferenceId, params.conferenceId),
        eq(feedback.id, params.id),
        params.userId === undefined ? undefined : eq(feedback.userId, params.userId),
      ),
    );
  if (!row?.file) throw new AppError('FILE_NOT_FOUND');
  return row.file;
}
