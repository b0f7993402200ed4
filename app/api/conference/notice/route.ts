import { route } from '@/lib/http/route';
import { listMyNotices, requireRegistrant, unreadNoticeCount } from '@/lib/notices/my-notices';
import { otherMethods } from '@/lib/http/method-not-allowed';

/** The published notices of the conference for a registrant: pinned first, then the newest, each read or unread. */
export const GET = route({ auth: 'user', published: true }, async ({ db, conference, user }) => {
  await requireRegistrant(db, conference.id, user.id);
  const [notices, unread] = await Promise.all([listMyNotices(db, conference.id, user.id), unreadNoticeCount(db, conference.id, user.id)]);
  return { notices, unread };
});

export const { POST, PUT, PATCH, DELETE } = otherMethods('GET');
