import { route } from '@/lib/http/route';
import { noticeId } from '@/lib/notices/ids';
import { setNoticePublished } from '@/lib/notices/notices';
import { ZNoticePublish } from '@/lib/notices/schemas';
import { otherMethods } from '@/lib/http/method-not-allowed';

/** Publishes a notice to the registrants, or takes it back to a draft. */
export const POST = route({ auth: 'manager', body: ZNoticePublish, changesSite: false }, async ({ db, conference, params, body }) =>
  setNoticePublished(db, conference.id, noticeId(params.id), body.published),
);

export const { GET, PUT, PATCH, DELETE } = otherMethods('POST');
