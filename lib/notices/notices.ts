import { and, desc, eq, sql } from 'drizzle-orm';
import type { DB, Executor } from '@/db/client';
import { notice, noticeRead } from '@/db/schema';
import { AppError } from '@/lib/http/app-error';
import type { LocalizedText } from '@/lib/i18n/localized';
import { noticeHtml } from './content';
import { ZNoticeInput, type NoticeInput } from './schemas';

/** A notice as the organiser's list shows it: drafts too, with how many registrants opened it. */
export type OrganiserNotice = {
  id: number;
  title: LocalizedText;
  content: LocalizedText;
  pinned: boolean;
  publishedAt: Date | null;
  updatedAt: Date;
  readCount: number;
};

function columns(raw: NoticeInput) {
  const input = ZNoticeInput.parse(raw);
  return {
    title: input.title,
    content: { zh: noticeHtml(input.content.zh), en: noticeHtml(input.content.en) },
    pinned: input.pinned,
  };
}

/** The conference's notices, pinned first, then the newest (drafts by their last change). */
export async function listNoticesForOrganiser(db: Executor, conferenceId: number): Promise<OrganiserNotice[]> {
  return db
    .select({
      id: notice.id,
      title: notice.title,
      content: notice.content,
      pinned: notice.pinned,
      publishedAt: notice.publishedAt,
      updatedAt: notice.updatedAt,
      readCount: sql<number>`(select count(*)::int from ${noticeRead} r where r.notice_id = ${notice.id})`,
    })
    .from(notice)
    .where(eq(notice.conferenceId, conferenceId))
    .orderBy(desc(notice.pinned), sql`coalesce(${notice.publishedAt}, ${notice.updatedAt}) desc`, desc(notice.id));
}

/** Writes a new notice as a draft. */
export async function createNotice(db: DB, conferenceId: number, userId: string, raw: NoticeInput): Promise<{ id: number }> {
  const [row] = await db
    .insert(notice)
    .values({ conferenceId, createdBy: userId, ...columns(raw) })
    .returning({ id: notice.id });
  return { id: row.id };
}

/** Changes a notice of this conference (a published one stays published). */
export async function updateNotice(db: DB, conferenceId: number, id: number, raw: NoticeInput): Promise<{ id: number }> {
  const values = columns(raw);
  const rows = await db
    .update(notice)
    .set({ ...values, updatedAt: new Date() })
    .where(and(eq(notice.id, id), eq(notice.conferenceId, conferenceId)))
    .returning({ id: notice.id });
  if (!rows.length) throw new AppError('NOTICE_NOT_FOUND');
  return { id };
}

/** Publishes a notice (it is dated now, so it comes first among the unpinned) or takes it back to a draft. */
export async function setNoticePublished(
  db: DB,
  conferenceId: number,
  id: number,
  published: boolean,
): Promise<{ id: number; published: boolean }> {
  const now = new Date();
  const rows = await db
    .update(notice)
    .set({ publishedAt: published ? now : null, updatedAt: now })
    .where(and(eq(notice.id, id), eq(notice.conferenceId, conferenceId)))
    .returning({ id: notice.id });
  if (!rows.length) throw new AppError('NOTICE_NOT_FOUND');
  return { id, published };
}

/** Deletes a notice, draft or published, with its read marks. */
export async function deleteNotice(db: DB, conferenceId: number, id: number): Promise<{ id: number }> {
  const rows = await db
    .delete(notice)
    .where(and(eq(notice.id, id), eq(notice.conferenceId, conferenceId)))
    .returning({ id: notice.id });
  if (!rows.length) throw new AppError('NOTICE_NOT_FOUND');
  return { id };
}
