import { z } from 'zod';

/**
 * A notice organisers publish to the registrants (spec §2 /profile/notice): a title and a content
 * in zh and en, both required, and a pinned flag. Messages are keys under `validation`.
 * Publication is its own action, not part of the form.
 */
export const NOTICE_TITLE_MAX = 200;
export const NOTICE_CONTENT_MAX = 100_000;

const title = z.string().trim().min(1, 'noticeTitleRequired').max(NOTICE_TITLE_MAX, 'noticeTitleTooLong');
const content = z.string().trim().min(1, 'noticeContentRequired').max(NOTICE_CONTENT_MAX, 'tooLong');

export const ZNoticeInput = z.object({
  title: z.object({ zh: title, en: title }),
  content: z.object({ zh: content, en: content }),
  pinned: z.boolean().default(false),
});
export type NoticeInput = z.input<typeof ZNoticeInput>;

export const ZNoticePublish = z.object({ published: z.boolean() });
