import { adminFeedbackList } from '@/lib/feedback/queries';
import { ZFeedbackListQuery } from '@/lib/feedback/schemas';
import { route } from '@/lib/http/route';
import { otherMethods } from '@/lib/http/method-not-allowed';

/** One page of the conference's feedback with the filters of the feedback screen (type, status, search, dates). */
export const GET = route({ auth: 'manager', query: ZFeedbackListQuery }, async ({ db, conference, query }) =>
  adminFeedbackList(db, conference.id, query, conference.timeZone),
);

export const { POST, PUT, PATCH, DELETE } = otherMethods('GET');
