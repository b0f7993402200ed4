import { route } from '@/lib/http/route';
import { markNoticeRead, requireRegistrant } from '@/lib/notices/my-notices';
import { noticeId } from '@/lib/notices/ids';
import { otherMethods } from '@/lib/http/method-not-allowed';

/** Marks a published notice as opened by the registrant; answers how many are still unread. */
export const POST = route({ auth: 'user', published: true, changesSite: false }, async ({ db, conference, user, params }) => {
  const id = noticeId(params.id);
  await requireRegistrant(db, conference.id, user.id);
  return markNoticeRead(db, conference.id, user.id, id);
});

export const { GET, PUT, PATCH, DELETE } = otherMethods('POST');
