import { myFeedbackDetail } from '@/lib/feedback/queries';
import { ZFeedbackIdQuery } from '@/lib/feedback/schemas';
import { AppError } from '@/lib/http/app-error';
import { route } from '@/lib/http/route';
import { otherMethods } from '@/lib/http/method-not-allowed';

/** One feedback of mine with the organisers' replies; opening it marks them read (the answer says which were new). */
export const GET = route({ auth: 'user', query: ZFeedbackIdQuery }, async ({ db, conference, user, query }) => {
  const detail = await myFeedbackDetail(db, { conferenceId: conference.id, userId: user.id, id: query.id, markRead: true });
  if (!detail) throw new AppError('FEEDBACK_NOT_FOUND');
  return detail;
});

export const { POST, PUT, PATCH, DELETE } = otherMethods('GET');
