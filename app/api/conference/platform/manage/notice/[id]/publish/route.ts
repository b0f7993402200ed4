import { route } from '@/lib/http/route';
import { noticeId } from '@/lib/notices/ids';
import { setNoticePublished } from '@/lib/notices/notices';
import { ZNoticePublish } from '@/lib/notices/schemas';

/** Publishes a notice to the registrants, or takes it back to a draft. */
export const POST = route({ auth: 'manager', body: ZNoticePublish, changesSite: false }, async ({ db, conference, params, body }) =>
  setNoticePublished(db, conference.id, noticeId(params.id), body.published),
);
