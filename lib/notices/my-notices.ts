import { and, count, desc, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import type { Executor } from '@/db/client';
import { notice, noticeRead } from '@/db/schema';
import { isRegistered } from '@/lib/auth/roles';
import { AppError } from '@/lib/http/app-error';
import type { LocalizedText } from '@/lib/i18n/localized';

/** A published notice as a registrant sees it, with whether they opened it. */
export type MyNotice = {
  id: number;
  title: LocalizedText;
  content: LocalizedText;
  pinned: boolean;
  publishedAt: Date;
  read: boolean;
};

/** Notices are for the conference's registrants only (the same check as the route guard's). */
export async function requireRegistrant(db: Executor, conferenceId: number, userId: string): Promise<void> {
  if (!(await isRegistered(db, conferenceId, userId))) throw new AppError('NOT_REGISTERED');
}

const readByMe = (userId: string) => and(eq(noticeRead.noticeId, notice.id), eq(noticeRead.userId, userId));

/** The published notices of the conference, pinned first, then the newest, each marked read or unread. */
export async function listMyNotices(db: Executor, conferenceId: number, userId: string): Promise<MyNotice[]> {
  const rows = await db
    .select({
      id: notice.id,
      title: notice.title,
      content: notice.content,
      pinned: notice.pinned,
      publishedAt: notice.publishedAt,
      readAt: noticeRead.readAt,
    })
    .from(notice)
    .leftJoin(noticeRead, readByMe(userId))
    .where(and(eq(notice.conferenceId, conferenceId), isNotNull(notice.publishedAt)))
    .orderBy(desc(notice.pinned), desc(notice.publishedAt), desc(notice.id));
  return rows.map(({ readAt, publishedAt, ...row }) => ({ ...row, publishedAt: publishedAt!, read: readAt !== null }));
}

/** How many published notices the account has not opened yet. */
export async function unreadNoticeCount(db: Executor, conferenceId: number, userId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(notice)
    .leftJoin(noticeRead, readByMe(userId))
    .where(and(eq(notice.conferenceId, conferenceId), isNotNull(notice.publishedAt), isNull(noticeRead.noticeId)));
  return row?.n ?? 0;
}

/**
 * Marks a published notice of this conference as opened by the account, in one statement (a notice
 * deleted meanwhile is simply not found); a second time changes nothing.
 */
export async function markNoticeRead(db: Executor, conferenceId: number, userId: string, noticeId: number): Promise<{ unread: number }> {
  await db.execute(sql`insert into ${noticeRead} (notice_id, user_id)
    select ${notice.id}, ${userId} from ${notice}
    where ${notice.id} = ${noticeId} and ${notice.conferenceId} = ${conferenceId} and ${notice.publishedAt} is not null
    on conflict do nothing`);
  const [found] = await db
    .select({ id: notice.id })
    .from(notice)
    .where(and(eq(notice.id, noticeId), eq(notice.conferenceId, conferenceId), isNotNull(notice.publishedAt)));
  if (!found) throw new AppError('NOTICE_NOT_FOUND');
  return { unread: await unreadNoticeCount(db, conferenceId, userId) };
}
