import { z } from 'zod';
import { zLocalized } from '@/lib/validation/localized';

/**
 * A notice organisers publish to the registrants (spec §2 /profile/notice): a title and a content
 * in zh and en, both required, and a pinned flag. Messages are keys under `validation`.
 * Publication is its own action, not part of the form.
 */
export const NOTICE_TITLE_MAX = 200;
export const NOTICE_CONTENT_MAX = 100_000;

export const ZNoticeInput = z.object({
  title: zLocalized({
    max: NOTICE_TITLE_MAX,
    required: true,
    messages: { required: 'noticeTitleRequired', tooLong: 'noticeTitleTooLong' },
  }),
  // Trimmed: the editor's HTML never starts or ends with spaces, and a blank content is refused.
  content: zLocalized({ max: NOTICE_CONTENT_MAX, required: true, messages: { required: 'noticeContentRequired' } }),
  pinned: z.boolean().default(false),
});
export type NoticeInput = z.input<typeof ZNoticeInput>;

export const ZNoticePublish = z.object({ published: z.boolean() });
